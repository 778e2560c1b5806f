import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { messages, ownMessages } from '../../../contract/errors';
import { entityNameSchema } from '../../../contract/http/names';
import type { Job } from '../../../contract/http/jobs';
import { translatorForFile } from '../../../engine/formats/registry';
import { BlobTooLargeError, EmptyBlobError, type BlobStore } from '../../blobs/blobStore';
import { recordBlob } from '../../blobs/repository';
import type { ServerContext } from '../../context';
import { isUniqueViolation } from '../../db/db';
import { HttpError } from '../../httpError';
import { jobQueue, type JobRow } from '../../jobs/queue';
import type { JobRunner } from '../../jobs/runner';
import { realtimeEvent, type EventCause } from '../../realtime/events';
import { noRealtime } from '../../realtime/realtime';
import { newModelRefusedEarly } from '../billing/quota';
import { WRITER_JOB_KINDS, type WriterJobKind } from '../versions/createVersion';
import { versionStore } from '../versions/repository';
import { displayFileName, uploadExtensionOf } from './fileName';
import { toJob } from '../jobs/jobView';
import type { UploadPayload } from './payload';

export const UPLOAD_JOB_KIND = 'upload' satisfies WriterJobKind;

const ORGANIZATION_MODEL_CREATORS = ['OWNER', 'ADMIN', 'MEMBER'] as const;
const MAX_IDEMPOTENCY_KEY = 200;

export interface UploadRequest {
  userId: string;
  fields: {
    modelId?: string | undefined;
    organizationId?: string | undefined;
    name?: string | undefined;
    message?: string | undefined;
    /** 'true': a review of the changes instead of a version (issue #7). */
    review?: 'true' | 'false' | undefined;
  };
  fileNameHeader: string | undefined;
  idempotencyKey: string | undefined;
  /** The Content-Length header, when the client sent one. */
  declaredBytes: number | undefined;
  body: Readable;
  /** Who sent it from which tab, for the job's live events. */
  cause: EventCause;
}

export interface UploadAccepted {
  /** 202 for a new job, 200 for the job a retried Idempotency-Key already made. */
  status: 200 | 202;
  job: Job;
}

export function createUploadsService(context: ServerContext, deps: { blobs: BlobStore; runner: JobRunner }) {
  const { db, clock, access, config } = context;
  const realtime = context.realtime ?? noRealtime;
  const maxBytes = config.uploads.maxBytes;

  /** Everything checked before a byte is stored: the name, the target and the caller's right to it. */
  async function checkRequest(request: UploadRequest) {
    const fileName = displayFileName(request.fileNameHeader);
    if (!fileName) throw new HttpError(400, ownMessages.uploadFileNameMissing);
    if (!uploadExtensionOf(fileName)) throw new HttpError(400, ownMessages.uploadFormatUnsupported);
    const translator = translatorForFile(fileName);
    if (!translator) throw new HttpError(400, ownMessages.uploadFormatUnsupported);

    const key = request.idempotencyKey;
    if (key !== undefined && (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY)) {
      throw new HttpError(400, ownMessages.uploadIdempotencyKeyInvalid);
    }

    const { modelId, organizationId, name } = request.fields;
    const review = request.fields.review === 'true';
    let newModel: UploadPayload['newModel'] = null;
    if (modelId !== undefined) {
      await access.requireModel(request.userId, modelId, 'update');
      // A review compares with the latest version: there must be one.
      if (review && !(await versionStore.latestId(db, modelId))) {
        throw new HttpError(400, ownMessages.reviewNeedsModel);
      }
    } else if (review) {
      throw new HttpError(400, ownMessages.reviewNeedsModel);
    } else if (organizationId !== undefined) {
      await access.requireOrganization(request.userId, organizationId, ORGANIZATION_MODEL_CREATORS);
      const parsedName = entityNameSchema.safeParse(name);
      if (!parsedName.success) {
        throw new HttpError(400, parsedName.error.issues[0]?.message ?? messages.modelNameBlank);
      }
      // The quota (issue #10) is decided when the job inserts the model; refusing now spares a useless upload.
      const refused = await newModelRefusedEarly(db, organizationId);
      if (refused) throw new HttpError(402, refused);
      newModel = { id: randomUUID(), organizationId, name: parsedName.data };
    } else {
      throw new HttpError(400, messages.organizationDetailsMissing);
    }
    return { fileName, format: translator.id, modelId: modelId ?? null, newModel, key: key ?? null, review };
  }

  const conflict = () => new HttpError(409, ownMessages.uploadInProgress);

  return {
    async start(request: UploadRequest): Promise<UploadAccepted> {
      const checked = await checkRequest(request);
      if (checked.key !== null) {
        const first = await jobQueue.findByIdempotencyKey(db, request.userId, checked.key);
        if (first) return { status: 200, job: toJob(first) };
      }
      if (request.declaredBytes !== undefined && request.declaredBytes > maxBytes) {
        throw new HttpError(413, ownMessages.uploadFileTooLarge);
      }
      if (request.declaredBytes === 0) throw new HttpError(400, ownMessages.uploadFileEmpty);
      // Refused before the file is read; the unique index below settles a race between two requests.
      if (checked.modelId && (await jobQueue.hasUnfinished(db, checked.modelId, WRITER_JOB_KINDS)))
        throw conflict();

      let blob;
      try {
        blob = await deps.blobs.put(request.body, { maxBytes });
      } catch (error) {
        // Read and drop the rest, so the client finishes sending and reads the answer on a healthy connection
        // (a client that never stops is cut off by the server's request timeout).
        request.body.resume();
        if (error instanceof BlobTooLargeError) throw new HttpError(413, ownMessages.uploadFileTooLarge);
        if (error instanceof EmptyBlobError) throw new HttpError(400, ownMessages.uploadFileEmpty);
        throw error;
      }

      const payload: UploadPayload = {
        fileName: checked.fileName,
        format: checked.format,
        sizeBytes: blob.sizeBytes,
        blob: blob.sha256,
        message: request.fields.message?.trim() || null,
        newModel: checked.newModel,
        ...(request.cause.sessionId === undefined ? {} : { sessionId: request.cause.sessionId }),
        ...(checked.review ? { review: true } : {}),
      };
      let job: JobRow;
      try {
        job = await db.transaction(async (tx) => {
          await recordBlob(tx, blob, clock());
          return jobQueue.insert(
            tx,
            {
              id: randomUUID(),
              kind: UPLOAD_JOB_KIND,
              modelId: checked.modelId,
              createdBy: request.userId,
              idempotencyKey: checked.key,
              payload,
            },
            clock(),
          );
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Either the same key raced in twice (answer with the winner's job) or another upload got the model.
        const first = checked.key
          ? await jobQueue.findByIdempotencyKey(db, request.userId, checked.key)
          : undefined;
        if (first) return { status: 200, job: toJob(first) };
        throw conflict();
      }
      deps.runner.wake();
      const accepted = toJob(job);
      // Collaborators see an upload start; a new model's upload has no room yet, only its uploader hears of it.
      void realtime.publish(
        [
          ...(checked.modelId
            ? [{ kind: 'model' as const, modelId: checked.modelId, minimumAbility: 'view' as const }]
            : []),
          { kind: 'user', userId: request.userId },
        ],
        realtimeEvent('ProgressUpdate', accepted, request.cause),
      );
      return { status: 202, job: accepted };
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
