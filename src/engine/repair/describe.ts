/*
 * Issues and operations as sentences, in display units, with objects named as people read them ('B12 at Story 4',
 * the convention of the diff's describe). `model` is the model the issue or operation was found on.
 */
import { formatLength } from '../diff';
import type { DisplayUnit, Model, Point3 } from '../schema';
import type { Issue, RepairEdit, RepairOperation } from './types';
import { OPERATION_TITLES } from './types';

interface Names {
  nodes: Map<string, { name: string; levelId?: string | undefined; at: Point3 }>;
  elements: Map<
    string,
    { name: string; type: string; levelId?: string | undefined; ends?: [string, string] | undefined }
  >;
  levels: Map<string, string>;
  profiles: Map<string, string>;
}

const cache = new WeakMap<Model, Names>();

function namesOf(model: Model): Names {
  const cached = cache.get(model);
  if (cached) return cached;
  const names: Names = {
    nodes: new Map(
      model.nodes.map((node) => [
        node.id,
        { name: node.name, levelId: node.levelId, at: { x: node.x, y: node.y, z: node.z } },
      ]),
    ),
    elements: new Map(
      model.elements.map((element) => [
        element.id,
        {
          name: element.name,
          type: element.type,
          levelId: 'levelId' in element ? element.levelId : undefined,
          ends:
            'startNodeId' in element && element.endNodeId !== undefined
              ? [element.startNodeId, element.endNodeId]
              : undefined,
        },
      ]),
    ),
    levels: new Map(model.levels.map((level) => [level.id, level.name || level.id])),
    profiles: new Map(model.profiles.map((profile) => [profile.id, profile.name || profile.id])),
  };
  cache.set(model, names);
  return names;
}

/** The label of an ETABS `label@story` id, else the id. */
function shortId(id: string): string {
  const at = id.lastIndexOf('@');
  return at > 0 ? id.slice(0, at) : id;
}

function withLevel(name: string, levelId: string | undefined, names: Names): string {
  if (levelId === undefined) return name;
  return `${name} at ${names.levels.get(levelId) ?? levelId}`;
}

function nodeLabel(id: string, names: Names): string {
  const node = names.nodes.get(id);
  return `node ${withLevel(node?.name || shortId(id), node?.levelId, names)}`;
}

function nodeList(ids: readonly string[], names: Names): string {
  if (ids.length === 1) return nodeLabel(ids[0] as string, names);
  return `nodes ${ids.map((id) => nodeLabel(id, names).slice('node '.length)).join(', ')}`;
}

