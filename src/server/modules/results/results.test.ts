import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../../contract/errors';
import { certificateResponse } from '../../../contract/http/fidelity';
import { imagesAndVersionsResponse } from '../../../contract/http/models';
import { reportResultsResponse } from '../../../contract/http/reports';
import {
  resultsDiagramsSchema,
  resultsDiffSchema,
  resultsSummarySchema,
  resultsValuesSchema,
} from '../../../contract/http/results';
import type { SessionResponse } from '../../../contract/http/users';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { fill } from '../../messageTemplate';
import { frameBuildingE2k, frameForcesText } from '../../../engine/results/testing/frameBuilding';
import { createOrganization, grantModelRole, uploadAndWait } from '../../testing/uploads';

const encode = (text: string) => new TextEncoder().encode(text);
const building = (b2End: number) => encode(frameBuildingE2k(b2End));
const forces = (b2Midspan: number) => encode(frameForcesText(b2Midspan));

describe.each(databases())('analysis results on a version on $kind', ({ kind }) => {
  let server: TestServer;
  let owner: SessionResponse;
  let reader: SessionResponse;
  let modelId: string;
  let first: string;
  let second: string;

  const path = (versionId: string, rest = '') =>
    `/api/models/${modelId}/data/versions/${versionId}/results${rest}`;
  const put = (versionId: string, bytes: Uint8Array, query: string, token = owner.token) =>
    server.request('PUT', `${path(versionId)}?${query}`, { token, bytes });

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUp(server, uniqueEmail('owner'));
    reader = await signUp(server, uniqueEmail('reader'));
    const organizationId = await createOrganization(server, owner.user._id);
    const job = await uploadAndWait(server, owner.token, building(10), {
      fileName: 'frame.e2k',
      organizationId,
      name: 'Frame',
    });
    modelId = job.modelId;
    first = job.versionId;
    second = (await uploadAndWait(server, owner.token, building(12), { fileName: 'frame.e2k', modelId }))
      .versionId;
    await grantModelRole(server, modelId, reader.user._id, 'READ');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reads a results file onto a version, matches its members and reports what the version lacks', async () => {
    const response = await put(first, forces(12), 'fileName=forces.txt');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const summary = resultsSummarySchema.parse(response.body);
    expect(summary).toMatchObject({ versionId: first, fileName: 'forces.txt', program: 'ETABS 21.0.0' });
    expect(summary.tables).toEqual([
      expect.objectContaining({
        kind: 'frameForces',
        rows: 11,
        cases: [
          { name: 'DEAD', type: 'LinStatic' },
          { name: '1.2D+1.6L', type: 'Combination' },
        ],
        matched: 2,
        unmatched: 1,
        // C1 has no forces in the file.
        membersWithoutResults: 1,
      }),
    ]);
    expect(summary.tables[0]?.components.map((entry) => entry.component)).toEqual(['p', 'v2', 'm3']);
    expect(summary.items.map((item) => item.reason).join('\n')).toMatch(/B9@L9.*another revision/);
    const again = await server.request('GET', path(first), { token: reader.token });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(resultsSummarySchema.parse(again.body)).toEqual(summary);
  });

  it('gives each member its extreme in a case, and the envelope of a combination', async () => {
    const dead = await server.request('GET', `${path(first, '/values')}?component=m3&case=DEAD`, {
      token: reader.token,
    });
    expect(dead.status, JSON.stringify(dead.body)).toBe(200);
    const values = resultsValuesSchema.parse(dead.body);
    expect(values.quantity).toBe('moment');
    expect(Object.fromEntries(values.ids.map((id, index) => [id, values.values[index]]))).toEqual({
      'B1@L1': -40_000,
      'B2@L1': 12_000,
    });
    const envelope = resultsValuesSchema.parse(
      (
        await server.request(
          'GET',
          `${path(first, '/values')}?component=m3&case=${encodeURIComponent('1.2D+1.6L')}`,
          {
            token: reader.token,
          },
        )
      ).body,
    );
    // The same members in the same order as for DEAD; B2 has no row in the combination.
    expect(envelope.ids).toEqual(values.ids);
    expect(envelope.idsKey).toBe(values.idsKey);
    expect(envelope.values).toEqual([-80_000, null]);
  });

  it('draws the moment diagram of each member station by station', async () => {
    const response = await server.request('GET', `${path(first, '/diagrams')}?component=m3&case=DEAD`, {
      token: reader.token,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const diagrams = resultsDiagramsSchema.parse(response.body);
    expect(diagrams.members.find((member) => member.id === 'B2@L1')).toEqual({
      id: 'B2@L1',
      stations: [0, 2000, 4000],
      max: [-10_000, 12_000, -10_000],
      min: [-10_000, 12_000, -10_000],
    });
  });

  it('lists the members whose moment changed past the threshold between two versions', async () => {
    // The longer span of the revision: B2's midspan moment 12 → 20 kN·m; B1 is unchanged.
    expect((await put(second, forces(20), 'fileName=forces-rev.txt')).status).toBe(200);
    const response = await server.request('GET', `${path(second, '/diff')}?against=${first}&component=m3`, {
      token: reader.token,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const diff = resultsDiffSchema.parse(response.body);
    expect(diff.changes).toEqual([
      {
        member: 'B2@L1',
        case: 'DEAD',
        before: 12_000,
        after: 20_000,
        change: 8_000,
        percent: expect.closeTo(66.667, 2),
        relative: expect.closeTo(66.667, 2),
      },
    ]);
    expect(diff).toMatchObject({ thresholdPercent: 10, compared: 3, onlyBefore: 0, onlyAfter: 0 });
    const strict = resultsDiffSchema.parse(
      (
        await server.request('GET', `${path(second, '/diff')}?against=${first}&component=m3&threshold=70`, {
          token: reader.token,
        })
      ).body,
    );
    expect(strict.changes).toEqual([]);

    // The revision's engineering summary carries the results line; the first version has none.
    const listed = imagesAndVersionsResponse.parse(
      (
        await server.request('GET', `/api/models/imagesAndVersionsByModelIds?modelIds=${modelId}`, {
          token: reader.token,
        })
      ).body,
    );
    const versions = listed.data[0]?.versions ?? [];
    const revision = versions.find((version) => version.ID === second);
    expect(revision?.resultChanges).toEqual({
      against: versions.find((version) => version.ID === first)?.number,
      component: 'm3',
      thresholdPercent: 10,
      count: 1,
      members: 1,
      top: [
        { member: 'B2@L1', case: 'DEAD', before: 12_000, after: 20_000, percent: expect.closeTo(66.667, 2) },
      ],
    });
    expect(versions.find((version) => version.ID === first)?.resultChanges).toBeUndefined();
  });

  it('lists the member forces that changed in the report workbook of the two versions', async () => {
    const created = await server.request('POST', `/api/models/${modelId}/reports`, {
      token: owner.token,
      json: { title: 'Span change', currentVersionID: second, comparisonVersionID: first },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const reportId = (created.body as { _id: string })._id;
    // The report screen reads the same changes (a reader of the report may, as they read its diff).
    const listed = await server.request('GET', `/api/models/${modelId}/reports/${reportId}/results`, {
      token: reader.token,
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const read = reportResultsResponse.parse(listed.body);
    expect(read.missing).toBe(false);
    expect(read.changes.find((entry) => entry.component === 'm3')?.rows).toEqual([
      expect.objectContaining({ member: 'B2@L1', case: 'DEAD', before: 12_000, after: 20_000 }),
    ]);
    expect(read.changes.filter((entry) => entry.rows.length > 0).map((entry) => entry.component)).toEqual([
      'm3',
    ]);
    const response = await fetch(`${server.url}/api/models/${modelId}/reports/${reportId}/xlsx`, {
      headers: { authorization: owner.token },
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet('Result changes');
    if (!sheet) throw new Error('the workbook has a Result changes sheet');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Member',
      'Case',
      'Component',
      'Unit',
      'Before',
      'After',
      'Change %',
      'Summary',
    ]);
    // B2's midspan M3 (12 → 20 kN·m); its shears and B1 are unchanged.
    expect(sheet.getSheetValues().slice(2)).toEqual([
      [
        undefined,
        'B2@L1',
        'DEAD',
        'M3',
        'kN·m',
        12,
        20,
        66.7,
        'max M3 in B2@L1 rose 67 % under DEAD (12 kN·m → 20 kN·m)',
      ],
    ]);
  });

  it('carries the results in the JSON and workbook exports, and certifies them', async () => {
    const exported = await fetch(
      `${server.url}/api/models/${modelId}/data/versions/${first}/export?format=json`,
      {
        headers: { authorization: owner.token },
      },
    );
    expect(exported.status).toBe(200);
    const model = (await exported.json()) as { results?: { memberForces: Array<Record<string, unknown>> } };
    // The ten rows that matched B1 and B2, in N·m and mm.
    expect(model.results?.memberForces).toHaveLength(10);
    expect(model.results?.memberForces).toContainEqual(
      expect.objectContaining({ elementId: 'B2@L1', caseId: 'DEAD', station: 2000, m3: 12_000 }),
    );
    for (const format of ['json', 'xlsx']) {
      const response = await server.request(
        'GET',
        `/api/models/${modelId}/data/versions/${first}/certificate?format=${format}`,
        { token: owner.token },
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const certificate = certificateResponse.parse(response.body);
      expect(certificate.unexplained, format).toEqual([]);
      expect(certificate.dropped.map((group) => group.concept)).not.toContain('results');
    }
    // SAP2000 text holds the model, not its results: the certificate names the loss, as the writer's report does.
    const s2k = certificateResponse.parse(
      (
        await server.request('GET', `/api/models/${modelId}/data/versions/${first}/certificate?format=s2k`, {
          token: owner.token,
        })
      ).body,
    );
    expect(s2k.unexplained).toEqual([]);
    expect(s2k.dropped.map((group) => group.concept)).toContain('results');
  });

  it('replaces a version’s results with a new upload', async () => {
    expect((await put(first, forces(13), 'fileName=forces-2.txt')).status).toBe(200);
    const summary = resultsSummarySchema.parse(
      (await server.request('GET', path(first), { token: owner.token })).body,
    );
    expect(summary.fileName).toBe('forces-2.txt');
    const values = resultsValuesSchema.parse(
      (
        await server.request('GET', `${path(first, '/values')}?component=m3&case=DEAD`, {
          token: owner.token,
        })
      ).body,
    );
    expect(values.values).toContain(13_000);
  });

  it('refuses what it cannot read or find, with the reason, and keeps what was stored', async () => {
    const noUnits = new TextEncoder().encode(`TABLE:  "ELEMENT FORCES - BEAMS"
   Story=L1   Beam=B1   OutputCase=DEAD   Station=0   M3=-40
`);
    const unitless = await put(first, noUnits, 'fileName=bare.txt');
    expect(unitless.status).toBe(400);
    expect((unitless.body as { message: string }).message).toMatch(
      /^Gusset could not read bare\.txt as analysis results: .*units/,
    );
    // The same file with its units said is read.
    expect(
      (await put(second, noUnits, `fileName=bare.txt&units=${encodeURIComponent('KN, m, C')}`)).status,
    ).toBe(200);
    const garbage = await put(first, new Uint8Array([0, 1, 2, 3, 255, 0, 7]), 'fileName=photo.jpg');
    expect(garbage.status).toBe(400);
    const empty = await put(first, new Uint8Array(0), 'fileName=empty.txt');
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: ownMessages.uploadFileEmpty });
    // The first version still has the results stored before the refusals.
    const summary = resultsSummarySchema.parse(
      (await server.request('GET', path(first), { token: owner.token })).body,
    );
    expect(summary.fileName).toBe('forces-2.txt');

    const unknownCase = await server.request('GET', `${path(first, '/values')}?component=m3&case=WIND`, {
      token: owner.token,
    });
    expect(unknownCase.status).toBe(404);
    expect(unknownCase.body).toEqual({
      message: 'The results of this version have no output case named WIND.',
    });
    const unknownComponent = await server.request('GET', `${path(first, '/values')}?component=station`, {
      token: owner.token,
    });
    expect(unknownComponent.status).toBe(400);
    expect(unknownComponent.body).toEqual({
      message: 'There is no result component station in member forces.',
    });
  });

  it('reads the results a SAP2000 model file holds onto the version its upload makes', async () => {
    const s2k = encode(`TABLE:  "PROGRAM CONTROL"
   ProgramName=SAP2000   Version=25.0.0   CurrUnits="KN, m, C"

TABLE:  "JOINT COORDINATES"
   Joint=1   CoordSys=GLOBAL   CoordType=Cartesian   XorR=0   Y=0   Z=3
   Joint=2   CoordSys=GLOBAL   CoordType=Cartesian   XorR=6   Y=0   Z=3

TABLE:  "CONNECTIVITY - FRAME"
   Frame=1   JointI=1   JointJ=2

TABLE:  "ELEMENT FORCES - FRAMES"
   Frame=1   Station=0   OutputCase=DEAD   CaseType=LinStatic   P=0   V2=-30   V3=0   T=0   M2=0   M3=-40
   Frame=1   Station=6   OutputCase=DEAD   CaseType=LinStatic   P=0   V2=30   V3=0   T=0   M2=0   M3=-40

END TABLE DATA
`);
    const organizationId = await createOrganization(server, owner.user._id, 'Analysed');
    const job = await uploadAndWait(server, owner.token, s2k, {
      fileName: 'analysed.s2k',
      organizationId,
      name: 'Analysed',
    });
    // The results are read once the version is stored (the job is done by then): shortly after.
    const read = () =>
      server.request('GET', `/api/models/${job.modelId}/data/versions/${job.versionId}/results`, {
        token: owner.token,
      });
    await expect.poll(async () => (await read()).status, { timeout: 30_000 }).toBe(200);
    const response = await read();
    const summary = resultsSummarySchema.parse(response.body);
    expect(summary).toMatchObject({ fileName: 'analysed.s2k', program: 'SAP2000 25.0.0' });
    expect(summary.tables[0]).toMatchObject({ kind: 'frameForces', rows: 2, matched: 1, unmatched: 0 });
  });

  it('gives each story its largest drift in X and Y under a case', async () => {
    const job = await uploadAndWait(server, owner.token, building(16), { fileName: 'frame.e2k', modelId });
    const drifts = encode(`TABLE:  "PROGRAM CONTROL"
   ProgramName=ETABS   Version=21.0.0   CurrUnits="KN, m, C"

TABLE:  "STORY DRIFTS"
   Story=L1   OutputCase=EQX   CaseType=LinStatic   Direction=X   Drift=0.0042   Label=1   X=0   Y=0   Z=3
   Story=L1   OutputCase=EQX   CaseType=LinStatic   Direction=Y   Drift=0.0006   Label=1   X=0   Y=0   Z=3
`);
    expect((await put(job.versionId, drifts, 'fileName=drifts.txt')).status).toBe(200);
    const response = await server.request('GET', `${path(job.versionId, '/drifts')}?case=EQX`, {
      token: reader.token,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      case: 'EQX',
      stories: [{ id: expect.any(String), x: 0.0042, y: 0.0006 }],
    });
    // Exports do not carry story drifts: the export's certificate says they stay behind.
    const certificate = certificateResponse.parse(
      (
        await server.request(
          'GET',
          `/api/models/${modelId}/data/versions/${job.versionId}/certificate?format=json`,
          { token: owner.token },
        )
      ).body,
    );
    expect(certificate.unexplained).toEqual([]);
    expect(certificate.dropped).toContainEqual(
      expect.objectContaining({
        concept: 'results',
        examples: ['story drifts'],
        messages: ['story drifts: present before, absent after'],
      }),
    );
  });

  it('reads a table printed to a text file and gives each joint its displacements for the deformed shape', async () => {
    const job = await uploadAndWait(server, owner.token, building(16), { fileName: 'frame.e2k', modelId });
    const printed = encode(
      [
        'ETABS 21.0.0    11/29/26 10:00:00',
        '',
        'Table:  Joint Displacements',
        '',
        '       Story       Label  OutputCase    CaseType          Ux          Uy          Uz          Rx          Ry          Rz',
        '                                                          mm          mm          mm     Radians     Radians     Radians',
        '',
        '          L1           2        DEAD   LinStatic       1.500       0.000     -12.000    0.000000    0.000400    0.000000',
        '',
      ].join('\r\n'),
    );
    const stored = await put(job.versionId, printed, 'fileName=displacements.txt');
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(resultsSummarySchema.parse(stored.body)).toMatchObject({ program: 'ETABS 21.0.0' });
    const response = await server.request('GET', `${path(job.versionId, '/displacements')}?case=DEAD`, {
      token: reader.token,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      case: 'DEAD',
      steps: [],
      joints: [{ id: expect.any(String), u: [1.5, 0, -12], r: [0, 0.0004, 0] }],
    });
    const unknown = await server.request('GET', `${path(job.versionId, '/displacements')}?case=LIVE`, {
      token: reader.token,
    });
    expect(unknown.status).toBe(404);
  });

  it('gives the mode asked for of a modal case, every mode with its period, and refuses a mode it lacks', async () => {
    const job = await uploadAndWait(server, owner.token, building(16), { fileName: 'frame.e2k', modelId });
    const text = encode(
      [
        'TABLE:  "PROGRAM CONTROL"',
        '   ProgramName=ETABS   Version=21.0.0   CurrUnits="KN, m, C"',
        'TABLE:  "MODAL PERIODS AND FREQUENCIES"',
        '   OutputCase=Modal   StepType=Mode   StepNum=1   Period=1.25   Frequency=0.8',
        '   OutputCase=Modal   StepType=Mode   StepNum=2   Period=0.4   Frequency=2.5',
        'TABLE:  "JOINT DISPLACEMENTS"',
        '   Story=L1   Label=2   OutputCase=Modal   CaseType=LinModal   StepType=Mode   StepNum=1   Ux=0.002   Uy=0   Uz=0',
        '   Story=L1   Label=2   OutputCase=Modal   CaseType=LinModal   StepType=Mode   StepNum=2   Ux=0   Uy=0.003   Uz=0',
        'END TABLE DATA',
      ].join('\r\n'),
    );
    const stored = await put(job.versionId, text, 'fileName=modes.s2k');
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    const second = await server.request(
      'GET',
      `${path(job.versionId, '/displacements')}?case=Modal&step=${encodeURIComponent('Mode 2')}`,
      { token: reader.token },
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toEqual({
      case: 'Modal',
      step: 'Mode 2',
      steps: [
        { name: 'Mode 1', period: 1.25 },
        { name: 'Mode 2', period: 0.4 },
      ],
      joints: [{ id: expect.any(String), u: [0, 3, 0], r: [null, null, null] }],
    });
    const first = await server.request('GET', `${path(job.versionId, '/displacements')}?case=Modal`, {
      token: reader.token,
    });
    expect(first.body).toMatchObject({ step: 'Mode 1', joints: [{ u: [2, 0, 0] }] });
    const missing = await server.request(
      'GET',
      `${path(job.versionId, '/displacements')}?case=Modal&step=${encodeURIComponent('Mode 9')}`,
      { token: reader.token },
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      message: fill(ownMessages.resultsStepNotFound, { case: 'Modal', step: 'Mode 9' }),
    });
  });

  it('says when a version has no results, and lets only writers upload them', async () => {
    const job = await uploadAndWait(server, owner.token, building(14), { fileName: 'frame.e2k', modelId });
    const none = await server.request('GET', path(job.versionId), { token: owner.token });
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ message: ownMessages.resultsNotFound });
    const diff = await server.request(
      'GET',
      `${path(job.versionId, '/diff')}?against=${first}&component=m3`,
      {
        token: owner.token,
      },
    );
    expect(diff.status).toBe(404);
    const refused = await put(job.versionId, forces(1), 'fileName=forces.txt', reader.token);
    expect(refused.status).toBe(401);
  });
});
