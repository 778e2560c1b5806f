import { describe, expect, it } from 'vitest';
import { useRecordingApiServer } from '../../tests/recordingApiServer';
import type { VersionElement, VersionScene } from '../contract/http/versions';
import { getBatchImageUrls, postModelScreenshot } from './images';
import { getVersionContextGeometry, getVersionElement, getVersionScene } from './versions';

/** The 3-D viewer's calls (issue #6) over real HTTP: what reaches the server and what comes back. */

const { received, replies, client } = useRecordingApiServer();

/** Two columns on a level, joined by a beam, and a load on the beam: a scene as the server sends it. */
const scene: VersionScene = {
  modelId: 'model-1',
  versionId: 'v-1',
  units: 'm',
  levels: [{ id: 'L1', name: 'Level 1', elevation: 3000 }],
  grids: [{ id: 'A', label: 'A', system: 'G', start: [0, -2000], end: [0, 2000] }],
  materials: [{ id: 'S355', name: 'S355', kind: 'steel' }],
  profiles: [
    {
      id: 'W14X90',
      name: 'W14X90',
      kind: 'frame',
      family: 'i',
      depth: 355.6,
      width: 213.36,
      flangeThickness: 21,
      webThickness: 14,
      thickness: 0,
      approximate: true,
    },
  ],
  nodes: {
    ids: ['n1', 'n2', 'n3', 'n4'],
    xyz: [0, 0, 0, 0, 0, 3000, 6000, 0, 0, 6000, 0, 3000],
    restraints: [63, 0, 63, 0],
  },
  elements: {
    ids: ['C1', 'C2', 'B1'],
    names: ['C1', 'C2', 'B1'],
    types: [4, 4, 1],
    profiles: [0, 0, 0],
    materials: [0, 0, 0],
    levels: [0, 0, 0],
    angles: [0, 90, 0],
    cardinalPoints: [10, 10, 8],
    releases: [0, 0, 0],
    nodeOffsets: [0, 2, 4, 6],
    nodeIndices: [0, 1, 2, 3, 1, 3],
  },
  loads: {
    patterns: ['Dead'],
    kinds: [1],
    targets: [2],
    patternIndices: [0],
    directions: [0, 0, -1],
    magnitudes: [2000],
    local: [false],
  },
};

describe('getVersionScene', () => {
  it('fetches the scene without the global loader and hands it over parsed', async () => {
    replies.set('GET /api/models/model-1/data/versions/v-1/scene', { status: 200, body: scene });
    const { http, loaderShown } = client();
    expect(await getVersionScene(http, 'model-1', 'v-1')).toEqual({ ok: true, status: 200, data: scene });
    expect(received[0]?.headers['x-show-loader']).toBe('false');
    expect(received[0]?.headers.authorization).toBe('stored-token');
    expect(loaderShown()).toBe(0);
  });

  it('refuses a scene whose columns do not line up, as a server error', async () => {
    const broken = [
      { ...scene, nodes: { ...scene.nodes, xyz: scene.nodes.xyz.slice(1) } },
      { ...scene, elements: { ...scene.elements, nodeIndices: [0, 1, 2, 3, 1, 9] } },
      { ...scene, elements: { ...scene.elements, names: ['C1'] } },
      { ...scene, loads: { ...scene.loads, directions: [0, 0] } },
      { ...scene, profiles: [{ ...scene.profiles[0], family: 'zed' }] },
    ];
    for (const body of broken) {
      replies.set('GET /api/models/model-1/data/versions/v-1/scene', { status: 200, body });
      const { http, toasts } = client();
      expect(await getVersionScene(http, 'model-1', 'v-1')).toEqual({
        ok: false,
        status: 200,
        error: { message: 'Internal server error' },
      });
      expect(toasts).toEqual(['Internal server error']);
    }
  });

  it('passes a 404 on as the server’s message, without a toast', async () => {
    replies.set('GET /api/models/model-1/data/versions/v-9/scene', {
      status: 404,
      body: { message: 'This version does not exist.' },
    });
    const { http, toasts } = client();
    expect(await getVersionScene(http, 'model-1', 'v-9')).toEqual({
      ok: false,
      status: 404,
      error: { message: 'This version does not exist.' },
    });
    expect(toasts).toEqual([]);
  });
});

