import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../../contract/errors';
import { certificateResponse, type CertificateWire } from '../../../contract/http/fidelity';
import type { SessionResponse } from '../../../contract/http/users';
import { PINNED_BUILDING_E2K } from '../../../engine/fidelity/testing/pinnedBuilding';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { createOrganization, grantModelRole, uploadAndWait } from '../../testing/uploads';

/** The line of one kind of object ("8 beams: …"). */
function lineOf(certificate: CertificateWire, kind: string): string {
  const line = certificate.kinds.find((entry) => entry.kind === kind)?.line;
  if (line === undefined) throw new Error(`no ${kind} in the certificate`);
  return line;
}

describe.each(databases())('the export certificate on $kind', ({ kind }) => {
  let server: TestServer;
  let owner: SessionResponse;
  let limited: SessionResponse;
  let organizationId: string;
  let modelId: string;
  let versionId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUp(server, uniqueEmail('owner'));
    limited = await signUp(server, uniqueEmail('limited'));
    organizationId = await createOrganization(server, owner.user._id);
    const job = await uploadAndWait(server, owner.token, new TextEncoder().encode(PINNED_BUILDING_E2K), {
      fileName: 'pinned.e2k',
      organizationId,
      name: 'Pinned',
    });
    modelId = job.modelId;
    versionId = job.versionId;
    await grantModelRole(server, modelId, limited.user._id, 'LIMITEDVIEW');
  });
  afterAll(async () => {
    await server?.close();
  });

  const certificatePath = (format: string) =>
    `/api/models/${modelId}/data/versions/${versionId}/certificate?format=${format}`;

  async function certificateOf(format: string): Promise<CertificateWire> {
    const response = await server.request('GET', certificatePath(format), { token: owner.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return certificateResponse.parse(response.body);
  }

  it('certifies the SAP2000 export: pinned beams keep their end releases, quoted names their sections', async () => {
    const certificate = await certificateOf('s2k');
    expect(certificate.format).toBe('s2k');
    const beams = lineOf(certificate, 'beams');
    expect(beams).toMatch(/^8 beams: .*end releases.* identical/);
    expect(beams).not.toMatch(/end releases differ/);
    // `W12X26 "A"` and `12" NWC SLAB` keep their shapes on beams and floors; SAP2000 text cannot quote the inch
    // mark, so the two names come back with a single quote, and the writer says so.
    expect(lineOf(certificate, 'sections')).toBe('3 sections: definitions differ on 2');
    expect(lineOf(certificate, 'floors')).toMatch(/sections.* identical/);
    expect(certificate.resultants).toMatchObject({ patterns: 1, identical: 1, differing: [] });
    // SAP2000 has no storeys: the levels do not come back, and the writer's report says so. Nothing else differs.
    expect(certificate.verdict).toBe('explained');
    expect(certificate.counts).toEqual({
      differences: 5,
      explained: 5,
      unexplained: 0,
      approximated: 2,
      dropped: 3,
    });
    expect(certificate.unexplained).toEqual([]);
    expect(certificate.dropped).toEqual([
      {
        concept: 'level',
        label: 'levels',
        count: 3,
        examples: ['Story2', 'Story1', 'Base'],
        reasons: [
          'Level: 3 stories are not written: SAP2000 has no stories, joints carry absolute elevations',
        ],
        messages: expect.any(Array),
      },
    ]);
  });

  it('answers the same certificate again from the cache', async () => {
    const first = await certificateOf('e2k');
    expect(await certificateOf('e2k')).toEqual(first);
    expect(await certificateOf('E2K')).toEqual(first);
    expect(lineOf(first, 'beams')).toMatch(/end releases/);
  });

  it('certifies the model the export writes: the filter to SAP2000 applies', async () => {
    const filterId = randomUUID();
    const now = new Date();
    await server.db.query(
      `INSERT INTO filters (id, organization_id, model_id, from_platform, to_platform, rules, created_at, updated_at)
       VALUES ($1, $2, $3, 'Etabs', 'SAP', $4::jsonb, $5, $5)`,
      [
        filterId,
        organizationId,
        modelId,
        JSON.stringify({
          elementTypes: ['Column', 'Floor', 'Grid', 'Level'],
          properties: ['Geometry', 'Name', 'Profile', 'Material'],
          nameMappings: [],
        }),
        now,
      ],
    );
    try {
      const certificate = await certificateOf('s2k');
      expect(certificate.kinds.find((entry) => entry.kind === 'beams')).toBeUndefined();
      expect(lineOf(certificate, 'columns')).toMatch(/^8 columns/);
    } finally {
      await server.db.query('DELETE FROM filters WHERE id = $1', [filterId]);
    }
    // Without the filter the beams are back: the cache is per filter set.
    expect(lineOf(await certificateOf('s2k'), 'beams')).toMatch(/^8 beams/);
  });

  it('refuses DXF and unknown formats (400), LIMITEDVIEW (401) and other models’ versions (404)', async () => {
    for (const format of ['dxf', 'dwg']) {
      const response = await server.request('GET', certificatePath(format), { token: owner.token });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: ownMessages.exportFormatUnsupported });
    }
    const limitedAnswer = await server.request('GET', certificatePath('s2k'), { token: limited.token });
    expect(limitedAnswer.status).toBe(401);
    const other = await uploadAndWait(server, owner.token, new TextEncoder().encode(PINNED_BUILDING_E2K), {
      fileName: 'other.e2k',
      organizationId,
      name: 'Other',
    });
    // A version of another model (its certificate may be cached) is not this model's.
    const response = await server.request(
      'GET',
      `/api/models/${other.modelId}/data/versions/${versionId}/certificate?format=s2k`,
      { token: owner.token },
    );
    expect(response.status).toBe(404);
  });
});
