import { createHash } from 'node:crypto';
import type { CertificateGroupWire, CertificateWire } from '../../../contract/http/fidelity';
import type { CertificateGroup, FidelityCertificate } from '../../../engine/fidelity';
import { runTask } from '../../jobs/workerTask';
import type { FilterRules } from '../../../engine/filters';
import type { CertificateRequest } from './certificateProtocol';

/** The derived cache's kind for export certificates; a wire form that changes shape takes a new kind. */
export const CERTIFICATE_CACHE_KIND = 'certificate-v1';

/**
 * `{version}-{format}-{digest of the filters}`: a version never changes, but the model's and organization's
 * filters do, and they change what the export writes, so a filter edit is another entry.
 */
export function certificateCacheKey(
  versionId: string,
  format: string,
  filters: { organization: readonly FilterRules[]; model: readonly FilterRules[] },
  resultsKey?: string,
): string {
  const digest = createHash('sha256')
    .update(JSON.stringify(resultsKey === undefined ? filters : { filters, resultsKey }))
    .digest('hex')
    .slice(0, 16);
  return `${versionId}-${format}-${digest}`;
}

function groupWire(group: CertificateGroup): CertificateGroupWire {
  return {
    concept: group.concept,
    label: group.label,
    count: group.count,
    examples: group.examples,
    reasons: group.reasons,
    messages: group.messages,
  };
}

/** The engine's certificate made small for the wire: lines of words, groups, and only the totals that differ. */
export function certificateWire(format: string, certificate: FidelityCertificate): CertificateWire {
  const sum = (groups: readonly CertificateGroup[]) =>
    groups.reduce((total, group) => total + group.count, 0);
  return {
    format,
    verdict: certificate.verdict,
    positionTolerance: certificate.positionTolerance,
    relativeTolerance: certificate.relativeTolerance,
    counts: {
      ...certificate.counts,
      approximated: sum(certificate.approximated),
      dropped: sum(certificate.dropped),
    },
    kinds: certificate.kinds.map((kind) => ({ kind: kind.kind, label: kind.label, line: kind.line })),
    approximated: certificate.approximated.map(groupWire),
    dropped: certificate.dropped.map(groupWire),
    unexplained: certificate.unexplained.map(groupWire),
    resultants: {
      patterns: certificate.resultants.length,
      identical: certificate.resultants.filter((resultant) => resultant.identical).length,
      differing: certificate.resultants
        .filter((resultant) => !resultant.identical)
        .map(({ pattern, before, after }) => ({
          pattern,
          before: {
            fx: before.fx,
            fy: before.fy,
            fz: before.fz,
            mx: before.mx,
            my: before.my,
            mz: before.mz,
          },
          after: { fx: after.fx, fy: after.fy, fz: after.fz, mx: after.mx, my: after.my, mz: after.mz },
        })),
    },
  };
}

/** The translation or the oracle threw inside the worker: deterministic for this version, so retrying cannot help. */
export class CertificateComputationError extends Error {
  override readonly name = 'CertificateComputationError';
}

const entry = new URL('./certificateWorker.ts', import.meta.url);

/**
 * Certifies an export in a fresh worker thread, as diffs and DXF drawings run: writing, reading back and
 * comparing a large model takes seconds the event loop must not spend. Resolves with the wire form's JSON.
 */
export function certificateInWorker(request: CertificateRequest, signal?: AbortSignal): Promise<string> {
  return runTask<CertificateRequest, string>(entry, request, {
    signal,
    failure: (message) => new CertificateComputationError(message),
  });
}