describe('getVersionContextGeometry', () => {
  it('reads 204 as "no context" without a toast: ETABS and SAP2000 versions have none (issue #23)', async () => {
    replies.set('GET /api/models/model-1/data/versions/v-1/context', { status: 204, body: undefined });
    const { http, toasts, loaderShown } = client();
    expect(await getVersionContextGeometry(http, 'model-1', 'v-1')).toEqual({
      ok: true,
      status: 204,
      data: null,
    });
    expect(received[0]?.headers['x-show-loader']).toBe('false');
    expect(toasts).toEqual([]);
    expect(loaderShown()).toBe(0);
  });

  it('passes a 404 (a version that is not there) on as a failure, without a toast', async () => {
    replies.set('GET /api/models/model-1/data/versions/v-9/context', {
      status: 404,
      body: { message: 'This version does not exist.' },
    });
    const { http, toasts } = client();
    expect(await getVersionContextGeometry(http, 'model-1', 'v-9')).toEqual({
      ok: false,
      status: 404,
      error: { message: 'This version does not exist.' },
    });
    expect(toasts).toEqual([]);
  });
});

describe('getVersionElement', () => {
  const answer: VersionElement = {
    element: {
      id: 'Bay 7/east B',
      type: 'Beam',
      name: 'B7',
      source: { tool: 'etabs' },
      attributes: { PIER: 'P1' },
      startNodeId: 'n2',
      endNodeId: 'n4',
      profileId: 'W14X90',
    },
    profile: null,
    material: null,
    level: null,
    nodes: [
      { id: 'n2', x: 0, y: 0, z: 3000 },
      { id: 'n4', x: 6000, y: 0, z: 3000 },
    ],
    lengthMm: 6000,
    units: 'ft',
    loads: 1,
  };

  it('puts the element id in the path as one encoded segment', async () => {
    replies.set('GET /api/models/model-1/data/versions/v-1/elements/Bay%207%2Feast%20B', {
      status: 200,
      body: answer,
    });
    const { http } = client();
    expect(await getVersionElement(http, 'model-1', 'v-1', 'Bay 7/east B')).toEqual({
      ok: true,
      status: 200,
      data: answer,
    });
    expect(received[0]?.headers['x-show-loader']).toBe('false');
  });

  it('passes on “this element does not exist” for the panel to show', async () => {
    replies.set('GET /api/models/model-1/data/versions/v-1/elements/nope', {
      status: 404,
      body: { message: 'This element does not exist in this version.' },
    });
    const { http, toasts } = client();
    expect(await getVersionElement(http, 'model-1', 'v-1', 'nope')).toEqual({
      ok: false,
      status: 404,
      error: { message: 'This element does not exist in this version.' },
    });
    expect(toasts).toEqual([]);
  });
});

describe('postModelScreenshot and getBatchImageUrls', () => {
  it('posts the data URL with the model and version, and reads the thumbnail’s address', async () => {
    const created = { modelId: 'model-1', versionId: 'v-1', imageUrl: `/api/images/blobs/${'a'.repeat(64)}` };
    replies.set('POST /api/images/modelScreenshot', { status: 201, body: created });
    const { http } = client();
    const body = { data: 'data:image/png;base64,iVBORw0KGgo=', modelId: 'model-1', versionId: 'v-1' };
    expect(await postModelScreenshot(http, body)).toEqual({ ok: true, status: 201, data: created });
    expect(received[0]?.method).toBe('POST');
    expect(received[0]?.headers['content-type']).toContain('application/json');
    expect(JSON.parse(received[0]?.body.toString() ?? '')).toEqual(body);
  });

  it('asks for many thumbnails in one PUT', async () => {
    const data = [
      { modelId: 'model-1', imageUrl: `/api/images/blobs/${'a'.repeat(64)}` },
      { modelId: 'model-2', imageUrl: null },
    ];
    replies.set('PUT /api/images/getBatchImageUrls', { status: 200, body: { data } });
    const { http } = client();
    expect(await getBatchImageUrls(http, ['model-1', 'model-2', 'model-3'])).toEqual({
      ok: true,
      status: 200,
      data: { data },
    });
    expect(received[0]?.method).toBe('PUT');
    expect(JSON.parse(received[0]?.body.toString() ?? '')).toEqual({
      modelIds: ['model-1', 'model-2', 'model-3'],
    });
  });
});
