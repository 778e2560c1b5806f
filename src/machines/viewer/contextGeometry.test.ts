import { createActor } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiResult, HttpClient, HttpMethod, RequestOptions } from '../../api/types';
import { selectContextGeometry, selectError, selectViewerStatus } from './selectors';
import { aScene, flush, twoVersions } from './viewerTestKit';
import { createViewerImplementations, viewerMachine } from './viewerMachine';

/**
 * Issue #9: the viewer screen fetches the shown version's IFC context geometry after its scene, through the real
 * API call (GET …/context) bound by createViewerImplementations, against a fake HTTP client. The canvas draws
 * what selectContextGeometry gives; a version without context (404) or a failed fetch leaves the model as it is.
 */

type Reply = { status: number; glb?: Uint8Array };

function fakeHttp(contextReplies: Record<string, Reply>) {
  const calls: string[] = [];
  const http: HttpClient = {
    async request<T>(method: HttpMethod, path: string, options?: RequestOptions<T>): Promise<ApiResult<T>> {
      calls.push(`${method} ${path}`);
      const scene = /\/data\/versions\/([^/]+)\/scene$/.exec(path);
      if (scene) {
        return { ok: true, status: 200, data: { ...aScene(), modelId: 'model-1', versionId: scene[1] } as T };
      }
      const context = /\/data\/versions\/([^/]+)\/context$/.exec(path);
      const reply = context ? contextReplies[context[1] ?? ''] : undefined;
      if (reply?.glb && options?.download) {
        const blob = new Blob([reply.glb.slice().buffer]);
        return { ok: true, status: 200, data: { blob, fileName: null } as T };
      }
      // No context: the server answers 204 without a body (issue #23), which the download path sees as an empty file.
      const status = reply?.status ?? 204;
      if (status === 204) return { ok: true, status, data: { blob: new Blob([]), fileName: null } as T };
      return { ok: false, status, error: { message: 'The server did not respond.' } };
    },
  };
  return { http, calls };
}

const actors: Array<{ stop: () => void }> = [];
afterEach(() => {
  for (const actor of actors.splice(0)) actor.stop();
});

function start(contextReplies: Record<string, Reply>) {
  const { http, calls } = fakeHttp(contextReplies);
  const actor = createActor(
    viewerMachine.provide(createViewerImplementations({ http, announce: () => undefined })),
    {
      input: {
        modelId: 'model-1',
        versions: twoVersions,
        versionId: null,
        theme: null,
        role: 'READ',
        hasThumbnail: true,
      },
    },
  );
  actors.push(actor);
  actor.start();
  return { actor, calls };
}

/** A few bytes standing for a GLB: the machine passes them on untouched, the viewer reads them. */
const glb = new Uint8Array([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0, 12, 0, 0, 0]);

describe('viewer machine: IFC context geometry', () => {
  it("fetches the shown version's context after its scene and hands the bytes to the canvas", async () => {
    const { actor, calls } = start({ 'version-2': { status: 200, glb } });
    await flush();
    await flush();
    expect(selectViewerStatus(actor.getSnapshot())).toBe('ready');
    expect(calls.filter((call) => call.endsWith('/context'))).toEqual([
      'GET /api/models/model-1/data/versions/version-2/context',
    ]);
    const bytes = selectContextGeometry(actor.getSnapshot());
    expect(bytes && [...new Uint8Array(bytes)]).toEqual([...glb]);
  });

  it('draws no context for a version that has none (204), and shows no error for it', async () => {
    const { actor } = start({});
    await flush();
    await flush();
    expect(selectViewerStatus(actor.getSnapshot())).toBe('ready');
    expect(selectContextGeometry(actor.getSnapshot())).toBeNull();
    expect(selectError(actor.getSnapshot())).toBeNull();
  });

  it('keeps the model shown when the context cannot be fetched', async () => {
    const { actor } = start({ 'version-2': { status: 503 } });
    await flush();
    await flush();
    expect(selectViewerStatus(actor.getSnapshot())).toBe('ready');
    expect(selectContextGeometry(actor.getSnapshot())).toBeNull();
    expect(selectError(actor.getSnapshot())).toBeNull();
  });

  it("drops one version's context when another is chosen, and fetches the new one's", async () => {
    const { actor, calls } = start({ 'version-2': { status: 200, glb } });
    await flush();
    await flush();
    expect(selectContextGeometry(actor.getSnapshot())).not.toBeNull();
    actor.send({ type: 'version.select', versionId: 'version-1' });
    // At once: the old version's geometry must not be drawn around the new version's scene.
    expect(selectContextGeometry(actor.getSnapshot())).toBeNull();
    await flush();
    await flush();
    expect(selectViewerStatus(actor.getSnapshot())).toBe('ready');
    expect(calls.filter((call) => call.endsWith('/context'))).toHaveLength(2);
    expect(selectContextGeometry(actor.getSnapshot())).toBeNull();
  });
});
