import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from '../text/encoding';
import { readRepositoryFile } from '../testing/fixtures';
import {
  displayToMm,
  formatElevation,
  FROM_MM,
  INVALID_UNIT_MESSAGE,
  InvalidUnitError,
  mmToDisplay,
  parseCsiUnits,
  parseDisplayUnit,
  parseForceUnit,
  parseLengthUnit,
  quantityFactors,
  TO_MM,
  UnknownUnitError,
} from './index';

describe('display lengths (spec section 9)', () => {
  it('converts from millimetres with the spec factors', () => {
    expect(FROM_MM).toEqual({ mm: 1, cm: 0.1, m: 0.001, ft: 1 / 304.8, in: 1 / 25.4 });
    expect(mmToDisplay(304.8, 'ft')).toBeCloseTo(1, 12);
    expect(mmToDisplay(25.4, 'in')).toBeCloseTo(1, 12);
    expect(mmToDisplay(1500, 'm')).toBe(1.5);
    expect(mmToDisplay(15, 'cm')).toBe(1.5);
  });

  it('converts to millimetres with the spec factors', () => {
    expect(TO_MM).toEqual({ ft: 304.8, in: 25.4, m: 1000, cm: 10, mm: 1 });
    expect(displayToMm(2, 'ft')).toBe(609.6);
    expect(displayToMm(3, 'in')).toBeCloseTo(76.2, 12);
  });

  it('accepts exactly cm, mm, m, ft and in', () => {
    for (const unit of ['cm', 'mm', 'm', 'ft', 'in']) expect(parseDisplayUnit(unit)).toBe(unit);
  });

  it.each(['', 'M', 'km', 'inch', 'feet', ' mm', null, 3])('refuses %j with the product message', (value) => {
    expect(() => parseDisplayUnit(value)).toThrow(InvalidUnitError);
    expect(() => parseDisplayUnit(value)).toThrow(
      'Invalid unit type. Please provide one of the valid units: cm, mm, m, ft, in.',
    );
  });

  it('writes elevations signed, in the display unit, to the precision drawings use', () => {
    expect(formatElevation(3250, 'm')).toBe('+3.250 m');
    expect(formatElevation(-1500, 'm')).toBe('-1.500 m');
    expect(formatElevation(0, 'm')).toBe('±0.000 m');
    // A hair below the datum still reads as the datum, not as "-0.000".
    expect(formatElevation(-0.0001, 'm')).toBe('±0.000 m');
    expect(formatElevation(12_345, 'mm')).toBe('+12,345 mm');
    expect(formatElevation(3048, 'ft')).toBe('+10.000 ft');
    expect(formatElevation(254, 'in')).toBe('+10.00 in');
    expect(formatElevation(3255, 'cm')).toBe('+325.5 cm');
  });

  it('uses the same message as the contract', () => {
    const contract = decodeUtf8(readRepositoryFile('src/contract/errors.ts'));
    expect(contract).toContain(`invalidUnit: '${INVALID_UNIT_MESSAGE}'`);
  });
});

describe('force and length units declared by the fixtures', () => {
  it.each([
    ['KN', 1000],
    ['kN', 1000],
    ['N', 1],
    ['KGF', 9.80665],
    ['Kgf', 9.80665],
    ['TONF', 9806.65],
    ['TON', 9806.65],
    ['LB', 4.4482216152605],
    ['lb', 4.4482216152605],
    ['KIP', 4448.2216152605],
    ['Kip', 4448.2216152605],
  ])('%s is %d N', (unit, newtons) => {
    expect(quantityFactors({ force: parseForceUnit(unit), length: 'M', temperature: 'C' }).force).toBe(
      newtons,
    );
  });

  it.each([
    ['M', 1000],
    ['m', 1000],
    ['MM', 1],
    ['CM', 10],
    ['IN', 25.4],
    ['in', 25.4],
    ['FT', 304.8],
    ['ft', 304.8],
  ])('%s is %d mm', (unit, millimetres) => {
    expect(quantityFactors({ force: 'N', length: parseLengthUnit(unit), temperature: 'C' }).length).toBe(
      millimetres,
    );
  });

  it('refuses units it does not know', () => {
    expect(() => parseForceUnit('FURLONG')).toThrow(UnknownUnitError);
    expect(() => parseLengthUnit('YD')).toThrow(UnknownUnitError);
  });

  it('reads SAP2000 CurrUnits strings', () => {
    expect(parseCsiUnits('Kip, in, F')).toEqual({ force: 'KIP', length: 'IN', temperature: 'F' });
    expect(parseCsiUnits('KN, mm, C')).toEqual({ force: 'KN', length: 'MM', temperature: 'C' });
    expect(parseCsiUnits('Kgf, m, C')).toEqual({ force: 'KGF', length: 'M', temperature: 'C' });
    expect(parseCsiUnits('N, cm, C')).toEqual({ force: 'N', length: 'CM', temperature: 'C' });
    expect(() => parseCsiUnits('Kip')).toThrow(UnknownUnitError);
  });

  it('derives moments, pressures and weights in SI from kip-inch', () => {
    const factors = quantityFactors({ force: 'KIP', length: 'IN', temperature: 'F' });
    // 1 kip·in = 4448.2216152605 N × 0.0254 m
    expect(factors.moment).toBeCloseTo(112.9848290276167, 9);
    // 1 ksi = 6.894757 MPa
    expect(factors.pressure / 1e6).toBeCloseTo(6.894757293168361, 9);
    expect(factors.lineLoad).toBeCloseTo(4448.2216152605 / 0.0254, 6);
    expect(factors.thermalCoefficient).toBe(1.8);
  });

  it('derives metric moments and densities from kgf-metre', () => {
    const factors = quantityFactors({ force: 'KGF', length: 'M', temperature: 'C' });
    expect(factors.moment).toBe(9.80665);
    expect(factors.pressure).toBe(9.80665);
    expect(factors.unitWeight).toBe(9.80665);
    const kilonewtonMetre = quantityFactors({ force: 'KN', length: 'M', temperature: 'C' });
    // ETABS 9.7.1 steel: M 7.8271 kN·s²/m⁴ is 7827.1 kg/m³.
    expect(7.8271 * kilonewtonMetre.massDensity).toBeCloseTo(7827.1, 9);
  });
});
