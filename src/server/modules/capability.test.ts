import { describe, expect, it } from 'vitest';
import { WATCHED_JOB_KINDS } from '../../contract/http/jobs';
import { gaveUpMessageOf, watchedJobKinds } from './capability';
import { capabilities } from './index';
import { WRITER_JOB_KINDS } from './versions/createVersion';

describe('capabilities', () => {
  const jobKinds = capabilities.flatMap((capability) =>
    (capability.jobs ?? []).map((job) => ({ owner: capability.name, ...job })),
  );

  it('name each capability once', () => {
    const names = capabilities.map((capability) => capability.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('own each job kind once, and every kind that makes a version', () => {
    const kinds = jobKinds.map((job) => job.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(kinds).toEqual(expect.arrayContaining([...WRITER_JOB_KINDS]));
    expect(jobKinds.find((job) => job.kind === 'merge')?.owner).toBe('merge');
    expect(jobKinds.find((job) => job.kind === 'repairCommit')?.owner).toBe('repair');
  });

  it('give every job kind a filled give-up message', () => {
    for (const job of jobKinds) {
      expect(job.gaveUpMessage, job.kind).not.toBe('');
      expect(job.gaveUpMessage, job.kind).not.toMatch(/\{\w+\}/);
    }
    expect(gaveUpMessageOf('Could not merge: {reason}')).toBe(
      'Could not merge: it failed several times. Please try again.',
    );
  });

  it('watch exactly the job kinds the wire names, so GET /api/jobs/{id} shows each with its own kind', () => {
    expect(watchedJobKinds(capabilities).sort()).toEqual([...WATCHED_JOB_KINDS].sort());
  });
});
