/** What an upload job carries from the request to the worker (the `payload` jsonb). */
export interface UploadPayload {
  /** The display name (last path segment of X-File-Name); never used as a path. */
  fileName: string;
  /** Translator id chosen by the extension (e2k, s2k, json). */
  format: string;
  sizeBytes: number;
  /** SHA-256 of the file in the blob store. */
  blob: string;
  message: string | null;
  /** Set for an upload that creates its model; the model row appears with the first version. */
  newModel: { id: string; organizationId: string; name: string } | null;
  /** The GussetSessionId of the upload request, carried by the job's live events (absent: none was sent). */
  sessionId?: string;
  /** review=true (issue #7): the job stores an upload review instead of a version (absent: false). */
  review?: boolean;
}
