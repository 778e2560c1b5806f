import { certify, withLeftBehind } from '../../../engine/fidelity/index';
import { translatorById } from '../../../engine/formats/registry';
import { certificateWire } from './certificate';
import { serveTask } from '../../jobs/workerTask';
import type { CertificateRequest } from './certificateProtocol';
import { modelForExport } from './exportFilter';
import { rebuildModel } from './manifest';

/**
 * The CPU-heavy half of a certificate, off the server's event loop: rebuild the version, filter it as the export
 * does (modelForExport, the download's own code), write it with the translator, read the bytes back with the same
 * translator, and certify the pair with both reports.
 */
async function certifyExport(request: CertificateRequest): Promise<string> {
  const translator = translatorById(request.format);
  if (!translator) throw new Error(`No translator ${request.format}`);
  const bodies = new Map<string, string>();
  for (let index = 0; index < request.hashes.length; index++) {
    bodies.set(request.hashes[index] as string, request.bodies[index] as string);
  }
  const version = rebuildModel(request.manifest, bodies);
  const withResults = request.results ? { ...version, results: request.results } : version;
  const filtered = modelForExport(withResults, translator, {
    organization: request.organizationFilters,
    model: request.modelFilters,
  });
  const written = await translator.write(filtered);
  const readBack = await translator.read(written.bytes);
  // The result tables translations do not carry are dropped, and the certificate says which.
  const certificate = withLeftBehind(
    certify(filtered, readBack.model, [written.report, readBack.report]),
    'results',
    request.resultsLeftBehind ?? [],
    'translations carry member forces, joint reactions and joint displacements; the other result tables stay with the version in Gusset',
  );
  return JSON.stringify(certificateWire(translator.id, certificate));
}

serveTask(certifyExport);