function elementLabel(id: string, names: Names): string {
  const element = names.elements.get(id);
  const name = withLevel(element?.name || shortId(id), element?.levelId, names);
  return element ? `${element.type.toLowerCase()} ${name}` : name;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function length(valueMm: number, units: DisplayUnit): string {
  return formatLength(valueMm, units);
}

function vectorLength(point: Point3): number {
  return Math.hypot(point.x, point.y, point.z);
}

/** One sentence for a finding of the connectivity checks. */
export function issueSentence(issue: Issue, model: Model, units: DisplayUnit): string {
  const names = namesOf(model);
  const detail = issue.detail;
  switch (detail.check) {
    case 'C01':
      return (
        `${issue.nodeIds.length} nodes within ${length(detail.diameter, units)} of each other around ` +
        `${nodeLabel(detail.anchorId, names)}` +
        (detail.refused ? '; too spread out to merge automatically' : '; they are one node')
      );
    case 'C02':
      return `${capitalise(nodeLabel(detail.pair[0], names))} and ${nodeLabel(detail.pair[1], names)} are ${length(issue.distance ?? 0, units)} apart but not connected (near miss)`;
    case 'C03':
      return (
        `${capitalise(nodeLabel(detail.nodeId, names))} lies on ${elementLabel(detail.elementId, names)} (${Math.round(detail.t * 100)} % along) without splitting it` +
        (detail.meshed ? '; the analysis meshes the member there' : '')
      );
    case 'C04':
      return (
        `${capitalise(elementLabel(detail.elementIds[0], names))} and ${elementLabel(detail.elementIds[1], names)} cross ` +
        `${length(issue.distance ?? 0, units)} apart without a shared node` +
        (detail.meshed
          ? '; the analysis meshes them there'
          : detail.intentional
            ? ' (possibly intentional)'
            : '')
      );
    case 'C05':
      return `${capitalise(detail.duplicateIds.map((id) => elementLabel(id, names)).join(', '))} duplicate${detail.duplicateIds.length === 1 ? 's' : ''} ${elementLabel(detail.keepId, names)}`;
    case 'C06':
      return `${capitalise(elementLabel(detail.elementIds[0], names))} and ${elementLabel(detail.elementIds[1], names)} overlap over ${length(detail.overlapLength, units)}`;
    case 'C07':
      return `${capitalise(elementLabel(detail.elementId, names))} is only ${length(detail.length, units)} long${issue.severity === 'error' ? ' (zero length)' : ''}`;
    case 'C08':
      return `End ${detail.end} of ${elementLabel(detail.elementId, names)} (${nodeLabel(detail.nodeId, names)}) is connected to nothing`;
    case 'C09':
      return `${detail.size} connected object${detail.size === 1 ? '' : 's'} around ${issue.nodeIds[0] === undefined ? 'here' : nodeLabel(issue.nodeIds[0], names)} float${detail.size === 1 ? 's' : ''}: no support holds them`;
    case 'C10':
      return `${capitalise(nodeLabel(detail.nodeId, names))} is ${length(Math.abs(detail.dz), units)} off level ${names.levels.get(detail.levelId) ?? detail.levelId}`;
    case 'C11':
      return `${capitalise(nodeLabel(detail.nodeId, names))} is ${length(issue.distance ?? 0, units)} off grid ${detail.gridIds.map(shortId).join('/')}`;
    case 'C12':
      return `${capitalise(elementLabel(detail.elementId, names))} is ${Number(detail.angle.toFixed(3))}° off true; it reads as a ${detail.suggestedType}, not a ${detail.currentType}`;
    case 'C13':
      return detail.gap === null
        ? `Edge ${detail.edge + 1} of ${elementLabel(detail.elementId, names)} has ${nodeList(detail.nodeIds, names)} on it that are not its corners` +
            (detail.meshed ? '; the analysis joins them to the edge' : '')
        : `${capitalise(elementLabel(detail.elementId, names))} is ${length(detail.gap, units)} away from the slab or level it should meet`;
    case 'C14':
      return `${capitalise(elementLabel(detail.elementId, names))} is offset from its nodes by up to ${length(Math.max(vectorLength(detail.offsets.i), vectorLength(detail.offsets.j)), units)}`;
    case 'C15':
      return `${capitalise(detail.elementId !== null ? elementLabel(detail.elementId, names) : detail.nodeId !== null ? nodeLabel(detail.nodeId, names) : 'The model')}: ${detail.reason}`;
    case 'C16':
      return `${capitalise(elementLabel(detail.elementId, names))} has a rotated section (${names.profiles.get(detail.profileId) ?? detail.profileId}) but no orientation angle`;
  }
}

function releaseChanges(edit: Extract<RepairEdit, { kind: 'setReleases' }>): string {
  const changes: string[] = [];
  for (const end of ['i', 'j'] as const) {
    const before = edit.before?.[end];
    const after = edit.after?.[end];
    for (const name of ['p', 'v2', 'v3', 't', 'm2', 'm3'] as const) {
      const was = before?.[name] ?? false;
      const now = after?.[name] ?? false;
      if (was !== now) changes.push(`${name.toUpperCase()} at end ${end} ${now ? 'released' : 'fixed'}`);
    }
  }
  return changes.join(', ');
}

function editSentence(edit: RepairEdit, names: Names, units: DisplayUnit): string {
  switch (edit.kind) {
    case 'moveNode': {
      const delta = { x: edit.to.x - edit.from.x, y: edit.to.y - edit.from.y, z: edit.to.z - edit.from.z };
      return `move ${nodeLabel(edit.nodeId, names)} ${length(vectorLength(delta), units)}`;
    }
    case 'mergeNodes':
      return mergeSentence(edit, names, units);
    case 'addNode':
      return `add ${nodeLabel(edit.node.id, names)}`;
    case 'splitMember':
      return splitSentence(edit, names, units);
    case 'replaceEndNode':
      return `connect end ${edit.end} of ${elementLabel(edit.elementId, names)} to ${nodeLabel(edit.to, names)}`;
    case 'deleteElement':
      return `delete ${elementLabel(edit.elementId, names)}`;
    case 'deleteNode':
      return `delete ${nodeLabel(edit.nodeId, names)}`;
    case 'setReleases':
      return `change the releases of ${elementLabel(edit.elementId, names)} (${releaseChanges(edit)})`;
    case 'setEndOffset': {
      const after = edit.after;
      const offsets = after ? Math.max(vectorLength(after.i), vectorLength(after.j)) : 0;
      return `set insertion offsets of ${elementLabel(edit.elementId, names)} (up to ${length(offsets, units)})`;
    }
    case 'setType':
      return `make ${elementLabel(edit.elementId, names)} a ${edit.to}`;
  }
}

function distanceBetween(a: Point3, b: Point3): number {
  return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
}

/** 'merge node 12 at L3 into node 11 at L3 (kept; 12 moves 0.4 mm)'. */
function mergeSentence(
  edit: Extract<RepairEdit, { kind: 'mergeNodes' }>,
  names: Names,
  units: DisplayUnit,
): string {
  const anchor = names.nodes.get(edit.anchorId);
  const moves = edit.nodeIds.map((id) => {
    const node = names.nodes.get(id);
    return anchor && node ? distanceBetween(anchor.at, node.at) : null;
  });
  const known = moves.filter((move): move is number => move !== null);
  const head = `merge ${nodeList(edit.nodeIds, names)} into ${nodeLabel(edit.anchorId, names)}`;
  if (known.length === 0) return `${head} (kept)`;
  if (edit.nodeIds.length === 1) {
    const id = edit.nodeIds[0] as string;
    const name = names.nodes.get(id)?.name || shortId(id);
    return `${head} (kept; ${name} moves ${length(known[0] as number, units)})`;
  }
  return `${head} (kept; they move up to ${length(Math.max(...known), units)})`;
}

/** 'split beam B108 at node 01_N-1, 2.35 m from its i-end, into 2.35 m and 4.65 m'. */
function splitSentence(
  edit: Extract<RepairEdit, { kind: 'splitMember' }>,
  names: Names,
  units: DisplayUnit,
): string {
  const at = [...edit.at].sort((a, b) => a.t - b.t);
  const ends = names.elements.get(edit.elementId)?.ends;
  const start = ends && names.nodes.get(ends[0]);
  const end = ends && names.nodes.get(ends[1]);
  const member = elementLabel(edit.elementId, names);
  if (!start || !end) {
    return `split ${member} at ${nodeList(
      at.map((point) => point.nodeId),
      names,
    )} into ${at.length + 1} segments`;
  }
  const total = distanceBetween(start.at, end.at);
  const bounds = [0, ...at.map((point) => point.t * total), total];
  const segments = bounds.slice(1).map((bound, k) => length(bound - (bounds[k] as number), units));
  const lengths =
    segments.length === 2
      ? `${segments[0]} and ${segments[1]}`
      : `${segments.slice(0, -1).join(', ')} and ${segments[segments.length - 1]}`;
  if (at.length === 1) {
    const point = at[0] as { nodeId: string; t: number };
    return `split ${member} at ${nodeLabel(point.nodeId, names)}, ${length(point.t * total, units)} from its i-end, into ${lengths}`;
  }
  const points = at
    .map(
      (point) =>
        `${nodeLabel(point.nodeId, names).slice('node '.length)} (${length(point.t * total, units)})`,
    )
    .join(', ');
  return `split ${member} at nodes ${points} from its i-end into ${lengths}`;
}

/** Edits that state their own lengths; the operation's single distance would only repeat (or round to 0) them. */
const SELF_MEASURED = new Set<RepairEdit['kind']>(['moveNode', 'mergeNodes', 'splitMember', 'setEndOffset']);

/** 'Merge coincident nodes: merge node 12 at L3 into node 11 at L3 (kept; 12 moves 0.4 mm)'. */
export function operationSentence(operation: RepairOperation, model: Model, units: DisplayUnit): string {
  const names = namesOf(model);
  const edits = operation.edits.map((edit) => editSentence(edit, names, units)).join('; ');
  const measured = operation.edits.some((edit) => SELF_MEASURED.has(edit.kind));
  const moved = operation.distance === null || measured ? '' : ` (${length(operation.distance, units)})`;
  const confirm = operation.requiresConfirmation ? ' — needs confirmation' : '';
  const title =
    operation.operation === 'R01' && operation.reason === 'C02'
      ? 'Merge near-miss nodes'
      : OPERATION_TITLES[operation.operation];
  return `${title}: ${edits}${moved}${confirm}`;
}
