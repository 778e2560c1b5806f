import type { SupportRequestKind } from '../../../contract/http/requests';
import type { Queryable } from '../../db/db';

export interface NewSupportRequest {
  id: string;
  userId: string;
  kind: SupportRequestKind;
  subject: string;
  message: string;
  page: string | null;
  screenshotBlob: string | null;
  createdAt: Date;
}

export function createRequestsRepository(db: Queryable) {
  return {
    async insert(request: NewSupportRequest): Promise<void> {
      await db.query(
        `INSERT INTO support_requests (id, user_id, kind, subject, message, page, screenshot_blob, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          request.id,
          request.userId,
          request.kind,
          request.subject,
          request.message,
          request.page,
          request.screenshotBlob,
          request.createdAt,
        ],
      );
    },
  };
}
