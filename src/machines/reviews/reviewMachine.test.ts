import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { messages, ownMessages } from '../../contract/errors';
import { failure, ok } from '../auth/fakeHttpClient';
import { settle } from '../merge/mergeTestKit';
import { aVersion, createRecordingHttp } from '../model/modelTestKit';
import { createReviewImplementations, reviewMachine } from './reviewMachine';
import { aChange } from '../merge/mergeTestKit';
import { keysOf } from './changeSelection';
import { aReviewResponse } from './reviewTestKit';
import {
  selectAppliedVersion,
  selectReviewCounts,
  selectReviewError,
  selectReviewMessage,
  selectReviewStep,
} from './selectors';

/** The review with a beam that moved and was resized: two property groups in one change. */
function withMovedAndResizedBeam() {
  const answer = aReviewResponse({ message: 'Tower v3 from the architect' });
  answer.diff.changes.push(
    aChange({
      key: 'elements:B7',
      label: 'B7 at Story 3',
      groups: ['Geometry', 'Profile'],
      details: [
        { group: 'Geometry', path: 'nodeIds', text: 'End j moved 0.1 m in X', deviation: 100 },
        { group: 'Profile', path: 'profileId', text: 'Profile: W18X35 → W21X44', deviation: null },
      ],
    }),
  );
  return answer;
}

const reviewPath = '/api/models/model-1/reviews/review-1';

async function openReview(answer = ok(aReviewResponse())) {
  const api = createRecordingHttp();
  api.answer(`GET ${reviewPath}`, answer);
  api.answer(`POST ${reviewPath}/apply`, ok(aVersion(3), 201));
  api.answer(`DELETE ${reviewPath}`, ok({ message: ownMessages.reviewDiscarded }));
  const actor = createActor(reviewMachine.provide(createReviewImplementations({ http: api.http })), {
    input: { modelId: 'model-1', reviewId: 'review-1' },
  }).start();
  await settle();
  const applied = () => api.callsTo('POST', `${reviewPath}/apply`).map((call) => call.options.json);
  return { actor, api, applied };
}

