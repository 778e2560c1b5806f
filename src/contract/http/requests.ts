import { z } from 'zod';
import { multilineText, text } from './text';
import { messages, ownMessages } from '../errors';

/**
 * POST /api/v2/requests: a bug report or a contact message from a signed-in user (/bugReport, Help). Stored and
 * mailed to every internal admin, the screenshot attached. Answers 201 { _id }. At most
 * SUPPORT_REQUESTS_PER_HOUR per user (429 after that).
 */
export const SUPPORT_SCREENSHOT_MAX_BYTES = 2 * 1024 * 1024;
export const SUPPORT_REQUESTS_PER_HOUR = 10;
/** The request body limit of this route: a 2 MB screenshot is about 2.8 MB as base64. Over it → 413. */
export const SUPPORT_REQUEST_BODY_MAX_BYTES = 3.5 * 1024 * 1024;

export const supportRequestKindSchema = z.enum(['bug', 'contact']);
export type SupportRequestKind = z.infer<typeof supportRequestKindSchema>;

/**
 * A PNG or JPEG as a data URL (what canvas.toDataURL and FileReader.readAsDataURL give). Over
 * SUPPORT_SCREENSHOT_MAX_BYTES once decoded → 413 ownMessages.screenshotTooLarge; not a PNG or JPEG → 400.
 */
export const screenshotDataUrlSchema = z
  .string()
  .max(SUPPORT_REQUEST_BODY_MAX_BYTES)
  .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]*={0,2}$/, {
    error: ownMessages.screenshotNotSupported,
  });

const textSchema = (max: number, multiline = false) =>
  (multiline ? multilineText : text)({ error: messages.fillOutForm })
    .trim()
    .min(1, { error: messages.fillOutForm })
    .max(max);

export const createSupportRequestBody = z.strictObject({
  kind: supportRequestKindSchema,
  // Pasted subjects may hold a line break; the mail flattens it (modules/requests/mails.ts).
  subject: textSchema(200, true),
  message: textSchema(10_000, true),
  /** The page the user was on (a path in the app), to help reproduce a bug. */
  page: text().trim().max(2000).optional(),
  screenshot: screenshotDataUrlSchema.optional(),
});
export type CreateSupportRequestBody = z.input<typeof createSupportRequestBody>;

export const createSupportRequestResponse = z.object({ _id: z.string() });
export type CreateSupportRequestResponse = z.infer<typeof createSupportRequestResponse>;
