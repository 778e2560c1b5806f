/**
 * SAP2000 tables for what the analysis needs beyond geometry and loads: stiffness modifiers (section rows and
 * FRAME PROPERTY MODIFIERS / AREA STIFFNESS MODIFIERS), modal and response spectrum cases, and response
 * spectrum / time history functions. Table and field names as SAP2000 writes them ([S25] fixtures: CASE - MODAL
 * 1 - GENERAL, CASE - MODAL 3 - LOAD ASSIGNMENTS - RITZ, CASE - RESPONSE SPECTRUM 1/2, FUNCTION - RESPONSE
 * SPECTRUM - USER, FUNCTION - TIME HISTORY - USER); the two member modifier tables as CSI's OAPI table exporters
 * spell them (no fixture has one).
 */
import type {
  AnalysisFunction,
  AreaModifiers,
  Attributes,
  AttributeValue,
  FrameModifiers,
  LoadCase,
  ModalCase,
  ResponseSpectrumCase,
  RitzVector,
  Source,
} from '../../schema';
import { modifiersFrom, SPECTRUM_DIRECTIONS } from '../../schema';
import type { ReportBuilder } from '../report';
import type { CsiTable } from './tables';

export const ANALYSIS_TABLES = {
  frameModifiers: 'FRAME PROPERTY MODIFIERS',
  areaModifiers: 'AREA STIFFNESS MODIFIERS',
  modalGeneral: 'CASE - MODAL 1 - GENERAL',
  modalRitz: 'CASE - MODAL 3 - LOAD ASSIGNMENTS - RITZ',
  spectrumGeneral: 'CASE - RESPONSE SPECTRUM 1 - GENERAL',
  spectrumLoads: 'CASE - RESPONSE SPECTRUM 2 - LOAD ASSIGNMENTS',
  spectrumUser: 'FUNCTION - RESPONSE SPECTRUM - USER',
  historyUser: 'FUNCTION - TIME HISTORY - USER',
} as const;

/** Code-defined spectra: one table per code (`FUNCTION - RESPONSE SPECTRUM - TSC-2018`), one row per function. */
export const SPECTRUM_CODE_PREFIX = 'FUNCTION - RESPONSE SPECTRUM - ';

/** FRAME SECTION PROPERTIES 01 - GENERAL fields. */
export const SECTION_FRAME_MODIFIERS: readonly (readonly [string, keyof FrameModifiers])[] = [
  ['AMod', 'area'],
  ['A2Mod', 'as2'],
  ['A3Mod', 'as3'],
  ['JMod', 'torsion'],
  ['I2Mod', 'i22'],
  ['I3Mod', 'i33'],
  ['MMod', 'mass'],
  ['WMod', 'weight'],
];

/** AREA SECTION PROPERTIES fields. */
export const SECTION_AREA_MODIFIERS: readonly (readonly [string, keyof AreaModifiers])[] = [
  ['F11Mod', 'f11'],
  ['F22Mod', 'f22'],
  ['F12Mod', 'f12'],
  ['M11Mod', 'm11'],
  ['M22Mod', 'm22'],
  ['M12Mod', 'm12'],
  ['V13Mod', 'v13'],
  ['V23Mod', 'v23'],
  ['MMod', 'mass'],
  ['WMod', 'weight'],
];

/** FRAME PROPERTY MODIFIERS fields (after Frame). */
export const MEMBER_FRAME_MODIFIERS: readonly (readonly [string, keyof FrameModifiers])[] = [
  ['AMod', 'area'],
  ['AS2Mod', 'as2'],
  ['AS3Mod', 'as3'],
  ['JMod', 'torsion'],
  ['I22Mod', 'i22'],
  ['I33Mod', 'i33'],
  ['MassMod', 'mass'],
  ['WeightMod', 'weight'],
];

/** AREA STIFFNESS MODIFIERS fields (after Area). */
export const MEMBER_AREA_MODIFIERS: readonly (readonly [string, keyof AreaModifiers])[] = [
  ['f11', 'f11'],
  ['f22', 'f22'],
  ['f12', 'f12'],
  ['m11', 'm11'],
  ['m22', 'm22'],
  ['m12', 'm12'],
  ['v13', 'v13'],
  ['v23', 'v23'],
  ['MassMod', 'mass'],
  ['WeightMod', 'weight'],
];

