/**
 * An error whose status and message are meant for the client. Anything else that reaches the error handler is a
 * bug and answers 500 'Internal server error' with its details only in the log.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.headers = headers;
  }
}
