import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilterBody } from '../../../contract/http/filters';
import type { SessionResponse } from '../../../contract/http/users';
import { writeModelJson } from '../../../engine/formats/json';
import { countModel } from '../../../engine/formats/report';
import { emptyModel, type Model, type SourceTool } from '../../../engine/schema';
import type { Queryable } from '../../db/db';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { createOrganization, uploadAndWait } from '../../testing/uploads';
import { buildManifest } from './manifest';
import { versionStore } from './repository';
import { filterUploadToModel } from './uploadFilter';

/** One beam B1 on two nodes, with section `profileId`, as `tool` writes it. */
function beamModel(tool: SourceTool, profileId = 'W12'): Model {
  const model = emptyModel({ tool });
  const base = { source: { tool }, attributes: {} };
  model.materials = [{ ...base, id: 'A992', name: 'A992', type: 'Material', kind: 'steel' }];
  model.profiles = ['W12', 'W14'].map((id) => ({
    ...base,
    id,
    name: id,
    type: 'Profile' as const,
    kind: 'frame' as const,
    materialId: 'A992',
    section: { shape: 'library' as const, designation: id },
  }));
  model.nodes = [0, 1000].map((x, index) => ({
    ...base,
    id: `n${index}`,
    name: `n${index}`,
    type: 'Node',
    x,
    y: 0,
    z: 0,
  }));
  model.elements = [
    { ...base, id: 'B1', name: 'B1', type: 'Beam', startNodeId: 'n0', endNodeId: 'n1', profileId },
  ];
  return model;
}

/** The SAP2000 upload that resizes B1 to W14, as the upload job hands it over. */
function resizedInSap() {
  const model = beamModel('sap2000', 'W14');
  return { ...buildManifest(model), counts: countModel(model), format: 's2k' };
}

describe.each(databases('pooled transactions'))('filterUploadToModel on $kind', ({ kind }) => {
  let server: TestServer;
  let owner: SessionResponse;

  /** A model of the organization whose one version ETABS wrote. */
  async function etabsModel(organizationId: string): Promise<string> {
    const { modelId } = await uploadAndWait(server, owner.token, writeModelJson(beamModel('etabs')).bytes, {
      fileName: 'frame.json',
      organizationId,
      name: 'Frame',
    });
    return modelId;
  }

  async function createFilter(path: string, body: FilterBody): Promise<void> {
    const response = await server.request('POST', path, { token: owner.token, json: body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  }

  /** The loader as the upload job runs it (in its transaction, under the model lock), and the SQL it sent. */
  async function filterAs(modelId: string) {
    const statements: string[] = [];
    const filtered = await server.db.transaction(async (tx) => {
      expect(await versionStore.lockModel(tx, modelId)).toBe(true);
      const recording: Queryable = {
        query: (sql, params) => {
          statements.push(sql);
          return tx.query(sql, params);
        },
        exec: (sql) => tx.exec(sql),
      };
      return filterUploadToModel(recording, modelId, resizedInSap());
    });
    const read = (
      [
        ['tools', /manifest -> 'tools'/],
        ['manifest', /SELECT number, manifest FROM versions/],
        ['objects', /FROM model_objects/],
      ] as const
    ).flatMap(([what, pattern]) => (statements.some((sql) => pattern.test(sql)) ? [what] : []));
    return { filtered, read };
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUp(server, uniqueEmail('owner'));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("reads the organization's filters, and a model's own over them for that model only", async () => {
    const organizationId = await createOrganization(server, owner.user._id, 'Filtered');
    await createFilter(`/api/organizations/${organizationId}/filters`, {
      from: 'SAP',
      to: 'Etabs',
      properties: ['Geometry'],
    });
    const ownFilter = await etabsModel(organizationId);
    const organizationOnly = await etabsModel(organizationId);
    await createFilter(`/api/models/${ownFilter}/filters`, {
      from: 'SAP',
      to: 'Etabs',
      properties: ['Profile'],
    });

    const held = await filterAs(organizationOnly);
    expect(held.read).toEqual(['tools', 'manifest', 'objects']);
    expect(held.filtered?.items.map((item) => [item.id, item.reason])).toEqual([
      ['B1', "Kept Etabs's Profile: the filter SAP → Etabs does not let Profile through"],
    ]);
    const passed = await filterAs(ownFilter);
    expect(passed.filtered).toBeDefined();
    expect(passed.filtered?.items).toEqual([]);
    // B1 took the resize and is SAP2000's; the nodes it did not move stay ETABS's.
    expect(passed.filtered?.manifest.tools).toEqual(['etabs', 'sap2000']);
  });

  it('reads nothing of the version when no filter can apply to the upload', async () => {
    const plain = await etabsModel(await createOrganization(server, owner.user._id, 'Plain'));
    expect(await filterAs(plain)).toEqual({ filtered: undefined, read: [] });

    const fromRevit = await createOrganization(server, owner.user._id, 'From Revit');
    await createFilter(`/api/organizations/${fromRevit}/filters`, {
      from: 'Revit',
      to: 'Etabs',
      properties: [],
    });
    expect(await filterAs(await etabsModel(fromRevit))).toEqual({ filtered: undefined, read: [] });

    // From SAP, but To a platform that wrote none of the version's objects: only the version's tools are read.
    const toRevit = await createOrganization(server, owner.user._id, 'To Revit');
    await createFilter(`/api/organizations/${toRevit}/filters`, { from: 'SAP', to: 'Revit', properties: [] });
    expect(await filterAs(await etabsModel(toRevit))).toEqual({ filtered: undefined, read: ['tools'] });
  });
});
