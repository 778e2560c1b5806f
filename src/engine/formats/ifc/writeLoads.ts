import type { LinearLoad, LoadDirection, Model, PointLoad } from '../../schema';
import type { StructureIndex, WrittenMember } from './writeIndex';
import type { Vec3 } from './writeGeometry';
import { add, scale, sub } from './writeGeometry';
import type { StepRef, StepValue } from './writeStep';
import { enumValue } from './writeStep';

type Note = (
  severity: 'approximated' | 'dropped' | 'warning',
  subject: string,
  reason: string,
  id: string,
) => void;

/** IFC action source and type for a CSI pattern type word (Dead, Super Dead, Live, Wind, Quake…). */
export function actionOf(patternType: string): [source: string, type: string] {
  const word = patternType.toLowerCase();
  if (word.includes('super')) return ['COMPLETION_G1', 'PERMANENT_G'];
  if (word.includes('dead')) return ['DEAD_LOAD_G', 'PERMANENT_G'];
  if (word.includes('live')) return ['LIVE_LOAD_Q', 'VARIABLE_Q'];
  if (word.includes('wind')) return ['WIND_W', 'VARIABLE_Q'];
  if (word.includes('snow')) return ['SNOW_S', 'VARIABLE_Q'];
  if (word.includes('quake') || word.includes('seismic')) return ['EARTHQUAKE_E', 'EXTRAORDINARY_A'];
  if (word.includes('temp')) return ['TEMPERATURE_T', 'VARIABLE_Q'];
  if (word.includes('prestress')) return ['PRESTRESSING_P', 'PERMANENT_G'];
  return ['USERDEFINED', 'USERDEFINED'];
}

/**
 * A load's components: global directions as a vector; member-local ones in IFC's member axes (x along the member,
 * z = section axis 2, y = −axis 3; for surfaces x, y in plane and z = axis 3, the normal).
 */
function components(
  direction: LoadDirection,
  value: number,
  surface: boolean,
): { vector: Vec3; local: boolean; projected: boolean } {
  const projected = direction.endsWith('-projected');
  const base = projected ? direction.slice(0, -'-projected'.length) : direction;
  switch (base) {
    case 'X':
      return { vector: [value, 0, 0], local: false, projected };
    case 'Y':
      return { vector: [0, value, 0], local: false, projected };
    case 'Z':
      return { vector: [0, 0, value], local: false, projected };
    case 'Gravity':
      return { vector: [0, 0, -value], local: false, projected };
    case '1':
      return { vector: [value, 0, 0], local: true, projected };
    case '2':
      return { vector: surface ? [0, value, 0] : [0, 0, value], local: true, projected };
    default:
      return { vector: surface ? [0, 0, value] : [0, -value, 0], local: true, projected };
  }
}

/**
 * Load patterns become IfcStructuralLoadCase (IFC's load case is a set of actions of one source, as a CSI pattern
 * is; the self-weight multiplier is its SelfWeightCoefficients along −Z); analysis cases and combinations become
 * IfcStructuralLoadGroup LOAD_COMBINATION with their items assigned by factor. Point loads, full-length line loads
 * (uniform: CONST; trapezoidal: LINEAR through an IfcStructuralLoadConfiguration at both ends), point loads on
 * members and uniform area loads are written as actions joined to their node or member; everything else is reported.
 * Returns the groups the analysis model is loaded by.
 */
