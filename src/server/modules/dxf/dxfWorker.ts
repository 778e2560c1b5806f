import { parentPort } from 'node:worker_threads';
import { writeDxf } from '../../../engine/formats/dxf/index';
import { rebuildModel } from '../versions/manifest';
import type { DxfMessage, DxfRequest } from './dxfProtocol';

/** The CPU-heavy half of a DXF export, off the server's event loop: rebuild the version and draw it. */
function draw(request: DxfRequest): DxfMessage {
  const bodies = new Map<string, string>();
  for (let index = 0; index < request.hashes.length; index++) {
    bodies.set(request.hashes[index] as string, request.bodies[index] as string);
  }
  // Drawn in the model's current display unit (it may have changed since the upload).
  const model = { ...rebuildModel(request.manifest, bodies), units: request.units };
  const { bytes, report } = writeDxf(model);
  return { kind: 'result', bytes, layers: report.layers };
}

parentPort?.once('message', (request: DxfRequest) => {
  let message: DxfMessage;
  try {
    message = draw(request);
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    message = { kind: 'error', message: failure.message, ...(failure.stack ? { stack: failure.stack } : {}) };
  }
  parentPort?.postMessage(message, message.kind === 'result' ? [message.bytes.buffer as ArrayBuffer] : []);
});
