import { describe, expect, it } from 'vitest';
import { REPORT_ITEMS_PER_KIND, ReportBuilder, type ReportItem } from './report';
import {
  REPORT_KINDS,
  conceptRank,
  groupReport,
  modelCountsText,
  orderedModelCounts,
  reasonPattern,
  reportGroupExamplesText,
  reportKindOf,
  reportTotalsText,
} from './reportOverview';

describe('the kind a report item is about', () => {
  it('comes from the concept when it names one', () => {
    expect(reportKindOf({ subject: 'LINEASSIGN', concept: 'release' })).toBe('releases');
    expect(reportKindOf({ subject: 'FRAMESECTION', concept: 'section' })).toBe('sections');
    expect(reportKindOf({ subject: 'COMBO', concept: 'combination' })).toBe('loadCombinations');
  });

  it('falls back to the subject for a concept this build does not know, whatever the wire says', () => {
    expect(reportKindOf({ subject: 'IfcBeam', concept: 'not-a-concept' })).toBe('beams');
    expect(reportKindOf({ subject: 'IfcBeam', concept: '__proto__' })).toBe('beams');
    expect(reportKindOf({ subject: 'IfcBeam', concept: 'constructor' })).toBe('beams');
  });

  it("otherwise from the subject, in the sources' own words", () => {
    const kinds = Object.fromEntries(
      [
        'STORY',
        'IfcBuildingStorey',
        'GRID LINES',
        'IfcGridAxis',
        'POINT',
        'IfcStructuralPointConnection',
        'IfcColumn',
        'IfcBeam',
        'BRACE',
        'LINE',
        'IfcStructuralCurveMember',
        'IfcWallStandardCase',
        'IfcSlab',
        'AREA',
        'IfcStructuralSurfaceMember',
        'IfcOpeningElement',
        'FRAMESECTION',
        'IfcMaterialProfileSetUsage',
        'MATERIAL',
        'JOINT RESTRAINT ASSIGNMENTS',
        'SPRINGPROP',
        'FRAME RELEASE ASSIGNMENTS 1 - GENERAL',
        'LOAD PATTERN DEFINITIONS',
        'IfcStructuralLoadGroup',
        'LOADCASE',
        'IfcStructuralLoadCase',
        'COMBO',
        'POINTLOAD',
        'LINELOAD',
        'GROUP',
        '$ SECTION CUTS',
        'IfcUnitAssignment',
        'Something new',
      ].map((subject) => [subject, reportKindOf({ subject })]),
    );
    expect(kinds).toEqual({
      STORY: 'levels',
      IfcBuildingStorey: 'levels',
      'GRID LINES': 'grids',
      IfcGridAxis: 'grids',
      POINT: 'nodes',
      IfcStructuralPointConnection: 'nodes',
      IfcColumn: 'columns',
      IfcBeam: 'beams',
      BRACE: 'braces',
      LINE: 'members',
      IfcStructuralCurveMember: 'members',
      IfcWallStandardCase: 'walls',
      IfcSlab: 'floors',
      AREA: 'areas',
      IfcStructuralSurfaceMember: 'areas',
      IfcOpeningElement: 'openings',
      FRAMESECTION: 'sections',
      IfcMaterialProfileSetUsage: 'sections',
      MATERIAL: 'materials',
      'JOINT RESTRAINT ASSIGNMENTS': 'restraints',
      SPRINGPROP: 'restraints',
      'FRAME RELEASE ASSIGNMENTS 1 - GENERAL': 'releases',
      'LOAD PATTERN DEFINITIONS': 'loadPatterns',
      IfcStructuralLoadGroup: 'loadPatterns',
      LOADCASE: 'loadCases',
      IfcStructuralLoadCase: 'loadCases',
      COMBO: 'loadCombinations',
      POINTLOAD: 'loads',
      LINELOAD: 'loads',
      GROUP: 'groups',
      '$ SECTION CUTS': 'other',
      IfcUnitAssignment: 'other',
      'Something new': 'other',
    });
  });
});

describe('reasons that differ only in the names they quote', () => {
  it('are one reason', () => {
    expect(reasonPattern('material "C30" is not defined; kept as an attribute')).toBe(
      reasonPattern('material "S355" is not defined; kept as an attribute'),
    );
    expect(reasonPattern('FrameSect=W12 is not a defined frame section')).toBe(
      'FrameSect=… is not a defined frame section',
    );
    expect(reasonPattern('defined twice; the last definition is used')).toBe(
      'defined twice; the last definition is used',
    );
  });
});