export function writeLoads(model: Model, index: StructureIndex, note: Note): StepRef[] {
  const { step, ids } = index;
  const groups = new Map<string, StepRef>();
  const actionsByPattern = new Map<string, StepRef[]>();
  const all: StepRef[] = [];

  for (const pattern of model.loadPatterns) {
    const [source, type] = actionOf(pattern.patternType);
    const multiplier = pattern.selfWeightMultiplier;
    const ref = step.add('IFCSTRUCTURALLOADCASE', [
      ids.next(`pattern:${pattern.id}`),
      null,
      pattern.name,
      null,
      pattern.patternType,
      enumValue('LOAD_CASE'),
      enumValue(type),
      enumValue(source),
      null,
      null,
      multiplier !== 0 && Number.isFinite(multiplier) ? [0, 0, -multiplier] : null,
    ]);
    groups.set(`pattern:${pattern.id}`, ref);
    all.push(ref);
  }

  const combination = (kind: string, id: string, name: string, word: string): StepRef => {
    const ref = step.add('IFCSTRUCTURALLOADGROUP', [
      ids.next(`${kind}:${id}`),
      null,
      name,
      null,
      word,
      enumValue(kind === 'case' ? 'LOAD_CASE' : 'LOAD_COMBINATION'),
      enumValue('NOTDEFINED'),
      enumValue('NOTDEFINED'),
      null,
      null,
    ]);
    groups.set(`${kind}:${id}`, ref);
    all.push(ref);
    return ref;
  };
  // A pattern's IfcStructuralLoadCase reads back as the pattern and a linear static case of its own name: a case
  // that is just that is not written again. Other cases are plain load groups of type LOAD_CASE holding their
  // patterns by factor, with the case type as ObjectType.
  const patternsById = new Map(model.loadPatterns.map((pattern) => [pattern.id, pattern]));
  const cases = model.loadCases.flatMap((loadCase) => {
    const [only, ...rest] = loadCase.loads;
    const own = only && rest.length === 0 ? patternsById.get(only.patternId) : undefined;
    if (
      own &&
      only?.scale === 1 &&
      own.name === loadCase.name &&
      /^linear static$/i.test(loadCase.caseType) &&
      loadCase.modal === undefined &&
      loadCase.responseSpectrum === undefined
    ) {
      const ref = groups.get(`pattern:${own.id}`);
      if (ref) groups.set(`case:${loadCase.id}`, ref);
      return [];
    }
    return [{ ref: combination('case', loadCase.id, loadCase.name, loadCase.caseType), loadCase }];
  });
  const combos = model.loadCombinations.map((combo) => ({
    ref: combination('combination', combo.id, combo.name, combo.combinationType),
    combo,
  }));
  const byFactor = (
    key: string,
    item: StepRef | undefined,
    group: StepRef,
    factor: number,
    owner: string,
  ): void => {
    if (!item) {
      note(
        'dropped',
        'LoadCombination',
        `An item of ${owner} refers to ${key}, which is not in the model.`,
        owner,
      );
      return;
    }
    step.add('IFCRELASSIGNSTOGROUPBYFACTOR', [
      ids.next(`factor:${owner}:${key}`),
      null,
      null,
      null,
      [item],
      null,
      group,
      factor,
    ]);
  };
  for (const { ref, loadCase } of cases) {
    loadCase.loads.forEach(({ patternId, scale: factor }, position) =>
      byFactor(
        `pattern:${patternId}#${position}`,
        groups.get(`pattern:${patternId}`),
        ref,
        factor,
        loadCase.id,
      ),
    );
  }
  for (const { ref, combo } of combos) {
    combo.items.forEach(({ kind, id, scale: factor }, position) =>
      byFactor(`${kind}:${id}#${position}`, groups.get(`${kind}:${id}`), ref, factor, combo.id),
    );
  }

  const action = (patternId: string, loadId: string, ref: StepRef, target: StepRef): void => {
    step.add('IFCRELCONNECTSSTRUCTURALACTIVITY', [
      ids.next(`acts-on:${loadId}`),
      null,
      null,
      null,
      target,
      ref,
    ]);
    const list = actionsByPattern.get(patternId) ?? [];
    list.push(ref);
    actionsByPattern.set(patternId, list);
  };
  const single = (load: PointLoad | undefined, force: Vec3, moment: Vec3): StepRef =>
    step.add('IFCSTRUCTURALLOADSINGLEFORCE', [load?.name ?? null, ...force, ...moment]);

  for (const load of model.loads) {
    if (!groups.has(`pattern:${load.patternId}`)) {
      note('dropped', load.type, `The load's pattern ${load.patternId} is not in the model.`, load.id);
      continue;
    }
    if (load.type === 'PointLoad') {
      const connection = index.connections.get(load.nodeId);
      if (!connection) {
        note('dropped', 'PointLoad', 'The load is on a node that is not written.', load.id);
        continue;
      }
      if (load.coordinateSystem.toUpperCase() !== 'GLOBAL') {
        note(
          'dropped',
          'PointLoad',
          `Loads in coordinate system ${load.coordinateSystem} are not written; only global ones.`,
          load.id,
        );
        continue;
      }
      const ref = step.add('IFCSTRUCTURALPOINTACTION', [
        ids.next(`load:${load.id}`),
        null,
        load.name,
        null,
        null,
        index.sharedPlacement,
        connection.shape,
        single(load, [load.fx, load.fy, load.fz], [load.mx, load.my, load.mz]),
        enumValue('GLOBAL_COORDS'),
        null,
      ]);
      action(load.patternId, load.id, ref, connection.ref);
    } else if (load.type === 'LinearLoad') {
      const member = index.curveMembers.get(load.elementId);
      if (!member) {
        note('dropped', 'LinearLoad', 'The load is on a member that is not written.', load.id);
        continue;
      }
      const ref = writeLinearLoad(index, load, member, note);
      if (ref) action(load.patternId, load.id, ref, member.ref);
    } else {
      const surface = index.surfaceMembers.get(load.elementId);
      if (!surface) {
        note('dropped', 'AreaLoad', 'The load is on an area that is not written.', load.id);
        continue;
      }
      if (!load.direction) {
        note('dropped', 'AreaLoad', 'The load has no direction Gusset can name.', load.id);
        continue;
      }
      const { vector, local, projected } = components(load.direction, load.value, true);
      const ref = step.add('IFCSTRUCTURALPLANARACTION', [
        ids.next(`load:${load.id}`),
        null,
        load.name,
        null,
        null,
        index.sharedPlacement,
        surface.shape,
        step.add('IFCSTRUCTURALLOADPLANARFORCE', [load.name, ...vector]),
        enumValue(local ? 'LOCAL_COORDS' : 'GLOBAL_COORDS'),
        null,
        enumValue(projected ? 'PROJECTED_LENGTH' : 'TRUE_LENGTH'),
        enumValue('CONST'),
      ]);
      action(load.patternId, load.id, ref, surface.ref);
    }
  }

  for (const [patternId, actions] of actionsByPattern) {
    const group = groups.get(`pattern:${patternId}`);
    if (!group) continue;
    step.add('IFCRELASSIGNSTOGROUP', [
      ids.next(`actions:${patternId}`),
      null,
      null,
      null,
      actions,
      null,
      group,
    ]);
  }
  return all;
}

