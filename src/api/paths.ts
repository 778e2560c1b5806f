/** A model's path under the API, every call about one model starts from it. */
export function modelPath(modelId: string): string {
  return `/api/models/${encodeURIComponent(modelId)}`;
}

/** A version's data (export, certificate, results) under its model. */
export function versionDataPath(modelId: string, versionId: string): string {
  return `${modelPath(modelId)}/data/versions/${encodeURIComponent(versionId)}`;
}
