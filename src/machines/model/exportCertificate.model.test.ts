/**
 * The export screen's certificate (issue #20), model-based: a user-flow model of what an engineer does on
 * /model/{id}/settings/export (open it, change format and version, download while the certificate loads, choose
 * the DXF, retry a failure) drives the production export machine through @xstate/test over a scripted server
 * whose certificate answers the test releases by hand, so a stale answer can arrive after a change.
 */
import { createTestModel } from '@xstate/test';
import { describe, expect, it } from 'vitest';
import { createActor, setup, waitFor } from 'xstate';
import type { ApiResult } from '../../api/types';
import { deferred, failure, ok } from '../auth/fakeHttpClient';
import { certificateLoadTotals, certificateSections, certificateVerdict } from './certificateText';
import { createExportImplementations, exportMachine, type SavedFile } from './exportMachine';
import {
  selectExportBusy,
  selectExportCertificate,
  selectExportCertificateError,
  selectExportCertifying,
} from './formSelectors';
import { aCertificate, aVersion, createRecordingHttp } from './modelTestKit';

const levelsUnreported = aCertificate({
  verdict: 'unexplained',
  counts: { differences: 3, explained: 0, unexplained: 3, approximated: 0, dropped: 0 },
  unexplained: [
    {
      concept: 'level',
      label: 'levels',
      count: 3,
      examples: ['Story2', 'Story1', 'Base'],
      reasons: [],
      messages: [
        'Level Story2: in the model before, not after',
        'Level Story1: in the model before, not after',
      ],
    },
  ],
});

const certificatePath = (versionId: string) => `/api/models/model-1/data/versions/${versionId}/certificate`;

