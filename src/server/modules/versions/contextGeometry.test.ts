import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBuilding } from '../../../engine/testing/building';
import { presetParameters } from '../../../engine/testing/presets';
import { ownMessages } from '../../../contract/errors';
import type { SessionResponse } from '../../../contract/http/users';
import { etabsTranslator } from '../../../engine/formats/etabs';
import { contextGeometryIds } from '../../../engine/formats/ifc/contextGeometry';
import { ifcTranslator } from '../../../engine/formats/ifc';
import { FIXTURES_SKIP_NOTE, fixturesPresent, readFixture } from '../../../engine/testing/fixtures';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { createOrganization, uploadAndWait } from '../../testing/uploads';

/** The mesh names in a GLB's JSON chunk (the GLB container itself is pinned by the engine's tests). */
function meshNames(glb: Uint8Array): string[] {
  const data = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  expect(data.getUint32(0, true)).toBe(0x46546c67);
  const length = data.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length))) as {
    meshes: Array<{ name: string }>;
  };
  return json.meshes.map((mesh) => mesh.name);
}

/**
 * Issue #9: an IFC upload keeps the geometry of the products its reader approximated or dropped, and the viewer
 * fetches it as glTF from GET …/context; a version from any other format has none and says so.
 */
describe.each(databases())('IFC context geometry of a version on $kind', ({ kind }) => {
  let server: TestServer;
  let owner: SessionResponse;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUp(server, uniqueEmail('owner'));
  });
  afterAll(async () => {
    await server?.close();
  });

  async function upload(fileName: string, bytes: Uint8Array) {
    // An organization per model: a free organization holds three models.
    const organizationId = await createOrganization(server, owner.user._id);
    return uploadAndWait(server, owner.token, bytes, { fileName, organizationId, name: fileName });
  }

  const contextOf = (modelId: string, versionId: string, token = owner.token) =>
    fetch(`${server.url}/api/models/${modelId}/data/versions/${versionId}/context`, {
      headers: { authorization: token },
    });

  it.skipIf(!fixturesPresent)(
    `serves the Tekla project's dropped slabs and brep-only members as GLB${FIXTURES_SKIP_NOTE}`,
    async () => {
      const bytes = readFixture('ifc', 'web-ifc__ISSUE_021_Mini_Project.ifc');
      const { modelId, versionId } = await upload('tekla.ifc', bytes);
      const response = await contextOf(modelId, versionId);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^model\/gltf-binary/);
      const names = meshNames(new Uint8Array(await response.arrayBuffer()));
      // One mesh per product the reader's report names as approximated or dropped: the 20 slabs among them.
      const expected = contextGeometryIds((await ifcTranslator.read(bytes)).report);
      expect(new Set(names)).toEqual(expected);
      expect(names).toHaveLength(expected.size);
    },
    120_000,
  );

  it('answers 204 with no body for a version from an ETABS file, and logs no error (issue #23)', async () => {
    const e2k = (await etabsTranslator.write(generateBuilding(presetParameters('1k', 3)))).bytes;
    const { modelId, versionId } = await upload('tower.e2k', e2k);
    const response = await contextOf(modelId, versionId);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('answers 404 "version does not exist" for a version id of another model, not "no context"', async () => {
    const e2k = (await etabsTranslator.write(generateBuilding(presetParameters('1k', 5)))).bytes;
    const first = await upload('a.e2k', e2k);
    const second = await upload('b.e2k', e2k);
    const response = await contextOf(first.modelId, second.versionId);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: ownMessages.versionNotFound });
  });
});