function writeLinearLoad(
  index: StructureIndex,
  load: LinearLoad,
  member: WrittenMember,
  note: Note,
): StepRef | undefined {
  const { step, ids } = index;
  if (!load.direction) {
    note('dropped', 'LinearLoad', 'The load has no direction Gusset can name.', load.id);
    return undefined;
  }
  const along = sub(member.end, member.start);
  const length = Math.hypot(...along);
  const at = (distance: number, relative: boolean): number => (relative ? distance * length : distance);
  const moment = load.quantity === 'moment';
  const distribution = load.distribution;
  if (distribution.kind === 'point') {
    const position = at(distribution.start, distribution.relative);
    const { vector, local } = components(load.direction, distribution.value, false);
    const point = add(member.start, scale(along, position / length));
    const vertex = step.add('IFCVERTEXPOINT', [
      step.add('IFCCARTESIANPOINT', [[point[0], point[1], point[2]]]),
    ]);
    const representation = step.add('IFCTOPOLOGYREPRESENTATION', [
      index.modelContext,
      'Reference',
      'Vertex',
      [vertex],
    ]);
    const shape = step.add('IFCPRODUCTDEFINITIONSHAPE', [null, null, [representation]]);
    const zero: Vec3 = [0, 0, 0];
    return step.add('IFCSTRUCTURALPOINTACTION', [
      ids.next(`load:${load.id}`),
      null,
      load.name,
      null,
      null,
      index.sharedPlacement,
      shape,
      step.add('IFCSTRUCTURALLOADSINGLEFORCE', [
        load.name,
        ...(moment ? zero : vector),
        ...(moment ? vector : zero),
      ]),
      enumValue(local ? 'LOCAL_COORDS' : 'GLOBAL_COORDS'),
      null,
    ]);
  }
  const from = at(distribution.start, distribution.relative);
  const to = at(distribution.end, distribution.relative);
  const tolerance = 1e-6 * Math.max(1, length);
  if (Math.abs(from) > tolerance || Math.abs(to - length) > tolerance) {
    note(
      'dropped',
      'LinearLoad',
      'The load covers only part of its member; IFC curve actions load whole members, so it is not written.',
      load.id,
    );
    return undefined;
  }
  const linear = (value: number): StepRef => {
    const { vector } = components(load.direction as LoadDirection, value, false);
    const zero: Vec3 = [0, 0, 0];
    return step.add('IFCSTRUCTURALLOADLINEARFORCE', [
      load.name,
      ...(moment ? zero : vector),
      ...(moment ? vector : zero),
    ]);
  };
  const { local, projected } = components(load.direction, 1, false);
  const uniform = distribution.startValue === distribution.endValue;
  const applied: StepValue = uniform
    ? linear(distribution.startValue)
    : step.add('IFCSTRUCTURALLOADCONFIGURATION', [
        load.name,
        [linear(distribution.startValue), linear(distribution.endValue)],
        [[0], [length]],
      ]);
  return step.add('IFCSTRUCTURALCURVEACTION', [
    ids.next(`load:${load.id}`),
    null,
    load.name,
    null,
    null,
    index.sharedPlacement,
    member.shape,
    applied,
    enumValue(local ? 'LOCAL_COORDS' : 'GLOBAL_COORDS'),
    null,
    enumValue(projected ? 'PROJECTED_LENGTH' : 'TRUE_LENGTH'),
    enumValue(uniform ? 'CONST' : 'LINEAR'),
  ]);
}
