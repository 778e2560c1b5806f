import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBuilding } from '../../../engine/testing/building';
import { presetParameters } from '../../../engine/testing/presets';
import { ownMessages } from '../../../contract/errors';
import { versionDetailSchema } from '../../../contract/http/versions';
import type { SessionResponse } from '../../../contract/http/users';
import { cis2Translator } from '../../../engine/formats/cis2';
import { ifcTranslator } from '../../../engine/formats/ifc';
import { readModelJson } from '../../../engine/formats/json';
import type { FileTranslator } from '../../../engine/formats/types';
import { xlsxTranslator } from '../../../engine/formats/xlsx';
import { FIXTURES_SKIP_NOTE, fixturesPresent, readFixture } from '../../../engine/testing/fixtures';
import { hashModel } from '../../../engine/canonical';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { createOrganization, postUpload, uploadAndWait } from '../../testing/uploads';

/**
 * Issue #9's formats through the real upload path (HTTP, job queue, translate worker, storage) and back out through
 * the export route: IFC, CIS/2 and Excel files become versions with the counts the engine reads from them, a file's
 * schema decides its translator whatever its name, and every writer is offered for export.
 */
describe.each(databases())('uploads of IFC, CIS/2 and Excel files on $kind', ({ kind }) => {
  let server: TestServer;
  let owner: SessionResponse;
  let organizationId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUp(server, uniqueEmail('owner'));
    organizationId = await createOrganization(server, owner.user._id);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function exported(modelId: string, versionId: string, format: string): Promise<Uint8Array> {
    const response = await fetch(
      `${server.url}/api/models/${modelId}/data/versions/${versionId}/export?format=${format}`,
      { headers: { authorization: owner.token } },
    );
    expect(response.status, format).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  }

  async function uploadAs(fileName: string, bytes: Uint8Array, translator: FileTranslator) {
    // An organization per model: a free organization holds three models.
    const inOrganization = await createOrganization(server, owner.user._id);
    const job = await uploadAndWait(server, owner.token, bytes, {
      fileName,
      organizationId: inOrganization,
      name: fileName,
    });
    const detail = versionDetailSchema.parse(
      (
        await server.request('GET', `/api/models/${job.modelId}/versions/${job.versionId}`, {
          token: owner.token,
        })
      ).body,
    );
    const expected = await translator.read(bytes);
    expect(detail.origin).toMatchObject({ kind: 'upload', format: translator.id });
    expect(detail.counts).toEqual(expected.report.counts);
    // The stored version is the model the engine reads from the file, object for object.
    const stored = readModelJson(await exported(job.modelId, job.versionId, 'json')).model;
    expect(hashModel(stored)).toBe(hashModel(expected.model));
    return { ...job, model: expected.model };
  }

  it.skipIf(!fixturesPresent)(`reads a Revit IFC file as a version${FIXTURES_SKIP_NOTE}`, async () => {
    const bytes = readFixture('ifc', 'web-ifc__example.ifc');
    const { model } = await uploadAs('frame.ifc', bytes, ifcTranslator);
    expect(model.elements.filter((element) => element.type === 'Beam')).toHaveLength(43);
  });

  it('gives a STEP file to the translator its FILE_SCHEMA names, whatever its extension', async () => {
    const building = generateBuilding(presetParameters('1k', 3));
    const cis2 = (await cis2Translator.write(building)).bytes;
    const ifc = (await ifcTranslator.write(building)).bytes;
    await uploadAs('steel.stp', cis2, cis2Translator);
    await uploadAs('steel-named-as-ifc.ifc', cis2, cis2Translator);
    await uploadAs('model.stp', ifc, ifcTranslator);
  });

  it.skipIf(!fixturesPresent)(
    `reads a SAP2000 "export tables to Excel" workbook${FIXTURES_SKIP_NOTE}`,
    async () => {
      const bytes = readFixture('other', 'py_xlsx_sap2000__MAIN_ENTRANCE_CANOPY--add_curtain_wall.xlsx');
      const { model } = await uploadAs('canopy.xlsx', bytes, xlsxTranslator);
      expect(model.source.tool).toBe('sap2000');
    },
  );

  it('exports a version to every writer, and each export reads back with its translator', async () => {
    const building = generateBuilding(presetParameters('1k', 4));
    const workbook = (await xlsxTranslator.write(building)).bytes;
    const { modelId, versionId, model } = await uploadAs('tower.xlsx', workbook, xlsxTranslator);
    for (const translator of [ifcTranslator, cis2Translator, xlsxTranslator]) {
      const back = (await translator.read(await exported(modelId, versionId, translator.id))).model;
      const frames = (candidate: typeof model) =>
        candidate.elements.filter((element) => ['Beam', 'Column', 'Brace'].includes(element.type)).length;
      expect(frames(back), translator.id).toBe(frames(model));
    }
  });

  it('refuses a file that is neither by its name nor by its content a model, before storing it', async () => {
    const response = await postUpload(server, owner.token, new TextEncoder().encode('AC1032'), {
      fileName: 'drawing.dwg',
      organizationId,
      name: 'Drawing',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: ownMessages.uploadFormatUnsupported });
  });
});
