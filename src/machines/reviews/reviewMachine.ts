import { assign, fromPromise, setup } from 'xstate';
import { applyReview, discardReview, getReview } from '../../api/reviews';
import type { HttpClient } from '../../api/types';
import { ownMessages } from '../../contract/errors';
import type { ApplyReviewBody, ReviewResponse } from '../../contract/http/reviews';
import type { Version } from '../../contract/http/versions';
import { promisePlaceholder } from '../auth/placeholders';
import { pageMessageOf, unwrap } from '../model/failure';
import {
  allKeys,
  nextSelection,
  selectedKeys,
  selectedParts,
  selectsEverything,
  type SelectionEvent,
} from './changeSelection';

/** The review takes changes by property: a moved and resized beam's section without its move. */
export const REVIEW_BY_PROPERTY = true;

export interface ReviewInput {
  modelId: string;
  reviewId: string;
}

export interface ReviewContext {
  modelId: string;
  reviewId: string;
  loaded: ReviewResponse | null;
  /**
   * The items (changes, or property groups of a change: see changeSelection) that will be applied; everything at
   * first (the upload as it is).
   */
  selected: Set<string>;
  /** The new version's message, as the user typed it. */
  message: string;
  /**
   * Whether the user wrote the message. Until they do, the server words it: the upload's own message for the
   * whole upload, what was taken for a part of it ('1 beam resized W18X35 → W21X44 (from tower.e2k)').
   */
  messageEdited: boolean;
  /** The version applying made (or, for a review applied earlier, the one it made then). */
  appliedVersionId: string | null;
  appliedNumber: number | null;
  /** Why loading, applying or discarding did not work: the server's words, verbatim. */
  error: string | null;
}

export type ReviewEvent =
  | SelectionEvent
  | { type: 'message.change'; value: string }
  | { type: 'apply' }
  | { type: 'discard' }
  | { type: 'discard.confirm' }
  | { type: 'discard.cancel' }
  | { type: 'retry' }
  | { type: 'back' };

export type ReviewTag =
  'loading' | 'reviewing' | 'confirmingDiscard' | 'busy' | 'applied' | 'discarded' | 'closed' | 'failed';

export interface ApplyInput {
  modelId: string;
  reviewId: string;
  body: ApplyReviewBody;
}

const changesOf = (context: ReviewContext) => context.loaded?.diff.changes ?? [];

/**
 * `{ all: true }` when every item is ticked (exactly the upload), else the changes ticked whole (`keys`) and the
 * property groups of those ticked in part (`parts`); the message only when the user wrote one.
 */
export function applyBodyOf(context: ReviewContext): ApplyReviewBody {
  const changes = changesOf(context);
  let selection: ApplyReviewBody['selection'];
  if (selectsEverything(context.selected, changes, REVIEW_BY_PROPERTY)) selection = { all: true };
  else {
    const parts = selectedParts(context.selected, changes);
    selection = { keys: selectedKeys(context.selected, changes, REVIEW_BY_PROPERTY) };
    if (Object.keys(parts).length > 0) selection.parts = parts;
  }
  const message = context.messageEdited ? context.message.trim() : '';
  return message === '' ? { selection } : { selection, message };
}

/**
 * The review of an upload (issue #7 item 5): `loading` the review and its diff against the latest version →
 * `reviewing` (tick changes by kind, type, property group or one by one) → `applying` → `applied` (the new
 * version), or `failed` with the server's message (reviewOutdated, nothingSelected…) and a way back. Discarding
 * asks first (`confirmingDiscard`) → `discarding` → `discarded`. A review applied or discarded before shows
 * `closed`.
 */
