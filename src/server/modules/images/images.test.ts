import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../../contract/errors';
import {
  AVATAR_MAX_BYTES,
  AVATAR_SIZE_PX,
  BATCH_IMAGE_URLS_MAX,
  batchImageUrlsResponse,
  MODEL_SCREENSHOT_MAX_BYTES,
  MODEL_THUMBNAIL_HEIGHT_PX,
  MODEL_THUMBNAIL_WIDTH_PX,
  modelScreenshotResponse,
} from '../../../contract/http/images';
import { modelListResponse } from '../../../contract/http/models';
import { publicUserSchema, userSchema, type SessionResponse } from '../../../contract/http/users';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { generateBuilding } from '../../../engine/testing/building';
import { presetParameters } from '../../../engine/testing/presets';
import { writeModelJson } from '../../../engine/formats/json';
import { connectAndLogin, type LiveClient } from '../../testing/sockets';
import { createOrganization, grantModelRole, uploadAndWait } from '../../testing/uploads';

/** A landscape test picture: left half red, right half blue, so a centred crop keeps both. */
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
    // Bob works with Alice (one organization), so he may read her profile (issue #22).
    await server.db.query(
      `INSERT INTO organization_collaborators (organization_id, user_id, role, created_at)
       VALUES ($1, $2, 'MEMBER', $3)`,
      [await createOrganization(server, alice.user._id), bob.user._id, new Date()],
    );
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

  describe('model thumbnails from viewer screenshots', () => {
    let owner: SessionResponse;
    let writer: SessionResponse;
    let reader: SessionResponse;
    let limited: SessionResponse;
    let stranger: SessionResponse;
    let modelId: string;
    let versionId: string;
    let otherModel: { modelId: string; versionId: string };

    beforeAll(async () => {
      [owner, writer, reader, limited, stranger] = (await Promise.all(
        ['owner', 'writer', 'reader', 'limited', 'stranger'].map((label) =>
          signUp(server, uniqueEmail(label)),
        ),
      )) as [SessionResponse, SessionResponse, SessionResponse, SessionResponse, SessionResponse];
      const organizationId = await createOrganization(server, owner.user._id);
      const file = writeModelJson(generateBuilding(presetParameters('1k', 3))).bytes;
      const job = await uploadAndWait(server, owner.token, file, {
        fileName: 'tower.json',
        organizationId,
        name: 'Tower',
      });
      ({ modelId, versionId } = job);
      await grantModelRole(server, modelId, writer.user._id, 'WRITE');
      await grantModelRole(server, modelId, reader.user._id, 'READ');
      await grantModelRole(server, modelId, limited.user._id, 'LIMITEDVIEW');
      const other = await uploadAndWait(server, owner.token, file, {
        fileName: 'annex.json',
        organizationId,
        name: 'Annex',
      });
      otherModel = { modelId: other.modelId, versionId: other.versionId };
    });

    const dataUrl = (bytes: Uint8Array, type: 'png' | 'jpeg') =>
      `data:image/${type};base64,${Buffer.from(bytes).toString('base64')}`;
    const postScreenshot = (session: SessionResponse | undefined, body: unknown) =>
      server.request('POST', '/api/images/modelScreenshot', {
        json: body,
        ...(session ? { token: session.token } : {}),
      });
    const listedImage = async (session: SessionResponse, id: string) =>
      modelListResponse
        .parse((await server.request('GET', '/api/models?getImages=true', { token: session.token })).body)
        .data.find((model) => model._id === id)?.image;

    it('turns a PNG or JPEG screenshot into the model’s 480 × 320 WebP thumbnail and tells its viewers', async () => {
      const clients: LiveClient[] = [];
      try {
        for (const session of [owner, limited]) {
          clients.push(await connectAndLogin(server.url, session.token, session.user._id));
        }
        for (const format of ['png', 'jpeg'] as const) {
          const seen = clients.map((client) => client.events.length);
          // 3:1, wider than the tile: the crop keeps the middle, red on the left and blue on the right.
          const response = await postScreenshot(writer, {
            data: dataUrl(await picture(format, 900, 300), format),
            modelId,
            versionId,
          });
          expect(response.status).toBe(201);
          const answer = modelScreenshotResponse.parse(response.body);
          expect(answer).toEqual({
            modelId,
            versionId,
            imageUrl: expect.stringMatching(/^\/api\/images\/blobs\/[0-9a-f]{64}$/),
          });
          expect(await listedImage(owner, modelId)).toBe(answer.imageUrl);
          // LIMITEDVIEW sees the model in lists, thumbnail included.
          expect(await listedImage(limited, modelId)).toBe(answer.imageUrl);

          const { response: served, bytes } = await fetchImage(answer.imageUrl);
          expect(served.status).toBe(200);
          expect(served.headers.get('content-type')).toBe('image/webp');
          const metadata = await sharp(bytes).metadata();
          expect([metadata.format, metadata.width, metadata.height]).toEqual([
            'webp',
            MODEL_THUMBNAIL_WIDTH_PX,
            MODEL_THUMBNAIL_HEIGHT_PX,
          ]);
          const { data } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
          const pixel = (x: number) => {
            const at = (160 * MODEL_THUMBNAIL_WIDTH_PX + x) * 3;
            return [...data.subarray(at, at + 3)];
          };
          expect(pixel(10)[0]).toBeGreaterThan(200);
          expect(pixel(MODEL_THUMBNAIL_WIDTH_PX - 10)[2]).toBeGreaterThan(200);

          for (const [index, client] of clients.entries()) {
            const event = await client.waitFor(
              (received) =>
                client.events.indexOf(received) >= (seen[index] ?? 0) &&
                received.payload.eventName === 'ModelUpdated',
            );
            expect(event.payload.data).toEqual({ modelId, thumbnail: true });
            expect(event.payload.author?._id).toBe(writer.user._id);
          }
        }
      } finally {
        for (const client of clients) client.close();
      }
    });

    it('needs WRITE: READ and LIMITEDVIEW get 401, others 404, and the thumbnail stays', async () => {
      const before = await listedImage(owner, modelId);
      const body = { data: dataUrl(await picture('png'), 'png'), modelId, versionId };
      for (const session of [reader, limited]) {
        expect(await postScreenshot(session, body)).toMatchObject({
          status: 401,
          body: { message: messages.unauthorizedAccess },
        });
      }
      expect(await postScreenshot(stranger, body)).toMatchObject({
        status: 404,
        body: { message: ownMessages.modelNotFound },
      });
      expect((await postScreenshot(undefined, body)).status).toBe(403);
      expect(await listedImage(owner, modelId)).toBe(before);
    });

    it('needs a version of that model', async () => {
      const png = dataUrl(await picture('png'), 'png');
      for (const version of [otherModel.versionId, randomUUID(), 'v1']) {
        expect(await postScreenshot(owner, { data: png, modelId, versionId: version })).toMatchObject({
          status: 404,
          body: { message: ownMessages.versionNotFound },
        });
      }
    });

    it('refuses what is not a PNG or JPEG with 400, and more than 2 MB with 413', async () => {
      const png = await picture('png');
      const webp = await picture('webp');
      const notImages = [
        dataUrl(png, 'jpeg'),
        `data:image/png;base64,${Buffer.from(webp).toString('base64')}`,
        `data:image/png;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}`,
        `data:image/gif;base64,${Buffer.from(png).toString('base64')}`,
        dataUrl(png.subarray(0, 60), 'png'),
        'data:image/png;base64,',
        'not a data url',
      ];
      for (const data of notImages) {
        expect({
          data: data.slice(0, 40),
          response: await postScreenshot(owner, { data, modelId, versionId }),
        }).toMatchObject({
          response: { status: 400, body: { message: ownMessages.screenshotNotSupported } },
        });
      }
      // A valid PNG signature followed by 2 MB of anything: too large once decoded, refused before sharp.
      const large = new Uint8Array(MODEL_SCREENSHOT_MAX_BYTES + 1);
      large.set(png);
      expect(await postScreenshot(owner, { data: dataUrl(large, 'png'), modelId, versionId })).toMatchObject({
        status: 413,
        body: { message: ownMessages.modelScreenshotTooLarge },
      });
      // Past the body limit the same message, before the JSON is read.
      const huge = new Uint8Array(3 * MODEL_SCREENSHOT_MAX_BYTES);
      expect(await postScreenshot(owner, { data: dataUrl(huge, 'png'), modelId, versionId })).toMatchObject({
        status: 413,
        body: { message: ownMessages.modelScreenshotTooLarge },
      });
    });

    it('PUT getBatchImageUrls answers the thumbnails of the models the user can see, once each', async () => {
      await server.db.query('UPDATE models SET image_blob = $2 WHERE id = $1', [
        otherModel.modelId,
        'c'.repeat(64),
      ]);
      await server.db.query('UPDATE models SET image_blob = NULL WHERE id = $1', [modelId]);
      const batch = async (session: SessionResponse, modelIds: string[]) => {
        const response = await server.request('PUT', '/api/images/getBatchImageUrls', {
          token: session.token,
          json: { modelIds },
        });
        expect(response.status).toBe(200);
        return batchImageUrlsResponse.parse(response.body).data;
      };
      const asked = [
        otherModel.modelId,
        randomUUID(),
        modelId,
        'not-an-id',
        otherModel.modelId.toUpperCase(),
      ];
      expect(await batch(owner, asked)).toEqual([
        { modelId: otherModel.modelId, imageUrl: `/api/images/blobs/${'c'.repeat(64)}` },
        { modelId, imageUrl: null },
      ]);
      // A collaborator on one model only, LIMITEDVIEW included, learns nothing of the other.
      for (const session of [limited, reader])
        expect(await batch(session, asked)).toEqual([{ modelId, imageUrl: null }]);
      expect(await batch(stranger, asked)).toEqual([]);
      expect(await batch(stranger, [])).toEqual([]);
    });

    it('PUT getBatchImageUrls takes at most 500 ids and needs a session', async () => {
      const tooMany = Array.from({ length: BATCH_IMAGE_URLS_MAX + 1 }, () => randomUUID());
      expect(
        await server.request('PUT', '/api/images/getBatchImageUrls', {
          token: owner.token,
          json: { modelIds: tooMany },
        }),
      ).toMatchObject({ status: 400, body: { message: ownMessages.tooManyModelIds } });
      expect(
        (
          await server.request('PUT', '/api/images/getBatchImageUrls', {
            token: owner.token,
            json: { modelIds: tooMany.slice(1) },
          })
        ).status,
      ).toBe(200);
      expect(
        (await server.request('PUT', '/api/images/getBatchImageUrls', { json: { modelIds: [modelId] } }))
          .status,
      ).toBe(403);
    });

    it('draws a new model from a file as its thumbnail, again at each version; a view someone set is never replaced', async () => {
      const file = writeModelJson(generateBuilding(presetParameters('1k', 5))).bytes;
      const organizationId = await createOrganization(server, owner.user._id);
      const made = await uploadAndWait(server, owner.token, file, {
        fileName: 'sketched.json',
        organizationId,
        name: 'Sketched',
      });
      const sketched = await listedImage(owner, made.modelId);
      expect(sketched).toMatch(/^\/api\/images\/blobs\/[0-9a-f]{64}$/);
      const { response, bytes } = await fetchImage(sketched as string);
      expect(response.headers.get('content-type')).toBe('image/webp');
      const metadata = await sharp(bytes).metadata();
      expect([metadata.width, metadata.height]).toEqual([
        MODEL_THUMBNAIL_WIDTH_PX,
        MODEL_THUMBNAIL_HEIGHT_PX,
      ]);
      // A drawing, not a blank tile: the members' colours are in it.
      const stats = await sharp(bytes).stats();
      expect(stats.channels.some((channel) => channel.min < 150)).toBe(true);

      // A sketch follows the latest version: another building's version redraws it.
      const other = writeModelJson(generateBuilding(presetParameters('1k', 6))).bytes;
      await uploadAndWait(server, owner.token, other, { fileName: 'other.json', modelId: made.modelId });
      const redrawn = await listedImage(owner, made.modelId);
      expect(redrawn).toMatch(/^\/api\/images\/blobs\/[0-9a-f]{64}$/);
      expect(redrawn).not.toBe(sketched);

      const chosen = await postScreenshot(owner, {
        data: dataUrl(await picture('png', 600, 400), 'png'),
        modelId: made.modelId,
        versionId: made.versionId,
      });
      const chosenUrl = modelScreenshotResponse.parse(chosen.body).imageUrl;
      await uploadAndWait(server, owner.token, file, { fileName: 'again.json', modelId: made.modelId });
      expect(await listedImage(owner, made.modelId)).toBe(chosenUrl);

      // A model without one (its thumbnail cleared) is drawn at its next version.
      await server.db.query('UPDATE models SET image_blob = NULL, image_is_sketch = false WHERE id = $1', [
        made.modelId,
      ]);
      await uploadAndWait(server, owner.token, file, { fileName: 'third.json', modelId: made.modelId });
      expect(await listedImage(owner, made.modelId)).toBe(sketched);
    }, 120_000);
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
