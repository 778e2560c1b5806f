import { parentPort } from 'node:worker_threads';
import { contextGeometryIds, extractContextGlb } from '../../../engine/formats/ifc/contextGeometry';
import { checkModelLimits, isModelLimitError } from '../../../engine/formats/limits';
import { capReportItems, type TranslationReport } from '../../../engine/formats/report';
import { isParseError } from '../../../engine/formats/parseError';
import { translatorForFile } from '../../../engine/formats/registry';
import { buildManifest, manifestModelHash } from '../versions/manifest';
import { minimalContentJson } from '../versions/minimal';
import { modelSketchSvg } from '../../../engine/scene/sketch';
import { MODEL_THUMBNAIL_HEIGHT_PX, MODEL_THUMBNAIL_WIDTH_PX } from '../../../contract/http/images';
import { sceneContentOf } from '../versions/scene';
import type { TranslateMessage, TranslateRequest } from './translateProtocol';

/**
 * The CPU-heavy half of an upload, off the server's event loop: read the file with its translator, then split
 * the model into content-addressed objects. Progress 5–70 %; the main thread stores the result (70–100 %).
 */
async function translate({ fileName, bytes, limits }: TranslateRequest): Promise<TranslateMessage> {
  const post = (message: TranslateMessage) => parentPort?.postMessage(message);
  const translator = translatorForFile(fileName, bytes);
  if (!translator) return { kind: 'unreadable', message: `no translator reads ${fileName}`, line: 0 };
  post({ kind: 'progress', stage: 'Reading the file', percent: 10 });
  let read;
  try {
    read = await translator.read(bytes, limits ? { limits } : {});
    // Readers that cannot count as they read are checked here, before the objects are split and posted.
    checkModelLimits(translator.id, read.model, limits);
  } catch (error) {
    if (isModelLimitError(error)) {
      const { objects, found, limit, exact } = error;
      return { kind: 'tooLarge', objects, found, limit, exact };
    }
    if (isParseError(error)) return { kind: 'unreadable', message: error.message, line: error.line };
    throw error;
  }
  const { model } = read;
  // Every reader's builder caps its items; items put together outside one (the xlsx table export) are capped here.
  const report = { ...read.report, items: capReportItems(read.report.items) };
  const objectCount = report.counts.nodes + model.elements.length;
  post({
    kind: 'progress',
    stage: `Preparing ${objectCount.toLocaleString('en-US')} nodes and elements`,
    percent: 45,
  });
  let lastPercent = 45;
  const { manifest, objects } = buildManifest(model, (done) => {
    const percent = 45 + Math.floor(done * 20);
    if (percent > lastPercent) {
      lastPercent = percent;
      post({ kind: 'progress', stage: 'Preparing the objects', percent });
    }
  });
  const contextGlb = translator.id === 'ifc' ? await ifcContextGlb(bytes, report) : undefined;
  const scene = sceneContentOf(model);
  const sketch = modelSketchSvg(scene, {
    width: MODEL_THUMBNAIL_WIDTH_PX,
    height: MODEL_THUMBNAIL_HEIGHT_PX,
  });
  return {
    kind: 'result',
    version: {
      format: translator.id,
      units: model.units,
      modelHash: manifestModelHash(manifest),
      manifest,
      objects,
      report,
      minimalContent: utf8(minimalContentJson(model.units, model.nodes, model.elements)),
      sceneContent: utf8(JSON.stringify(scene)),
      ...(sketch === null ? {} : { sketch: utf8(sketch) }),
      ...(contextGlb ? { contextGlb } : {}),
    },
  };
}

const utf8 = (text: string) => new TextEncoder().encode(text);

/** The buffers of a result to move to the main thread rather than copy. */
function transferOf(message: TranslateMessage): ArrayBuffer[] {
  if (message.kind !== 'result') return [];
  const { minimalContent, sceneContent, sketch, contextGlb } = message.version;
  const buffers = [
    minimalContent,
    sceneContent,
    ...(sketch ? [sketch] : []),
    ...(contextGlb ? [contextGlb] : []),
  ].map((bytes) => bytes.buffer);
  return [...new Set(buffers)].filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer);
}

/**
 * The IFC products the reader could only approximate or had to drop, as glTF for the viewer: their geometry is
 * the only faithful source. Context is drawn for reference only, so a failure here never fails the upload.
 */
async function ifcContextGlb(bytes: Uint8Array, report: TranslationReport): Promise<Uint8Array | undefined> {
  const ids = contextGeometryIds(report);
  if (ids.size === 0) return undefined;
  parentPort?.postMessage({
    kind: 'progress',
    stage: `Extracting the geometry of ${ids.size.toLocaleString('en-US')} IFC elements`,
    percent: 66,
  } satisfies TranslateMessage);
  try {
    return (await extractContextGlb(bytes, ids))?.glb;
  } catch {
    return undefined;
  }
}

parentPort?.once('message', async (request: TranslateRequest) => {
  let message: TranslateMessage;
  try {
    message = await translate(request);
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    message = { kind: 'error', message: failure.message, ...(failure.stack ? { stack: failure.stack } : {}) };
  }
  parentPort?.postMessage(message, transferOf(message));
});