describe('the upload review', () => {
  it('opens with every change ticked, and applying them all asks for exactly the upload', async () => {
    const { actor, applied } = await openReview();
    expect(selectReviewStep(actor.getSnapshot())).toBe('reviewing');
    expect(selectReviewCounts(actor.getSnapshot())).toEqual({ selected: 6, total: 6 });
    actor.send({ type: 'apply' });
    await settle();
    expect(applied()).toEqual([{ selection: { all: true } }]);
    expect(selectReviewStep(actor.getSnapshot())).toBe('applied');
    expect(selectAppliedVersion(actor.getSnapshot())).toEqual({ versionId: 'version-3', number: 3 });
  });

  it('applies only the ticked changes, by key, with the message', async () => {
    const { actor, applied } = await openReview();
    actor.send({ type: 'selection.set', keys: ['elements:C1', 'levels:L4'], selected: false });
    actor.send({ type: 'message.change', value: '  Roof renamed later  ' });
    expect(selectReviewCounts(actor.getSnapshot()).selected).toBe(4);
    actor.send({ type: 'apply' });
    await settle();
    expect(applied()).toEqual([
      {
        selection: { keys: ['elements:B2', 'elements:B1', 'nodes:N9', 'nodes:N5'] },
        message: 'Roof renamed later',
      },
    ]);
  });

  it('says to select something instead of sending an empty selection', async () => {
    const { actor, applied } = await openReview();
    actor.send({ type: 'selection.none' });
    actor.send({ type: 'apply' });
    await settle();
    expect(selectReviewStep(actor.getSnapshot())).toBe('reviewing');
    expect(selectReviewError(actor.getSnapshot())).toBe(ownMessages.nothingSelected);
    expect(applied()).toEqual([]);
    actor.send({ type: 'selection.all' });
    expect(selectReviewError(actor.getSnapshot())).toBeNull();
  });

  it('shows the server’s refusal verbatim and goes back with the selection kept', async () => {
    const { actor, api } = await openReview();
    api.answer(`POST ${reviewPath}/apply`, failure(409, ownMessages.reviewOutdated));
    actor.send({ type: 'selection.set', keys: ['elements:B2'], selected: false });
    actor.send({ type: 'apply' });
    await settle();
    expect(selectReviewStep(actor.getSnapshot())).toBe('failed');
    expect(selectReviewError(actor.getSnapshot())).toBe(ownMessages.reviewOutdated);
    actor.send({ type: 'back' });
    expect(selectReviewStep(actor.getSnapshot())).toBe('reviewing');
    expect(selectReviewCounts(actor.getSnapshot()).selected).toBe(5);
  });

  it('discards the upload only once confirmed', async () => {
    const { actor, api } = await openReview();
    const discards = () => api.callsTo('DELETE', reviewPath).length;
    actor.send({ type: 'discard' });
    expect(selectReviewStep(actor.getSnapshot())).toBe('confirmingDiscard');
    actor.send({ type: 'discard.cancel' });
    expect(selectReviewStep(actor.getSnapshot())).toBe('reviewing');
    expect(discards()).toBe(0);
    actor.send({ type: 'discard' });
    actor.send({ type: 'discard.confirm' });
    await settle();
    expect(discards()).toBe(1);
    expect(selectReviewStep(actor.getSnapshot())).toBe('discarded');
  });

  it('shows a review applied earlier as closed, with the version it made', async () => {
    const { actor } = await openReview(
      ok(aReviewResponse({ status: 'applied', appliedVersionId: 'version-3' })),
    );
    expect(selectReviewStep(actor.getSnapshot())).toBe('closed');
    expect(selectAppliedVersion(actor.getSnapshot())?.versionId).toBe('version-3');
  });

  it('says why a review cannot be opened, and tries again on request', async () => {
    const { actor, api } = await openReview(failure(404, ownMessages.reviewNotFound));
    expect(selectReviewStep(actor.getSnapshot())).toBe('unavailable');
    expect(selectReviewError(actor.getSnapshot())).toBe(ownMessages.reviewNotFound);
    api.answer(`GET ${reviewPath}`, failure(0, messages.serverNotResponding));
    actor.send({ type: 'retry' });
    await settle();
    expect(selectReviewError(actor.getSnapshot())).toBe(messages.serverNotResponding);
    expect(api.callsTo('GET', reviewPath)).toHaveLength(2);
  });

  it('unticking Geometry keeps the resize of a moved beam, sent as a part, with the message left to the server', async () => {
    const answer = withMovedAndResizedBeam();
    const { actor, applied } = await openReview(ok(answer));
    expect(selectReviewMessage(actor.getSnapshot())).toBe('Tower v3 from the architect');
    const geometry = keysOf(answer.diff.changes, { group: 'Geometry' }, true);
    actor.send({ type: 'selection.set', keys: geometry, selected: false });
    // 6 of 7: the node move is left, the beam counts as taken, in part.
    expect(selectReviewCounts(actor.getSnapshot())).toEqual({ selected: 6, total: 7 });
    // The upload's message no longer says what the version is.
    expect(selectReviewMessage(actor.getSnapshot())).toBe('');
    actor.send({ type: 'apply' });
    await settle();
    expect(applied()).toEqual([
      {
        selection: {
          keys: ['elements:B2', 'elements:C1', 'elements:B1', 'nodes:N9', 'levels:L4'],
          parts: { 'elements:B7': ['Profile'] },
        },
      },
    ]);
  });

  it('sends the message the user wrote, even for a part', async () => {
    const { actor, applied } = await openReview(ok(withMovedAndResizedBeam()));
    actor.send({ type: 'selection.none' });
    actor.send({ type: 'selection.set', keys: ['elements:B7\u001fProfile'], selected: true });
    actor.send({ type: 'message.change', value: 'B7 upsized for the plant load' });
    actor.send({ type: 'apply' });
    await settle();
    expect(applied()).toEqual([
      {
        selection: { keys: [], parts: { 'elements:B7': ['Profile'] } },
        message: 'B7 upsized for the plant load',
      },
    ]);
  });
});
