/** A model's path under the API, every call about one model starts from it. */
export function modelPath(modelId: string): string {
  return `/api/models/${encodeURIComponent(modelId)}`;
}
