import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../../contract/errors';
import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX } from '../../../contract/http/images';
import { publicUserSchema, userSchema, type SessionResponse } from '../../../contract/http/users';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { createOrganization } from '../uploads/uploadTesting';

/** A landscape test picture: left half red, right half blue, so a centred square crop keeps both. */
async function picture(format: 'png' | 'jpeg' | 'webp', width = 600, height = 400): Promise<Uint8Array> {
  const left = await sharp({
    create: { width: width / 2, height, channels: 3, background: '#ff0000' },
  })
    .png()
    .toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: '#0000ff' } }).composite([
    { input: left, left: 0, top: 0 },
  ]);
  return new Uint8Array(await image.toFormat(format).toBuffer());
}

describe.each(databases())('images API on $kind', ({ kind }) => {
  let server: TestServer;
  let alice: SessionResponse;
  let bob: SessionResponse;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ANALYTICS_ENABLED: 'false' } });
    alice = await signUp(server, uniqueEmail('alice'), { firstName: 'Alice', lastName: 'Zeta' });
    bob = await signUp(server, uniqueEmail('bob'), { firstName: 'Bob', lastName: 'Young' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const uploadAvatar = (session: SessionResponse | undefined, bytes: Uint8Array, contentType: string) =>
    server.request('POST', '/api/images/profileImage', {
      bytes,
      headers: { 'content-type': contentType },
      ...(session ? { token: session.token } : {}),
    });

  async function fetchImage(url: string) {
    const response = await fetch(`${server.url}${url}`);
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  it('turns a PNG, JPEG or WebP into a 256 × 256 WebP avatar, served by its hash without a session', async () => {
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const response = await uploadAvatar(alice, await picture(format), `image/${format}`);
      expect(response.status).toBe(200);
      const user = userSchema.parse(response.body);
      expect(user.avatarUrl).toMatch(/^\/api\/images\/blobs\/[0-9a-f]{64}$/);
      expect(
        userSchema.parse((await server.request('GET', '/api/users', { token: alice.token })).body).avatarUrl,
      ).toBe(user.avatarUrl);
      // Other users see it too (collaborator lists, the navigation).
      const seenByBob = await server.request('GET', `/api/users/${alice.user._id}`, { token: bob.token });
      expect(publicUserSchema.parse(seenByBob.body).avatarUrl).toBe(user.avatarUrl);

      const { response: served, bytes } = await fetchImage(user.avatarUrl ?? '');
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(bytes).metadata();
      expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
        format: 'webp',
        width: AVATAR_SIZE_PX,
        height: AVATAR_SIZE_PX,
      });
      // Cropped around the centre: red on the left, blue on the right.
      const { data } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number) => [
        ...data.subarray((128 * AVATAR_SIZE_PX + x) * 3, (128 * AVATAR_SIZE_PX + x) * 3 + 3),
      ];
      expect(pixel(10)[0]).toBeGreaterThan(200);
      expect(pixel(AVATAR_SIZE_PX - 10)[2]).toBeGreaterThan(200);
    }
  });

  it('refuses a file that is not the PNG, JPEG or WebP it claims to be', async () => {
    const png = await picture('png');
    const cases: Array<[Uint8Array, string]> = [
      [
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/png',
      ],
      [new TextEncoder().encode('plain text'), 'text/plain'],
      [png, 'image/jpeg'],
      [png, 'image/svg+xml'],
      [png, 'application/octet-stream'],
      [png.subarray(0, 100), 'image/png'],
      [new Uint8Array(0), 'image/png'],
    ];
    for (const [bytes, contentType] of cases) {
      expect({ contentType, response: await uploadAvatar(bob, bytes, contentType) }).toMatchObject({
        contentType,
        response: { status: 400, body: { message: ownMessages.imageNotSupported } },
      });
    }
    expect(
      userSchema.parse((await server.request('GET', '/api/users', { token: bob.token })).body).avatarUrl,
    ).toBeNull();
  });

  it('refuses an image over 5 MB with 413, whether or not its size was announced', async () => {
    const tooBig = new Uint8Array(AVATAR_MAX_BYTES + 1);
    tooBig.set(await picture('png'));
    expect(await uploadAvatar(bob, tooBig, 'image/png')).toMatchObject({
      status: 413,
      body: { message: ownMessages.imageTooLarge },
    });
    // Streamed without a Content-Length: cut off once it passes the limit.
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > AVATAR_MAX_BYTES + chunk.length) controller.close();
        else controller.enqueue(chunk);
        sent += chunk.length;
      },
    });
    const streamed = await fetch(`${server.url}/api/images/profileImage`, {
      method: 'POST',
      headers: { authorization: bob.token, 'content-type': 'image/png' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect({ status: streamed.status, body: await streamed.json() }).toEqual({
      status: 413,
      body: { message: ownMessages.imageTooLarge },
    });
  });

  it('needs a session to upload or remove an avatar', async () => {
    expect(await uploadAvatar(undefined, await picture('png'), 'image/png')).toMatchObject({
      status: 403,
      body: { message: messages.sessionExpired },
    });
    expect((await server.request('DELETE', '/api/images/users')).status).toBe(403);
  });

  it('removes the avatar, after which its address no longer serves it', async () => {
    const uploaded = userSchema.parse(
      (await uploadAvatar(bob, await picture('jpeg', 300, 500), 'image/jpeg')).body,
    );
    const url = uploaded.avatarUrl ?? '';
    expect((await fetchImage(url)).response.status).toBe(200);
    const removed = await server.request('DELETE', '/api/images/users', { token: bob.token });
    expect(removed.status).toBe(200);
    expect(userSchema.parse(removed.body).avatarUrl).toBeNull();
    expect((await fetchImage(url)).response.status).toBe(404);

    // The same picture as a model's thumbnail is served again: thumbnails are images we show.
    const organizationId = await createOrganization(server, bob.user._id);
    const now = new Date();
    await server.db.query(
      `INSERT INTO models (id, organization_id, name, units, created_by, image_blob, created_at, updated_at)
       VALUES ($1, $2, 'Thumbnailed', 'm', $3, $4, $5, $5)`,
      [randomUUID(), organizationId, bob.user._id, url.split('/').at(-1) ?? '', now],
    );
    expect((await fetchImage(url)).response.status).toBe(200);
  });

  it('serves nothing but avatars and thumbnails', async () => {
    // A blob that exists but is neither (a stored file with no image role).
    await server.db.query(
      `INSERT INTO blobs (sha256, size_bytes, created_at) VALUES ($1, 3, now()) ON CONFLICT DO NOTHING`,
      ['a'.repeat(64)],
    );
    for (const path of [
      `/api/images/blobs/${'a'.repeat(64)}`,
      `/api/images/blobs/${'b'.repeat(64)}`,
      '/api/images/blobs/not-a-hash',
      `/api/images/blobs/${'A'.repeat(64)}`,
    ]) {
      expect({ path, status: (await fetchImage(path)).response.status }).toEqual({ path, status: 404 });
    }
  });
});
