import type { ApiResult, HttpClient, HttpMethod, RequestOptions } from '../../api/types';
import type { CertificateWire } from '../../contract/http/fidelity';
import type { Model, ModelRole } from '../../contract/http/models';
import type { PublicUser } from '../../contract/http/users';
import type { Version, VersionDetail } from '../../contract/http/versions';
import type { Job } from '../../contract/http/jobs';
import { createFakeHttpClient } from '../auth/fakeHttpClient';

/** Test support for the model and upload machines and views (never imported by the app). */

export function aPerson(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    _id: 'user-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    initials: 'AL',
    avatarUrl: null,
    emailAddress: 'ada@example.com',
    ...overrides,
  };
}

export const grace = aPerson({
  _id: 'user-2',
  firstName: 'Grace',
  lastName: 'Hopper',
  initials: 'GH',
  emailAddress: 'grace@example.com',
});

export function aVersion(number: number, overrides: Partial<Version> = {}): Version {
  return {
    ID: `version-${number}`,
    Time: `2025-03-0${Math.min(number, 9)}T10:00:00.000Z`,
    Author: aPerson(),
    number,
    message: null,
    origin: { kind: 'upload', fileName: `frame-${number}.e2k`, format: 'e2k', sizeBytes: 2048 },
    counts: { nodes: 12, beams: 8, columns: 6 },
    reportSummary: { approximated: 1, dropped: 1, warning: 0 },
    ...overrides,
  };
}

export function aVersionDetail(number: number, overrides: Partial<VersionDetail> = {}): VersionDetail {
  return {
    ...aVersion(number),
    report: {
      format: 'e2k',
      direction: 'read',
      counts: { nodes: 12, beams: 8, columns: 6 },
      items: [
        {
          severity: 'approximated',
          subject: 'Beam',
          id: 'B12',
          line: 240,
          reason: 'Tapered section read as its start section',
        },
        { severity: 'dropped', subject: 'Link', line: 311, reason: 'Links are not supported yet' },
      ],
    },
    ...overrides,
  };
}

export function aModel(role: ModelRole = 'ADMIN', overrides: Partial<Model> = {}): Model {
  return {
    _id: 'model-1',
    name: 'Tower',
    organization: { _id: 'org-1', name: 'Acme Structures' },
    permissions: [
      { user: aPerson(), type: 'ADMIN' },
      { user: grace, type: 'READ' },
    ],
    contributors: [aPerson()],
    settings: { units: 'm' },
    createdBy: aPerson(),
    updatedBy: aPerson(),
    currentUserRole: role,
    versionCount: 2,
    reportCount: 0,
    latestVersionId: 'version-2',
    clonedFrom: null,
    plan: 'FREE',
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export function anUploadJob(overrides: Partial<Job> = {}): Job {
  return {
    _id: 'job-1',
    status: 'queued',
    stage: 'Waiting to start',
    progress: 0,
    modelId: 'model-1',
    versionId: null,
    fileName: 'frame.e2k',
    error: null,
    createdAt: '2025-03-03T10:00:00.000Z',
    updatedAt: '2025-03-03T10:00:00.000Z',
    ...overrides,
  };
}

export interface RecordedCall {
  method: HttpMethod;
  path: string;
  options: RequestOptions<unknown>;
}

type Answer = ApiResult<unknown> | Promise<ApiResult<unknown>>;

/**
 * The auth fake (answers by `METHOD /path`), recording whole request options (headers, multipart bodies) and
 * able to answer a route with a sequence: each call takes the next answer, the last one repeats.
 */
export function createRecordingHttp(options: { unansweredRoutes?: 'throw' | 'offline' } = {}) {
  const fake = createFakeHttpClient();
  const calls: RecordedCall[] = [];
  const http: HttpClient = {
    request<T>(method: HttpMethod, path: string, requestOptions: RequestOptions<T> = {}) {
      calls.push({ method, path, options: requestOptions as RequestOptions<unknown> });
      const answer = fake.http.request<T>(method, path, requestOptions);
      if (options.unansweredRoutes !== 'offline') return answer;
      // View tests render the whole app, whose other screens call routes this test does not care about.
      return answer.catch((): ApiResult<T> => ({ ok: false, status: 0, error: { message: 'offline' } }));
    },
  };
  function answerInTurn(route: string, answers: Array<Answer | (() => Answer)>) {
    let next = 0;
    fake.answer(route, () => {
      const answer = answers[Math.min(next, answers.length - 1)];
      next += 1;
      if (answer === undefined) throw new Error(`no answers for ${route}`);
      return typeof answer === 'function' ? answer() : answer;
    });
  }
  return {
    http,
    calls,
    answer: fake.answer,
    answerInTurn,
    callsTo: (method: HttpMethod, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

/** An export certificate (issue #20) as the server sends it: identical unless overridden. */
export function aCertificate(overrides: Partial<CertificateWire> = {}): CertificateWire {
  return {
    format: 's2k',
    verdict: 'identical',
    positionTolerance: 1,
    relativeTolerance: 1e-6,
    counts: { differences: 0, explained: 0, unexplained: 0, approximated: 0, dropped: 0 },
    kinds: [
      { kind: 'nodes', label: 'nodes', line: '12 nodes: positions, restraints identical' },
      { kind: 'beams', label: 'beams', line: '8 beams: positions, sections, end releases identical' },
    ],
    approximated: [],
    dropped: [],
    unexplained: [],
    resultants: { patterns: 1, identical: 1, differing: [] },
    ...overrides,
  };
}