/** What the analysis tables need of the reader. */
export interface AnalysisReader {
  readonly report: ReportBuilder;
  table(name: string): CsiTable | undefined;
  keepRaw(table: CsiTable, row: number): void;
  keepExtras(
    owner: { attributes: Attributes },
    table: CsiTable,
    row: number,
    mapped: ReadonlySet<string>,
  ): void;
  optionalNumber(table: CsiTable, row: number, field: string): number | undefined;
  source(): Source;
  readonly cases: ReadonlyMap<string, LoadCase>;
  readonly patterns: ReadonlyMap<string, unknown>;
  readonly doc: { readonly tables: readonly CsiTable[] };
}

/** Modifiers from a row's fields; undefined when all are 1 or absent. */
export function rowModifiers<K extends string>(
  reader: AnalysisReader,
  table: CsiTable,
  row: number,
  fields: readonly (readonly [string, K])[],
): Partial<Record<K, number>> | undefined {
  const values = new Map<K, number | undefined>();
  for (const [field, key] of fields) values.set(key, reader.optionalNumber(table, row, field));
  return modifiersFrom(
    fields.map(([, key]) => key),
    (key) => values.get(key),
  );
}

export function modifierFieldNames(fields: readonly (readonly [string, string])[]): string[] {
  return fields.map(([field]) => field);
}

/** The modifier cells of a row: all eight (or ten) factors, 1 where the model states none. */
export function modifierCells<K extends string>(
  fields: readonly (readonly [string, K])[],
  modifiers: Partial<Record<K, number>> | undefined,
  format: (value: number) => string,
): string[] {
  return fields.flatMap(([field, key]) => [field, format(modifiers?.[key] ?? 1)]);
}

const RITZ_ACCEL = /^Accel (U[XYZ]|R[XYZ])$/;

/**
 * Modal and response spectrum parameters onto the cases read from LOAD CASE DEFINITIONS; functions onto the
 * model. `lengthFactor` converts the file's length unit to mm (TransAccSF is a length per s²).
 */
