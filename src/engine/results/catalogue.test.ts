import { describe, expect, it } from 'vitest';
import { parseCsiUnits } from '../units';
import { CSI_UNIT_SYSTEMS, looksLikeResultTable, resultTableOfFields } from './catalogue';

describe('the unit systems an upload may give', () => {
  it('are every one SAP2000 and ETABS write, each read as such', () => {
    expect(CSI_UNIT_SYSTEMS).toHaveLength(16);
    for (const units of CSI_UNIT_SYSTEMS) expect(() => parseCsiUnits(units)).not.toThrow();
    expect(parseCsiUnits('Tonf, cm, C')).toEqual(parseCsiUnits('TONF, CM, C'));
  });
});

describe('a result table known by its field names', () => {
  it.each([
    [['Story', 'Beam', 'UniqueName', 'OutputCase', 'Station', 'P', 'V2', 'M3'], 'ELEMENT FORCES - BEAMS'],
    [
      ['Story', 'Column', 'Unique Name', 'Output Case', 'Station', 'P', 'M2', 'M3'],
      'ELEMENT FORCES - COLUMNS',
    ],
    [['Story', 'Brace', 'OutputCase', 'Station', 'P'], 'ELEMENT FORCES - BRACES'],
    [['Frame', 'Station', 'OutputCase', 'CaseType', 'P', 'V2', 'M3'], 'ELEMENT FORCES - FRAMES'],
    [
      ['Story', 'Label', 'UniqueName', 'OutputCase', 'CaseType', 'FX', 'FY', 'FZ', 'MX', 'MY', 'MZ'],
      'JOINT REACTIONS',
    ],
    [['Joint', 'OutputCase', 'CaseType', 'F1', 'F2', 'F3', 'M1', 'M2', 'M3'], 'JOINT REACTIONS'],
    [['Story', 'Label', 'Output Case', 'Ux', 'Uy', 'Uz', 'Rx', 'Ry', 'Rz'], 'JOINT DISPLACEMENTS'],
    [['OutputCase', 'CaseType', 'StepType', 'GlobalFX', 'GlobalFY', 'GlobalFZ'], 'BASE REACTIONS'],
    [['Output Case', 'Case Type', 'FX', 'FY', 'FZ', 'MX', 'MY', 'MZ'], 'BASE REACTIONS'],
    [
      ['Case', 'Mode', 'Period', 'UX', 'UY', 'UZ', 'SumUX', 'SumUY', 'RX', 'RY', 'RZ'],
      'MODAL PARTICIPATING MASS RATIOS',
    ],
    [
      ['OutputCase', 'StepType', 'StepNum', 'Period', 'Frequency', 'CircFreq', 'Eigenvalue'],
      'MODAL PERIODS AND FREQUENCIES',
    ],
    [['Story', 'Output Case', 'Case Type', 'Direction', 'Drift', 'Label', 'X', 'Y', 'Z'], 'STORY DRIFTS'],
    [['Story', 'Output Case', 'Location', 'P', 'VX', 'VY', 'T', 'MX', 'MY'], 'STORY FORCES'],
  ])('%j is %s', (names, table) => {
    expect(resultTableOfFields(names)).toBe(table);
  });

  it('is none when the fields name no result table or lack what one needs', () => {
    expect(resultTableOfFields(['a', 'b', 'c'])).toBeUndefined();
    // Member forces without the member.
    expect(resultTableOfFields(['OutputCase', 'Station', 'P', 'V2'])).toBeUndefined();
    // A joint without a case.
    expect(resultTableOfFields(['Joint', 'U1', 'U2'])).toBeUndefined();
  });
});

describe('result tables Gusset does not read yet', () => {
  it.each([
    'Joint Displacements - Absolute',
    'JOINT DISPLACEMENTS - GENERALIZED',
    'Joint Accelerations - Relative',
    'Element Joint Forces - Frames',
    'Element Forces - Area Shells',
    'Element Stresses - Area Shells',
    'Section Cut Forces - Analysis',
    'Plastic Hinge Deformations',
    'Frame Hinge States',
    'Link Deformations',
    'Tendon Forces',
    'Buckling Factors',
    'Modal Load Participation Ratios',
    'Story Max Over Avg Displacements',
    'Story Stiffness',
    'Modal Participating Mass Ratios',
    'Modal Participation Factors',
    'Modal Periods And Frequencies',
    'Centers Of Mass And Rigidity',
    'Pier Forces',
    'Spandrel Forces',
    'Diaphragm Center Of Mass Displacements',
  ])('%s is one (so the report names it)', (name) => {
    expect(looksLikeResultTable(name)).toBe(true);
  });

  it.each([
    'Joint Coordinates',
    'Frame Section Assignments',
    'Load Pattern Definitions',
    'Program Control',
    'Story Definitions',
    'Diaphragm Definitions',
    'Pier Section Properties',
    'Modal Case Definitions',
  ])('%s is a model table', (name) => {
    expect(looksLikeResultTable(name)).toBe(false);
  });
});