/** The export screen over a server whose certificates the test answers one by one. */
function startScreen() {
  const api = createRecordingHttp();
  const answers: { resolve: (answer: ApiResult<unknown>) => void }[] = [];
  for (const versionId of ['version-2', 'version-1']) {
    api.answer(`GET ${certificatePath(versionId)}`, () => {
      const answer = deferred<ApiResult<unknown>>();
      answers.push(answer);
      return answer.promise;
    });
  }
  api.answer(
    'GET /api/models/model-1/data/versions/version-2/export',
    ok({ blob: new Blob(['FILE']), fileName: 'Tower v2.s2k' }),
  );
  const saved: SavedFile[] = [];
  const actor = createActor(
    exportMachine.provide(
      createExportImplementations({ http: api.http, saveFile: (file) => saved.push(file) }),
    ),
    { input: { modelId: 'model-1', modelName: 'Tower', versions: [aVersion(2), aVersion(1)] } },
  );
  /** The certificate requests so far: which version and format each asked for. */
  const asked = () =>
    api.calls
      .filter((call) => call.path.endsWith('/certificate'))
      .map((call) => `${call.path.split('/')[6] ?? ''} ${String(call.options.searchParams?.format)}`);
  /** Answers the n-th certificate request (0-based; the latest when omitted) and lets the actor see it. */
  const answer = async (result: ApiResult<unknown>, index = answers.length - 1) => {
    answers[index]?.resolve(result);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  actor.start();
  return { api, actor, saved, asked, answer, answers };
}

type Screen = ReturnType<typeof startScreen>;

type FlowEvent =
  | { type: 'open' }
  | { type: 'certified' }
  | { type: 'download' }
  | { type: 'choose.s2k' }
  | { type: 'choose.version1' }
  | { type: 'choose.dxf' }
  | { type: 'unreported' }
  | { type: 'fails' }
  | { type: 'retry' };

/** What the engineer does and should see; the certificate states are what the screen shows above Download. */
const exportFlow = setup({ types: { events: {} as FlowEvent } }).createMachine({
  id: 'exportFlow',
  initial: 'closed',
  states: {
    closed: { on: { open: 'certifyingE2k' } },
    certifyingE2k: {
      on: {
        certified: 'identicalE2k',
        download: 'downloadedWhileCertifying',
        'choose.s2k': 'certifyingS2k',
        'choose.dxf': 'drawing',
      },
    },
    downloadedWhileCertifying: { on: { certified: 'identicalE2k' } },
    identicalE2k: { on: { 'choose.s2k': 'certifyingS2k', 'choose.version1': 'certifyingVersion1' } },
    certifyingVersion1: { on: { certified: 'identicalVersion1' } },
    identicalVersion1: {},
    certifyingS2k: { on: { unreported: 'unreportedS2k', fails: 'failed' } },
    unreportedS2k: { on: { 'choose.dxf': 'drawing' } },
    drawing: { on: { 'choose.s2k': 'certifyingS2k' } },
    failed: { on: { retry: 'certifyingS2k' } },
  },
});

describe('the export certificate (model-based, @xstate/test)', () => {
  const model = createTestModel(exportFlow);
  const paths = model.getShortestPaths();

  it('covers every state of the flow', () => {
    const reached = new Set(
      paths.flatMap((path) => [path.state, ...path.steps.map((step) => step.state)]).map((s) => s.value),
    );
    expect([...reached].sort()).toEqual(Object.keys(exportFlow.config.states ?? {}).sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      let screen: Screen | undefined;
      const sut = (): Screen => {
        if (!screen) throw new Error('the screen was not opened');
        return screen;
      };
      const snapshot = () => sut().actor.getSnapshot();

      await path.test({
        states: {
          closed: () => {},
          certifyingE2k: () => {
            expect(selectExportCertifying(snapshot())).toBe(true);
            expect(selectExportCertificate(snapshot())).toBeNull();
            // The download does not wait for the certificate.
            expect(snapshot().hasTag('editable')).toBe(true);
            expect(sut().asked().at(-1)).toBe('version-2 e2k');
          },
          downloadedWhileCertifying: () => {
            expect(sut().saved.map((file) => file.fileName)).toEqual(['Tower v2.s2k']);
            expect(selectExportCertifying(snapshot())).toBe(true);
            expect(selectExportBusy(snapshot())).toBe(false);
          },
          identicalE2k: () => {
            expect(selectExportCertifying(snapshot())).toBe(false);
            expect(selectExportCertificate(snapshot())?.verdict).toBe('identical');
            expect(certificateVerdict(selectExportCertificate(snapshot())!, 'e2k').text).toBe(
              'Everything survives the translation to ETABS',
            );
          },
          certifyingVersion1: () => {
            expect(selectExportCertifying(snapshot())).toBe(true);
            expect(selectExportCertificate(snapshot())).toBeNull();
            expect(sut().asked().at(-1)).toBe('version-1 e2k');
          },
          identicalVersion1: () => {
            expect(selectExportCertificate(snapshot())?.kinds[0]?.line).toBe('9 beams: positions identical');
          },
          certifyingS2k: () => {
            expect(selectExportCertifying(snapshot())).toBe(true);
            expect(selectExportCertificateError(snapshot())).toBeNull();
            expect(sut().asked().at(-1)).toBe('version-2 s2k');
          },
          unreportedS2k: async () => {
            // An e2k answer still on its way when the format changed arrives now: it is not shown.
            await sut().answer(ok(aCertificate({ format: 'e2k' })), 0);
            const certificate = selectExportCertificate(snapshot());
            expect(certificate?.format).toBe('s2k');
            expect(certificate && certificateVerdict(certificate, 's2k').text).toBe(
              '3 differences the translator did not report',
            );
          },
          drawing: () => {
            expect(selectExportCertifying(snapshot())).toBe(false);
            expect(selectExportCertificate(snapshot())).toBeNull();
            expect(sut().asked().at(-1)).not.toMatch(/dxf/);
          },
          failed: () => {
            expect(selectExportCertifying(snapshot())).toBe(false);
            expect(selectExportCertificateError(snapshot())).toBe('Gusset could not check this export: boom');
            expect(snapshot().hasTag('editable')).toBe(true);
          },
        },
        events: {
          open: () => {
            screen = startScreen();
          },
          certified: () =>
            sut().answer(
              ok(
                snapshot().context.versionId === 'version-1'
                  ? aCertificate({
                      format: 'e2k',
                      kinds: [{ kind: 'beams', label: 'beams', line: '9 beams: positions identical' }],
                    })
                  : aCertificate({ format: 'e2k' }),
              ),
            ),
          download: async () => {
            sut().actor.send({ type: 'export.download' });
            await waitFor(sut().actor, (s) => sut().saved.length > 0 && s.hasTag('editable'));
          },
          'choose.s2k': () => sut().actor.send({ type: 'format.choose', format: 's2k' }),
          'choose.version1': () => sut().actor.send({ type: 'version.choose', versionId: 'version-1' }),
          'choose.dxf': () => sut().actor.send({ type: 'format.choose', format: 'dxf' }),
          unreported: () => sut().answer(ok(levelsUnreported)),
          fails: () => sut().answer(failure(422, 'Gusset could not check this export: boom')),
          retry: () => sut().actor.send({ type: 'certificate.retry' }),
        },
      });
    });
  }
});

describe('the certificate in words', () => {
  it('says what survived, what the reports name and what they do not', () => {
    expect(certificateVerdict(aCertificate(), 's2k')).toEqual({
      tone: 'identical',
      text: 'Everything survives the translation to SAP2000',
    });
    const explained = aCertificate({
      verdict: 'explained',
      counts: { differences: 4, explained: 4, unexplained: 0, approximated: 3, dropped: 1 },
    });
    expect(certificateVerdict(explained, 'ifc').text).toBe(
      'Survives with 3 approximations and 1 loss the report names',
    );
    const mixed = aCertificate({
      verdict: 'unexplained',
      counts: { differences: 3, explained: 1, unexplained: 2, approximated: 1, dropped: 0 },
    });
    expect(certificateVerdict(mixed, 's2k')).toEqual({
      tone: 'unexplained',
      text: '2 differences the translator did not report, besides 1 approximation it did',
    });
  });

  it('groups by concept with counts, a few ids and the reason, never one line per object', () => {
    const certificate = aCertificate({
      verdict: 'unexplained',
      approximated: [
        {
          concept: 'release',
          label: 'end releases',
          count: 240,
          examples: ['B1@L1', 'B2@L1', 'B3@L1', 'B4@L1', 'B5@L1'],
          reasons: ['LINEASSIGN: partial fixity written as a full release'],
          messages: ['Beam B1@L1: …'],
        },
      ],
      unexplained: levelsUnreported.unexplained,
    });
    expect(certificateSections(certificate)).toEqual([
      {
        title: 'Approximated',
        count: 240,
        groups: [
          {
            label: 'end releases',
            count: 240,
            examples: 'B1@L1, B2@L1, B3@L1, …',
            reasons: ['LINEASSIGN: partial fixity written as a full release'],
          },
        ],
      },
      {
        title: 'Not reported',
        count: 3,
        groups: [
          {
            label: 'levels',
            count: 3,
            examples: 'Story2, Story1, Base',
            reasons: ['Level Story2: in the model before, not after'],
          },
        ],
      },
    ]);
  });

  it('gives the load totals and the components of a pattern that changed, in kN', () => {
    const zero = { fx: 0, fy: 0, fz: 0, mx: 0, my: 0, mz: 0 };
    const certificate = aCertificate({
      resultants: {
        patterns: 3,
        identical: 2,
        differing: [{ pattern: 'SDL', before: { ...zero, fz: -12_345 }, after: { ...zero, fz: -11_000 } }],
      },
    });
    expect(certificateLoadTotals(certificate)).toEqual({
      summary: 'Load totals: 2 of 3 patterns identical',
      changes: ['SDL: Fz -12.35 kN before, -11 kN after'],
    });
    expect(
      certificateLoadTotals(aCertificate({ resultants: { patterns: 0, identical: 0, differing: [] } })),
    ).toBeNull();
  });
});
