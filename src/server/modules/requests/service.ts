import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { z } from 'zod';
import { ownMessages } from '../../../contract/errors';
import {
  SUPPORT_REQUESTS_PER_HOUR,
  SUPPORT_SCREENSHOT_MAX_BYTES,
  type createSupportRequestBody,
} from '../../../contract/http/requests';
import type { BlobStore } from '../../blobs/blobStore';
import { recordBlob } from '../../blobs/repository';
import type { ServerContext } from '../../context';
import { HttpError } from '../../httpError';
import { createAttemptLimiter } from '../../plugins/rateLimit';
import { sniffImageType } from '../images/imageType';
import type { UserRecord } from '../users/repository';
import { supportRequestMail } from './mails';
import { createRequestsRepository } from './repository';

type SupportRequestBody = z.output<typeof createSupportRequestBody>;

/**
 * The bytes of a screenshot data URL (the contract checked its shape). Over SUPPORT_SCREENSHOT_MAX_BYTES → 413;
 * bytes that are not the PNG or JPEG the URL declares → 400.
 */
export function screenshotBytes(dataUrl: string): { bytes: Buffer; contentType: 'image/png' | 'image/jpeg' } {
  const comma = dataUrl.indexOf(',');
  const declared = dataUrl.slice('data:'.length, dataUrl.indexOf(';'));
  const base64 = dataUrl.slice(comma + 1);
  // Checked before decoding: 4 base64 characters carry 3 bytes.
  if (Math.floor((base64.length * 3) / 4) - 2 > SUPPORT_SCREENSHOT_MAX_BYTES) {
    throw new HttpError(413, ownMessages.screenshotTooLarge);
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > SUPPORT_SCREENSHOT_MAX_BYTES) throw new HttpError(413, ownMessages.screenshotTooLarge);
  const sniffed = sniffImageType(bytes);
  if ((sniffed !== 'image/png' && sniffed !== 'image/jpeg') || sniffed !== declared) {
    throw new HttpError(400, ownMessages.screenshotNotSupported);
  }
  return { bytes, contentType: sniffed };
}

/** The page a report came from, if it is a path of this app (anything else is not turned into a link). */
function pagePath(page: string | undefined): string | null {
  return page && /^\/(?!\/)\S*$/.test(page) ? page : null;
}

/**
 * Bug reports and contact messages: stored first (with the screenshot in the blob store), then mailed to every
 * internal admin. A mail that cannot be sent is logged; the report is kept either way.
 */
export function createRequestsService(context: ServerContext, deps: { blobs: BlobStore }) {
  const { db, clock, config, mailer, log } = context;
  const perUser = createAttemptLimiter(
    'supportRequestsPerUser',
    { points: SUPPORT_REQUESTS_PER_HOUR, durationSeconds: 3600 },
    context.rateLimitStore,
  );

  return {
    async create(actor: UserRecord, body: SupportRequestBody): Promise<{ _id: string }> {
      const screenshot = body.screenshot ? screenshotBytes(body.screenshot) : null;
      await perUser.consume(actor.id);
      const blob = screenshot
        ? await deps.blobs.put(Readable.from([screenshot.bytes]), { maxBytes: SUPPORT_SCREENSHOT_MAX_BYTES })
        : null;
      const id = randomUUID();
      const page = body.page?.trim() ? body.page.trim() : null;
      await db.transaction(async (tx) => {
        if (blob) await recordBlob(tx, blob, clock());
        await createRequestsRepository(tx).insert({
          id,
          userId: actor.id,
          kind: body.kind,
          subject: body.subject,
          message: body.message,
          page,
          screenshotBlob: blob?.sha256 ?? null,
          createdAt: clock(),
        });
      });

      const path = pagePath(page ?? undefined);
      const mail = {
        id,
        kind: body.kind,
        subject: body.subject,
        message: body.message,
        page,
        from: { name: `${actor.firstName} ${actor.lastName}`, email: actor.email },
        screenshot: screenshot
          ? {
              filename: screenshot.contentType === 'image/png' ? 'screenshot.png' : 'screenshot.jpg',
              content: screenshot.bytes,
              contentType: screenshot.contentType,
            }
          : null,
        link: `${config.publicUrl}${path ?? '/'}`,
      };
      const sent = await Promise.allSettled(
        config.admins.map((admin) => mailer.send(supportRequestMail(admin, mail))),
      );
      for (const result of sent) {
        if (result.status === 'rejected') {
          log.error({ err: result.reason, supportRequestId: id }, 'A support request mail could not be sent');
        }
      }
      return { _id: id };
    },
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
