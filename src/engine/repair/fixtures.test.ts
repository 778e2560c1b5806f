import { describe, expect, it } from 'vitest';
import { diffModels } from '../diff';
import { readE2k } from '../formats/etabs';
import { FIXTURES_SKIP_NOTE, listFixtures, readFixture } from '../testing/fixtures';
import { repairModel } from './index';

/**
 * Real ETABS models (../shared/fixtures/e2k) are well formed: repair may only delete orphan nodes. Their C03 hits
 * (secondary beams on girder spans) are connected by ETABS's own frame meshing, so R02 proposes those splits for
 * confirmation instead of applying them; a free end within tolSnap of a member axis would be an automatic R07, and
 * none of these models has one.
 */
/** The largest model runs the whole pipeline (13 stages, each with its check): seconds on a shared 2-core machine. */
const HEAVY = { timeout: 120_000 };

describe(`repairModel on the ETABS fixtures${FIXTURES_SKIP_NOTE}`, HEAVY, () => {
  it.each(listFixtures('e2k'))('%s comes back with nothing changed but orphan nodes deleted', (name) => {
    const model = readE2k(readFixture('e2k', name)).model;
    const { plan, repaired } = repairModel(model);
    const diff = diffModels(model, repaired.model, { lengthTolerance: 0 });
    const changes = diff.changes.filter(
      (change) => !(change.kind === 'removed' && change.collection === 'nodes'),
    );
    expect(changes.map((change) => `${change.kind} ${change.key}`)).toEqual([]);
    const automatic = plan.operations.filter((operation) => !operation.requiresConfirmation);
    expect(automatic.filter((operation) => operation.operation !== 'R13')).toEqual([]);
    expect(repaired.applied).toHaveLength(automatic.length);
    // A span node ETABS meshes is joined at analysis: no split is offered for it; any other is offered one.
    const proposedSplits = plan.operations.filter((operation) => operation.operation === 'R02');
    const unmeshed = plan.before.issues.filter(
      (issue) => issue.detail.check === 'C03' && issue.detail.meshed !== true,
    );
    expect(proposedSplits.length > 0).toBe(unmeshed.length > 0);
  });
});