export function readAnalysisTables(reader: AnalysisReader, lengthFactor: number): AnalysisFunction[] {
  const general = reader.table(ANALYSIS_TABLES.modalGeneral);
  if (general) {
    for (let row = 0; row < general.rowCount; row++) {
      const loadCase = reader.cases.get(general.get(row, 'Case') ?? '');
      const modeType = general.get(row, 'ModeType');
      if (!loadCase || loadCase.modal || (modeType !== 'Eigen' && modeType !== 'Ritz')) {
        reader.keepRaw(general, row);
        continue;
      }
      const modal: ModalCase = { method: modeType === 'Ritz' ? 'ritz' : 'eigen' };
      const set = (field: 'maxModes' | 'minModes' | 'shift' | 'cutoff' | 'tolerance', name: string): void => {
        const value = reader.optionalNumber(general, row, name);
        if (value !== undefined) modal[field] = value;
      };
      set('maxModes', 'MaxNumModes');
      set('minModes', 'MinNumModes');
      set('shift', 'EigenShift');
      set('cutoff', 'EigenCutoff');
      set('tolerance', 'EigenTol');
      const mapped = new Set([
        'Case',
        'ModeType',
        'MaxNumModes',
        'MinNumModes',
        'EigenShift',
        'EigenCutoff',
        'EigenTol',
      ]);
      const autoShift = general.get(row, 'AutoShift');
      if (autoShift === 'Yes' || autoShift === 'No') {
        modal.autoShift = autoShift === 'Yes';
        mapped.add('AutoShift');
      }
      loadCase.modal = modal;
      reader.keepExtras(loadCase, general, row, mapped);
    }
  }
  const ritz = reader.table(ANALYSIS_TABLES.modalRitz);
  if (ritz) {
    for (let row = 0; row < ritz.rowCount; row++) {
      const loadCase = reader.cases.get(ritz.get(row, 'Case') ?? '');
      const loadType = ritz.get(row, 'LoadType');
      const name = ritz.get(row, 'LoadName') ?? '';
      const accel = RITZ_ACCEL.exec(name);
      let vector: RitzVector | undefined;
      if (loadType === 'Accel' && accel) vector = { kind: 'accel', name: accel[1] as string };
      else if (loadType === 'Link') vector = { kind: 'link', name: '' };
      else if (loadType === 'Load pattern' && reader.patterns.has(name)) vector = { kind: 'pattern', name };
      const known = new Set(['Case', 'LoadType', 'LoadName', 'MaxCycles', 'TargetPar']);
      if (
        !loadCase?.modal ||
        vector === undefined ||
        ritz.layout(row).names.some((field) => !known.has(field))
      ) {
        reader.keepRaw(ritz, row);
        continue;
      }
      const cycles = reader.optionalNumber(ritz, row, 'MaxCycles');
      const target = reader.optionalNumber(ritz, row, 'TargetPar');
      if (cycles !== undefined) vector.maxCycles = cycles;
      if (target !== undefined) vector.targetParticipation = target;
      (loadCase.modal.startingVectors ??= []).push(vector);
    }
  }
  const spectrumCase = (name: string | undefined): LoadCase | undefined => {
    const loadCase = reader.cases.get(name ?? '');
    if (!loadCase || loadCase.caseType !== 'LinRespSpec') return undefined;
    return loadCase;
  };
  const spectrumOf = (loadCase: LoadCase): ResponseSpectrumCase =>
    (loadCase.responseSpectrum ??= { loads: [] });
  const rsGeneral = reader.table(ANALYSIS_TABLES.spectrumGeneral);
  if (rsGeneral) {
    for (let row = 0; row < rsGeneral.rowCount; row++) {
      const loadCase = spectrumCase(rsGeneral.get(row, 'Case'));
      if (!loadCase || loadCase.responseSpectrum?.modalCombination !== undefined) {
        reader.keepRaw(rsGeneral, row);
        continue;
      }
      const spectrum = spectrumOf(loadCase);
      const mapped = new Set(['Case']);
      const text = (field: string, key: 'modalCombination' | 'directionalCombination'): void => {
        const value = rsGeneral.get(row, field);
        if (value === undefined) return;
        spectrum[key] = value;
        mapped.add(field);
      };
      const number = (field: string, key: 'damping' | 'eccentricity'): void => {
        const value = reader.optionalNumber(rsGeneral, row, field);
        if (value === undefined) return;
        spectrum[key] = value;
        mapped.add(field);
      };
      text('ModalCombo', 'modalCombination');
      text('DirCombo', 'directionalCombination');
      number('ConstDamp', 'damping');
      number('EccenRatio', 'eccentricity');
      reader.keepExtras(loadCase, rsGeneral, row, mapped);
    }
  }
  const rsLoads = reader.table(ANALYSIS_TABLES.spectrumLoads);
  if (rsLoads) {
    const known = new Set(['Case', 'LoadName', 'CoordSys', 'Function', 'Angle', 'TransAccSF']);
    for (let row = 0; row < rsLoads.rowCount; row++) {
      const loadCase = spectrumCase(rsLoads.get(row, 'Case'));
      const direction = SPECTRUM_DIRECTIONS.find((word) => word === rsLoads.get(row, 'LoadName'));
      const functionId = rsLoads.get(row, 'Function');
      const scale = reader.optionalNumber(rsLoads, row, 'TransAccSF');
      if (
        !loadCase ||
        direction === undefined ||
        functionId === undefined ||
        scale === undefined ||
        rsLoads.layout(row).names.some((field) => !known.has(field))
      ) {
        reader.keepRaw(rsLoads, row);
        continue;
      }
      const load: ResponseSpectrumCase['loads'][number] = {
        direction,
        functionId,
        scale: (scale * lengthFactor) / 1000,
      };
      // Angle=0 and CoordSys=GLOBAL are SAP's defaults, the same as ETABS stating neither.
      const angle = reader.optionalNumber(rsLoads, row, 'Angle');
      if (angle !== undefined && angle !== 0) load.angle = angle;
      const system = rsLoads.get(row, 'CoordSys');
      if (system !== undefined && system !== 'GLOBAL') load.coordinateSystem = system;
      spectrumOf(loadCase).loads.push(load);
    }
  }
  // LOAD CASE DEFINITIONS ModalCase= was kept as an extra of the case row; it is the spectrum's modal case.
  for (const loadCase of reader.cases.values()) {
    if (loadCase.caseType !== 'LinRespSpec') continue;
    const extras = loadCase.attributes['s2k:LOAD CASE DEFINITIONS'];
    if (typeof extras !== 'object' || extras === null || Array.isArray(extras)) continue;
    const modalCase = (extras as Record<string, AttributeValue>)['ModalCase'];
    if (typeof modalCase !== 'string') continue;
    spectrumOf(loadCase).modalCaseId = modalCase;
    const rest: Record<string, AttributeValue> = { ...(extras as Record<string, AttributeValue>) };
    delete rest['ModalCase'];
    loadCase.attributes = { ...loadCase.attributes, 's2k:LOAD CASE DEFINITIONS': rest };
  }
  return readFunctions(reader);
}