export const reviewMachine = setup({
  types: {
    context: {} as ReviewContext,
    events: {} as ReviewEvent,
    input: {} as ReviewInput,
    tags: {} as ReviewTag,
  },
  actors: {
    loadReview: promisePlaceholder<ReviewResponse, ReviewInput>('loadReview'),
    applyReview: promisePlaceholder<Version, ApplyInput>('applyReview'),
    discardReview: promisePlaceholder<unknown, ReviewInput>('discardReview'),
  },
  guards: {
    isOpen: (_, params: { loaded: ReviewResponse }) => params.loaded.review.status === 'open',
    nothingSelected: ({ context }) => context.selected.size === 0,
  },
  actions: {
    select: assign({
      selected: ({ context, event }) =>
        event.type === 'selection.set' || event.type === 'selection.all' || event.type === 'selection.none'
          ? nextSelection(context.selected, changesOf(context), event, REVIEW_BY_PROPERTY)
          : context.selected,
      error: null,
    }),
  },
}).createMachine({
  id: 'review',
  context: ({ input }) => ({
    modelId: input.modelId,
    reviewId: input.reviewId,
    loaded: null,
    selected: new Set(),
    message: '',
    messageEdited: false,
    appliedVersionId: null,
    appliedNumber: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadReview',
        src: 'loadReview',
        input: ({ context }) => ({ modelId: context.modelId, reviewId: context.reviewId }),
        onDone: [
          {
            guard: { type: 'isOpen', params: ({ event }) => ({ loaded: event.output }) },
            target: 'reviewing',
            actions: assign({
              loaded: ({ event }) => event.output,
              selected: ({ event }) => allKeys(event.output.diff.changes, REVIEW_BY_PROPERTY),
              message: ({ event }) => event.output.review.message ?? '',
              error: null,
            }),
          },
          {
            target: 'closed',
            actions: assign({
              loaded: ({ event }) => event.output,
              appliedVersionId: ({ event }) => event.output.review.appliedVersionId,
            }),
          },
        ],
        onError: {
          target: 'unavailable',
          actions: assign({ error: ({ event }) => pageMessageOf(event.error) }),
        },
      },
    },
    /** The review could not be read (gone, not the user's, or the server is down). */
    unavailable: {
      tags: ['failed'],
      on: { retry: { target: 'loading', actions: assign({ error: null }) } },
    },
    reviewing: {
      tags: ['reviewing'],
      on: {
        'selection.set': { actions: 'select' },
        'selection.all': { actions: 'select' },
        'selection.none': { actions: 'select' },
        'message.change': { actions: assign({ message: ({ event }) => event.value, messageEdited: true }) },
        apply: [
          // The server would refuse it the same way; say it without asking.
          { guard: 'nothingSelected', actions: assign({ error: ownMessages.nothingSelected }) },
          { target: 'applying', actions: assign({ error: null }) },
        ],
        discard: { target: 'confirmingDiscard', actions: assign({ error: null }) },
      },
    },
    applying: {
      tags: ['busy'],
      invoke: {
        id: 'applyReview',
        src: 'applyReview',
        input: ({ context }) => ({
          modelId: context.modelId,
          reviewId: context.reviewId,
          body: applyBodyOf(context),
        }),
        onDone: {
          target: 'applied',
          actions: assign({
            appliedVersionId: ({ event }) => event.output.ID,
            appliedNumber: ({ event }) => event.output.number,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => pageMessageOf(event.error) }) },
      },
    },
    /** Applying was refused (reviewOutdated, nothingSelected…) or did not arrive: the selection is kept. */
    failed: {
      tags: ['failed'],
      on: {
        back: { target: 'reviewing', actions: assign({ error: null }) },
        retry: { target: 'applying', actions: assign({ error: null }) },
      },
    },
    confirmingDiscard: {
      tags: ['reviewing', 'confirmingDiscard'],
      on: {
        'discard.confirm': 'discarding',
        'discard.cancel': 'reviewing',
      },
    },
    discarding: {
      tags: ['busy'],
      invoke: {
        id: 'discardReview',
        src: 'discardReview',
        input: ({ context }) => ({ modelId: context.modelId, reviewId: context.reviewId }),
        onDone: 'discarded',
        onError: {
          target: 'reviewing',
          actions: assign({ error: ({ event }) => pageMessageOf(event.error) }),
        },
      },
    },
    applied: { tags: ['applied'], type: 'final' },
    discarded: { tags: ['discarded'], type: 'final' },
    /** Applied or discarded before this screen opened. */
    closed: { tags: ['closed'], type: 'final' },
  },
});

export interface ReviewDependencies {
  http: HttpClient;
}

/** Binds the review's actors to the HTTP calls; the screen and the tests call this. */
export function createReviewImplementations(deps: ReviewDependencies) {
  return {
    actors: {
      loadReview: fromPromise<ReviewResponse, ReviewInput>(async ({ input }) =>
        unwrap(await getReview(deps.http, input.modelId, input.reviewId)),
      ),
      applyReview: fromPromise<Version, ApplyInput>(async ({ input }) =>
        unwrap(await applyReview(deps.http, input.modelId, input.reviewId, input.body)),
      ),
      discardReview: fromPromise<unknown, ReviewInput>(async ({ input }) =>
        unwrap(await discardReview(deps.http, input.modelId, input.reviewId)),
      ),
    },
  };
}
