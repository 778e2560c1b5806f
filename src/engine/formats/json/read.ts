import { ParseError } from '../parseError';
import { countModel } from '../report';
import type { ReadResult } from '../types';
import type { Model } from '../../schema';
import { MODEL_COLLECTIONS, ModelSchema } from '../../schema';
import type { JsonPath } from './jsonLocation';
import { findJsonPathOffset, findJsonSyntaxProblem, lineOfOffset } from './jsonLocation';

/** Gusset's own format: the canonical model as JSON. It carries everything, so its reports list nothing. */
export const JSON_FORMAT_ID = 'json';

interface StrictDecoder {
  decode(bytes: Uint8Array): string;
}

/** The platform's strict UTF-8 decoder (Node, browsers and workers all have one); the engine has no DOM types. */
function strictUtf8Decoder(): StrictDecoder {
  const constructor = (
    globalThis as { TextDecoder?: new (label: string, options: { fatal: boolean }) => StrictDecoder }
  ).TextDecoder;
  if (!constructor) throw new Error('TextDecoder is not available');
  return new constructor('utf-8', { fatal: true });
}

/**
 * Reads a canonical model. Everything wrong with the file is a `ParseError` with the line where it shows:
 * a syntax error, a value the schema refuses (with its path), a duplicate id, or a reference to nothing.
 */
export function readModelJson(bytes: Uint8Array): ReadResult {
  if (bytes.length === 0) throw new ParseError(JSON_FORMAT_ID, 0, 'the file is empty');
  if (bytes.includes(0)) throw new ParseError(JSON_FORMAT_ID, 0, 'the file is binary, not JSON');
  let text: string;
  try {
    text = strictUtf8Decoder().decode(bytes);
  } catch {
    throw new ParseError(JSON_FORMAT_ID, 0, 'the file is not UTF-8 text');
  }

  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const problem = findJsonSyntaxProblem(text);
    if (!problem) throw error;
    throw new ParseError(JSON_FORMAT_ID, lineOfOffset(text, problem.offset), problem.message);
  }

  const parsed = ModelSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = (issue?.path ?? []).map((key) => (typeof key === 'number' ? key : String(key)));
    throw new ParseError(
      JSON_FORMAT_ID,
      lineOfOffset(text, findJsonPathOffset(text, path)),
      `not a Gusset model: ${formatPath(path)}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const model = parsed.data;
  const broken = findBrokenReference(model);
  if (broken) {
    throw new ParseError(
      JSON_FORMAT_ID,
      lineOfOffset(text, findJsonPathOffset(text, broken.path)),
      `${formatPath(broken.path)}: ${broken.message}`,
    );
  }
  return {
    model,
    report: { format: JSON_FORMAT_ID, direction: 'read', counts: countModel(model), items: [] },
  };
}

function formatPath(path: JsonPath): string {
  if (path.length === 0) return '(the whole file)';
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`))
    .join('');
}

interface BrokenReference {
  path: JsonPath;
  message: string;
}

/**
 * The first duplicate id or dangling reference among the links a writer follows (element nodes, sections,
 * materials, load targets and patterns). A writer handed such a model could only fail obscurely.
 */
function findBrokenReference(model: Model): BrokenReference | undefined {
  for (const collection of MODEL_COLLECTIONS) {
    const seen = new Set<string>();
    const items = model[collection] as readonly { id: string }[];
    for (let index = 0; index < items.length; index++) {
      const id = items[index]?.id ?? '';
      if (seen.has(id)) return { path: [collection, index, 'id'], message: `duplicate id "${id}"` };
      seen.add(id);
    }
  }
  const ids = (collection: (typeof MODEL_COLLECTIONS)[number]): Set<string> =>
    new Set((model[collection] as readonly { id: string }[]).map((item) => item.id));
  const nodes = ids('nodes');
  const profiles = ids('profiles');
  const materials = ids('materials');
  const elements = ids('elements');
  const patterns = ids('loadPatterns');

  const check = (
    known: Set<string>,
    value: string | undefined,
    path: JsonPath,
    what: string,
  ): BrokenReference | undefined =>
    value === undefined || known.has(value) ? undefined : { path, message: `no ${what} has id "${value}"` };

  for (let index = 0; index < model.elements.length; index++) {
    const element = model.elements[index];
    if (!element) continue;
    const at = (field: string, ...rest: number[]): JsonPath => ['elements', index, field, ...rest];
    const endpoints =
      'startNodeId' in element
        ? [
            check(nodes, element.startNodeId, at('startNodeId'), 'node'),
            check(nodes, element.endNodeId, at('endNodeId'), 'node'),
          ]
        : [];
    const polygon =
      'nodeIds' in element
        ? element.nodeIds.map((nodeId, vertex) => check(nodes, nodeId, at('nodeIds', vertex), 'node'))
        : [];
    const properties = [
      'profileId' in element ? check(profiles, element.profileId, at('profileId'), 'section') : undefined,
      'materialId' in element
        ? check(materials, element.materialId, at('materialId'), 'material')
        : undefined,
    ];
    const broken = [...endpoints, ...polygon, ...properties].find((problem) => problem !== undefined);
    if (broken) return broken;
  }
  for (let index = 0; index < model.loads.length; index++) {
    const load = model.loads[index];
    if (!load) continue;
    const target =
      load.type === 'PointLoad'
        ? check(nodes, load.nodeId, ['loads', index, 'nodeId'], 'node')
        : check(elements, load.elementId, ['loads', index, 'elementId'], 'element');
    const broken = target ?? check(patterns, load.patternId, ['loads', index, 'patternId'], 'load pattern');
    if (broken) return broken;
  }
  return undefined;
}
