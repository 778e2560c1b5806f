import { sessionResponse, type SessionResponse } from '../../contract/http/users';
import type { TestServer } from './testServer';

export const strongPassword = 'Correct-Horse-9';

/** The resetToken and email of the newest verification mail to `email`, read from the outbox like a user would. */
export async function verificationLinkFor(server: TestServer, email: string) {
  const mail = await server.lastMailTo(email);
  const link = mail.links[0];
  if (!link) throw new Error(`The mail to ${email} has no link:\n${mail.text}`);
  const url = new URL(link);
  return {
    link: url,
    resetToken: url.searchParams.get('resetToken') ?? '',
    email: url.searchParams.get('email') ?? '',
  };
}

/** Signs up through the real endpoints (signup → mail → verify) and returns the new session. */
export async function signUp(
  server: TestServer,
  email: string,
  names: { firstName?: string; lastName?: string; password?: string } = {},
): Promise<SessionResponse> {
  const signup = await server.request('POST', '/auth/signup', { json: { emailAddress: email } });
  if (signup.status !== 200) throw new Error(`signup answered ${signup.status}`);
  const { resetToken, email: mailedEmail } = await verificationLinkFor(server, email.toLowerCase());
  const verify = await server.request('POST', '/auth/verify', {
    json: {
      resetToken,
      emailAddress: mailedEmail,
      firstName: names.firstName ?? 'Ada',
      lastName: names.lastName ?? 'Lovelace',
      password: names.password ?? strongPassword,
    },
  });
  if (verify.status !== 201)
    throw new Error(`verify answered ${verify.status}: ${JSON.stringify(verify.body)}`);
  return sessionResponse.parse(verify.body);
}

let counter = 0;
/** A unique address per call, so tests sharing a server never collide. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}