function readFunctions(reader: AnalysisReader): AnalysisFunction[] {
  const functions = new Map<string, AnalysisFunction>();
  const pointTables = [
    [ANALYSIS_TABLES.spectrumUser, 'responseSpectrum', 'Period', 'Accel'],
    [ANALYSIS_TABLES.historyUser, 'timeHistory', 'Time', 'Value'],
  ] as const;
  for (const [name, functionType, xField, yField] of pointTables) {
    const table = reader.table(name);
    if (!table) continue;
    for (let row = 0; row < table.rowCount; row++) {
      const id = table.get(row, 'Name') ?? '';
      const x = reader.optionalNumber(table, row, xField);
      const y = reader.optionalNumber(table, row, yField);
      const known = new Set(['Name', xField, yField, 'FuncDamp']);
      let fn = functions.get(id);
      if (
        id === '' ||
        x === undefined ||
        y === undefined ||
        (fn !== undefined && fn.functionType !== functionType) ||
        table.layout(row).names.some((field) => !known.has(field))
      ) {
        reader.keepRaw(table, row);
        continue;
      }
      if (!fn) {
        fn = {
          id,
          source: reader.source(),
          name: id,
          type: 'Function',
          functionType,
          definition: 'user',
          points: [],
          attributes: {},
        };
        functions.set(id, fn);
      }
      const damping = reader.optionalNumber(table, row, 'FuncDamp');
      if (damping !== undefined && fn.damping === undefined) fn.damping = damping;
      fn.points?.push({ x, y });
    }
  }
  for (const table of reader.doc.tables) {
    if (!table.name.startsWith(SPECTRUM_CODE_PREFIX) || table.name === ANALYSIS_TABLES.spectrumUser) continue;
    reader.table(table.name);
    const code = table.name.slice(SPECTRUM_CODE_PREFIX.length);
    for (let row = 0; row < table.rowCount; row++) {
      const id = table.get(row, 'Name') ?? '';
      if (id === '' || functions.has(id)) {
        reader.keepRaw(table, row);
        continue;
      }
      const fn: AnalysisFunction = {
        id,
        source: reader.source(),
        name: id,
        type: 'Function',
        functionType: 'responseSpectrum',
        definition: code,
        attributes: {},
      };
      const damping = reader.optionalNumber(table, row, 'FuncDamp');
      if (damping !== undefined) fn.damping = damping;
      // The code's parameters (Ss, S1, site class…) stay as the row's own fields.
      reader.keepExtras(fn, table, row, new Set(['Name', 'FuncDamp']));
      functions.set(id, fn);
    }
  }
  // Sorted by id: a header list hashes in order, and the model must not depend on the order a file lists them.
  return [...functions.values()].sort((left, right) =>
    left.id < right.id ? -1 : left.id > right.id ? 1 : 0,
  );
}

/** SAP2000 LinModal cases' ModeType, and the case types of models from other tools. */
export function modeType(loadCase: LoadCase): string {
  return loadCase.modal?.method === 'ritz' ? 'Ritz' : 'Eigen';
}

export function ritzLoadName(vector: RitzVector): [string, string] {
  if (vector.kind === 'accel') return ['Accel', `Accel ${vector.name}`];
  if (vector.kind === 'link') return ['Link', 'All Links'];
  return ['Load pattern', vector.name];
}
