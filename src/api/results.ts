import {
  resultsDiagramsSchema,
  resultsDiffSchema,
  resultsDisplacementsSchema,
  resultsDriftsSchema,
  resultsSummarySchema,
  resultsValuesSchema,
  type ResultsDiagramsWire,
  type ResultsDiffWire,
  type ResultsDisplacementsWire,
  type ResultsDriftsWire,
  type ResultsSummaryWire,
  type ResultsValuesWire,
} from '../contract/http/results';
import { versionDataPath } from './paths';
import type { ApiResult, HttpClient } from './types';

/** Analysis results on a version (issue #25; contract/http/results.ts). */
const resultsPath = (modelId: string, versionId: string) => `${versionDataPath(modelId, versionId)}/results`;

/** PUT …/results: the results file as the body; its summary once read and matched (a 1M-row file takes seconds). */
export function uploadResults(
  http: HttpClient,
  modelId: string,
  versionId: string,
  file: Blob,
  fileName: string,
  /** The file's units when it does not say them (`KN, m, C`). */
  units?: string,
): Promise<ApiResult<ResultsSummaryWire>> {
  return http.request('PUT', resultsPath(modelId, versionId), {
    searchParams: units === undefined ? { fileName } : { fileName, units },
    body: file,
    headers: { 'Content-Type': 'application/octet-stream' },
    schema: resultsSummarySchema,
    timeoutMs: false,
  });
}

/** GET …/results: the summary, or 404 when the version has no results. */
export function fetchResultsSummary(
  http: HttpClient,
  modelId: string,
  versionId: string,
): Promise<ApiResult<ResultsSummaryWire>> {
  return http.request('GET', resultsPath(modelId, versionId), {
    schema: resultsSummarySchema,
    showLoader: false,
  });
}

/** GET …/results/values: each member's extreme of a component in a case. */
export function fetchResultValues(
  http: HttpClient,
  modelId: string,
  versionId: string,
  query: { component: string; case: string; table?: string },
): Promise<ApiResult<ResultsValuesWire>> {
  return http.request('GET', `${resultsPath(modelId, versionId)}/values`, {
    searchParams: query,
    schema: resultsValuesSchema,
    showLoader: false,
  });
}

/** GET …/results/diagrams: a component along each member in a case. */
export function fetchResultDiagrams(
  http: HttpClient,
  modelId: string,
  versionId: string,
  query: { component: string; case: string },
): Promise<ApiResult<ResultsDiagramsWire>> {
  return http.request('GET', `${resultsPath(modelId, versionId)}/diagrams`, {
    searchParams: query,
    schema: resultsDiagramsSchema,
    showLoader: false,
  });
}

/** GET …/results/diff: the members whose extreme changed past the threshold since `against`. */
export function fetchResultsDiff(
  http: HttpClient,
  modelId: string,
  versionId: string,
  query: { against: string; component: string; threshold: number },
): Promise<ApiResult<ResultsDiffWire>> {
  return http.request('GET', `${resultsPath(modelId, versionId)}/diff`, {
    searchParams: query,
    schema: resultsDiffSchema,
    showLoader: false,
  });
}

/** GET …/results/drifts: per story, its largest drift ratio in X and Y under a case. */
export function fetchResultDrifts(
  http: HttpClient,
  modelId: string,
  versionId: string,
  caseName: string,
): Promise<ApiResult<ResultsDriftsWire>> {
  return http.request('GET', `${resultsPath(modelId, versionId)}/drifts`, {
    searchParams: { case: caseName },
    schema: resultsDriftsSchema,
    showLoader: false,
  });
}

/** GET …/results/displacements: per joint, its translations and rotations under a case (the deformed shape). */
export function fetchResultDisplacements(
  http: HttpClient,
  modelId: string,
  versionId: string,
  caseName: string,
  step?: string,
): Promise<ApiResult<ResultsDisplacementsWire>> {
  return http.request('GET', `${resultsPath(modelId, versionId)}/displacements`, {
    searchParams: step === undefined ? { case: caseName } : { case: caseName, step },
    schema: resultsDisplacementsSchema,
    showLoader: false,
  });
}