const warning = (subject: string, reason: string, where: Partial<ReportItem> = {}): ReportItem => ({
  severity: 'warning',
  subject,
  reason,
  ...where,
});

describe('a report grouped for people', () => {
  it('puts 309 identical warnings on one line, with the header saying what they are', () => {
    const items = Array.from({ length: 309 }, (_, index) =>
      warning('POINT', 'defined twice; the last definition is used', {
        id: `P${index + 1}`,
        line: index + 10,
      }),
    );
    const grouped = groupReport(items);
    expect(grouped.groupCount).toBe(1);
    expect(grouped.totals).toEqual({ approximated: 0, dropped: 0, warning: 309 });
    expect(reportTotalsText(grouped.totals, grouped.groupCount)).toBe('309 warnings in 1 group');
    expect(grouped.kinds).toHaveLength(1);
    const [nodes] = grouped.kinds;
    expect(nodes).toMatchObject({ kind: 'nodes', label: 'nodes', count: 309 });
    expect(nodes?.groups).toHaveLength(1);
    const [group] = nodes?.groups ?? [];
    expect(group).toMatchObject({ severity: 'warning', count: 309, lines: [] });
    expect(group?.ids).toHaveLength(309);
    expect(group && reportGroupExamplesText(group, 3)).toBe('P1, P2, P3 and 306 more');
  });

  it('orders kinds as an engineer walks a model, whatever order the items came in', () => {
    const items: ReportItem[] = [
      { severity: 'approximated', subject: 'GROUP', reason: 'a', id: 'G1' },
      { severity: 'approximated', subject: 'LOADCASE', reason: 'a', id: 'DEAD' },
      { severity: 'dropped', subject: 'COMBO', reason: 'a', id: 'C1' },
      { severity: 'dropped', subject: 'POINTLOAD', reason: 'a', id: 'L1' },
      { severity: 'dropped', subject: 'LOADPATTERN', reason: 'a', id: 'LIVE' },
      { severity: 'dropped', subject: 'LINEASSIGN', concept: 'release', reason: 'a', id: 'B1' },
      { severity: 'dropped', subject: 'POINTASSIGN', concept: 'restraint', reason: 'a', id: 'P1' },
      { severity: 'dropped', subject: 'MATERIAL', reason: 'a', id: 'C30' },
      { severity: 'dropped', subject: 'FRAMESECTION', reason: 'a', id: 'W12' },
      { severity: 'dropped', subject: 'IfcOpeningElement', reason: 'a', id: 'O1' },
      { severity: 'dropped', subject: 'IfcSlab', reason: 'a', id: 'S1' },
      { severity: 'dropped', subject: 'IfcWall', reason: 'a', id: 'W1' },
      { severity: 'dropped', subject: 'BRACE', reason: 'a', id: 'D1' },
      { severity: 'dropped', subject: 'IfcBeam', reason: 'a', id: 'B2' },
      { severity: 'dropped', subject: 'IfcColumn', reason: 'a', id: 'C2' },
      { severity: 'dropped', subject: 'POINT', reason: 'a', id: 'P2' },
      { severity: 'dropped', subject: 'GRID LINES', reason: 'a', id: 'A' },
      { severity: 'dropped', subject: 'STORY', reason: 'a', id: 'L2' },
    ];
    expect(groupReport(items).kinds.map((kind) => kind.label)).toEqual([
      'levels',
      'grid lines',
      'nodes',
      'columns',
      'beams',
      'braces',
      'walls',
      'floors',
      'openings',
      'sections',
      'materials',
      'restraints',
      'end releases',
      'load patterns',
      'load cases',
      'load combinations',
      'loads',
      'groups',
    ]);
    // Every kind has its place in the order, so no kind sorts by accident.
    expect(new Set(REPORT_KINDS).size).toBe(REPORT_KINDS.length);
  });

  it('groups by severity and reason within a kind: dropped first, then the largest', () => {
    const items: ReportItem[] = [
      warning('MATERIAL', 'material "C30" is not defined; kept as an attribute', { id: 'B1' }),
      warning('MATERIAL', 'material "S355" is not defined; kept as an attribute', { id: 'B2' }),
      { severity: 'approximated', subject: 'MATERIAL', reason: 'no density', id: 'C30' },
      { severity: 'dropped', subject: 'MATERIAL', reason: 'no such type', id: 'X' },
    ];
    const [materials] = groupReport(items).kinds;
    expect(materials?.groups.map((group) => [group.severity, group.reason, group.count])).toEqual([
      ['dropped', 'no such type', 1],
      ['approximated', 'no density', 1],
      // Two quoted names: the reason shows the pattern, the ids say which.
      ['warning', 'material "…" is not defined; kept as an attribute', 2],
    ]);
    expect(materials?.groups[2]?.ids).toEqual(['B1', 'B2']);
  });

  it('counts what capped items stand for, never how many ids they list', () => {
    const builder = new ReportBuilder();
    for (let index = 0; index < 1_000; index++) {
      builder.warning('POINT', 'defined twice; the last definition is used', {
        id: `P${index}`,
        concept: 'node',
      });
    }
    builder.approximated('LINEASSIGN', 'partial fixity written as a full release', {
      concept: 'release',
      ids: Array.from({ length: 240 }, (_, index) => `B${index}`),
    });
    // As the wire gives it: the in-process ids beside the items are gone.
    const items = structuredClone(builder.items);
    expect(items.length).toBeLessThan(1_000);
    const grouped = groupReport(items);
    expect(grouped.totals).toEqual({ approximated: 240, dropped: 0, warning: 1_000 });
    expect(reportTotalsText(grouped.totals, grouped.groupCount)).toBe(
      '240 approximated and 1,000 warnings in 2 groups',
    );
    const nodes = grouped.kinds.find((kind) => kind.kind === 'nodes');
    expect(nodes?.groups[0]?.ids).toHaveLength(REPORT_ITEMS_PER_KIND);
    expect(nodes?.groups[0] && reportGroupExamplesText(nodes.groups[0], 3)).toBe('P0, P1, P2 and 997 more');
    const releases = grouped.kinds.find((kind) => kind.kind === 'releases');
    expect(releases?.count).toBe(240);
    expect(releases?.groups[0]?.ids).toHaveLength(REPORT_ITEMS_PER_KIND);
  });

  it('shows source lines for items that name no object', () => {
    const grouped = groupReport([
      { severity: 'dropped', subject: '$ SECTION CUTS', line: 12, reason: 'not carried' },
      { severity: 'dropped', subject: '$ SECTION CUTS', line: 13, reason: 'not carried' },
    ]);
    const group = grouped.kinds[0]?.groups[0];
    expect(group && reportGroupExamplesText(group, 5)).toBe('line 12, line 13');
    expect(reportGroupExamplesText({ ids: [], lines: [], count: 4 }, 3)).toBe('');
  });

  it('says so when there is nothing', () => {
    expect(reportTotalsText({ approximated: 0, dropped: 0, warning: 0 }, 0)).toBe(
      'Nothing dropped, approximated or warned about',
    );
    expect(reportTotalsText({ approximated: 2, dropped: 1, warning: 1 })).toBe(
      '1 dropped, 2 approximated and 1 warning',
    );
  });

  it('groups 100,000 items in one pass, quickly', () => {
    const items = Array.from({ length: 100_000 }, (_, index) =>
      warning('MATERIAL', `material "M${index % 500}" is not defined; kept as an attribute`, {
        id: `B${index}`,
      }),
    );
    // CPU time, not wall-clock: other processes on a busy machine stretch the second, not the first.
    const started = process.cpuUsage();
    const grouped = groupReport(items);
    const spent = process.cpuUsage(started);
    const elapsed = (spent.user + spent.system) / 1000;
    expect(grouped.groupCount).toBe(1);
    expect(grouped.totals.warning).toBe(100_000);
    // Generous for a busy CI machine; bench/benchmarks/reportGroups.ts has the real figure.
    expect(elapsed).toBeLessThan(1_000);
  });
});

describe("the certificate's concepts", () => {
  it('sort in the report order of kinds, member aspects with the frame members', () => {
    const concepts = ['group', 'load', 'release', 'section', 'offset', 'node', 'level'];
    expect([...concepts].sort((a, b) => conceptRank(a) - conceptRank(b))).toEqual([
      'level',
      'node',
      'offset',
      'section',
      'release',
      'load',
      'group',
    ]);
  });
});

describe('model counts', () => {
  it('read in engineering words in the fixed order', () => {
    expect(
      modelCountsText({ nodes: 1204, beams: 1, areaLoads: 2, loadCases: 3, levels: 4, loadPatterns: 0 }),
    ).toBe('4 levels · 1,204 nodes · 1 beam · 3 load cases · 2 area loads');
    expect(modelCountsText({ nodes: 0 })).toBe('Empty model');
    expect(orderedModelCounts({ someNewThings: 2, groups: 1 })).toEqual([
      ['group', 1],
      ['some new things', 2],
    ]);
  });
});
