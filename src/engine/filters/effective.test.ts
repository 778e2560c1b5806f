import { describe, expect, it } from 'vitest';
import { effectiveFilter, filterAllows, mappedName } from './effective';
import type { FilterRules } from './platforms';

const rules = (
  from: FilterRules['from'],
  to: FilterRules['to'],
  label: string,
): FilterRules & { label: string } => ({
  from,
  to,
  elementTypes: ['Beam', 'Column'],
  properties: ['Profile'],
  nameMappings: [{ kind: 'Profile', from: 'W12X26', to: `W12X26-${label}` }],
  label,
});

describe('effectiveFilter', () => {
  const organization = [rules('Revit', 'SAP', 'org'), rules('SAP', 'Revit', 'org')];
  const model = [rules('Revit', 'SAP', 'model')];

  it("takes the model's filter over the organization's for the same pair", () => {
    expect(effectiveFilter(organization, model, 'Revit', 'SAP')?.label).toBe('model');
  });

  it("falls back to the organization's filter when the model has none for the pair", () => {
    expect(effectiveFilter(organization, model, 'SAP', 'Revit')?.label).toBe('org');
  });

  it('is undefined, everything flows, when neither has a filter for the pair (direction matters)', () => {
    expect(effectiveFilter(organization, model, 'Revit', 'Etabs')).toBeUndefined();
    expect(effectiveFilter([rules('Revit', 'SAP', 'org')], [], 'SAP', 'Revit')).toBeUndefined();
    expect(effectiveFilter([], [], 'Revit', 'SAP')).toBeUndefined();
  });
});

describe('filterAllows and mappedName', () => {
  const filter = rules('SAP', 'Revit', 'x');

  it('lets a property flow only for the listed element types and properties', () => {
    expect(filterAllows(filter, 'Beam', 'Profile')).toBe(true);
    expect(filterAllows(filter, 'Beam', 'Geometry')).toBe(false);
    expect(filterAllows(filter, 'Wall', 'Profile')).toBe(false);
  });

  it('lets everything flow without a filter', () => {
    expect(filterAllows(undefined, 'Wall', 'Geometry')).toBe(true);
  });

  it('renames by the mappings of the right kind only', () => {
    expect(mappedName(filter, 'Profile', 'W12X26')).toBe('W12X26-x');
    expect(mappedName(filter, 'Material', 'W12X26')).toBe('W12X26');
    expect(mappedName(filter, 'Profile', 'W14X30')).toBe('W14X30');
    expect(mappedName(undefined, 'Profile', 'W12X26')).toBe('W12X26');
  });
});
