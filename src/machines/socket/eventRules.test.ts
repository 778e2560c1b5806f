import { describe, expect, it } from 'vitest';
import type { Organization } from '../../contract/http/organizations';
import { aModel, aPerson } from '../model/modelTestKit';
import {
  appliesToThisTab,
  deservesToast,
  isAcceptedAnalyticEvent,
  isNewVersionFor,
  isRemoteChangeFor,
  marksMergeDone,
  organizationUpdateOf,
  originOf,
  toastTextOf,
  withClonedModelFirst,
  withCollaboratorsOf,
} from './eventRules';
import { ada, aPayload, aRealtimeEvent, grace } from './socketTestKit';

const me = { userId: 'user-1', tabSessionId: 'tab-1' };

function anOrganization(id: string, overrides: Partial<Organization> = {}): Organization {
  return {
    _id: id,
    name: `Organization ${id}`,
    owner: aPerson(),
    billingAdministrator: null,
    billing: { status: 'free' },
    billingStatus: 'free',
    collaborators: [],
    currentUserRole: 'OWNER',
    modelCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('the realtime event rules', () => {
  it('(a) applies an event with a session id only in that tab among the user’s own; others always', () => {
    expect(appliesToThisTab(aPayload({ author: ada }), me)).toBe(true);
    expect(appliesToThisTab(aPayload({ author: ada, GussetSessionId: 'tab-1' }), me)).toBe(true);
    expect(appliesToThisTab(aPayload({ author: ada, GussetSessionId: 'tab-2' }), me)).toBe(false);
    // Another user's change carries their tab's id, which this tab never has: it applies.
    expect(appliesToThisTab(aPayload({ author: grace, GussetSessionId: 'tab-9' }), me)).toBe(true);
    expect(originOf(aPayload({ author: ada, GussetSessionId: 'tab-1' }), me)).toBe('thisTab');
    expect(originOf(aPayload({ author: grace, GussetSessionId: 'tab-9' }), me)).toBe('anotherUser');
  });

  it('(b) puts a clone by the same user at the front of the list, once, and only in its organization’s list', () => {
    const tower = aModel('ADMIN', { _id: 'model-1' });
    const clone = aModel('ADMIN', { _id: 'model-2', name: 'Tower (copy)' });
    const cloned = (origin: 'thisTab' | 'currentUser' | 'anotherUser') =>
      aRealtimeEvent({ eventName: 'ModelCloned', data: { model: clone } }, origin);

    expect(withClonedModelFirst([tower], cloned('thisTab'), null)?.map((model) => model._id)).toEqual([
      'model-2',
      'model-1',
    ]);
    expect(withClonedModelFirst([tower], cloned('currentUser'), 'org-1')?.[0]?._id).toBe('model-2');
    expect(withClonedModelFirst([clone, tower], cloned('thisTab'), null)).toBeNull();
    expect(withClonedModelFirst([tower], cloned('anotherUser'), null)).toBeNull();
    expect(withClonedModelFirst([tower], cloned('thisTab'), 'org-2')).toBeNull();
  });

  it('(c) marks another user’s change to what a screen shows as a remote change, not the user’s own', () => {
    const page = { kind: 'model', modelId: 'model-1' } as const;
    const list = { kind: 'list', organizationId: 'org-1', modelIds: ['model-1'] } as const;
    const updated = (origin: 'anotherUser' | 'currentUser', modelId = 'model-1') =>
      aRealtimeEvent({ eventName: 'ModelUpdated', data: { modelId } }, origin);
    const added = aRealtimeEvent({
      eventName: 'ModelAdded',
      data: {
        modelId: 'model-7',
        versionId: 'v1',
        versionNumber: 1,
        organizationId: 'org-1',
        newModel: true,
      },
    });

    expect(isRemoteChangeFor(updated('anotherUser'), page)).toBe(true);
    expect(isRemoteChangeFor(updated('anotherUser'), list)).toBe(true);
    expect(isRemoteChangeFor(updated('currentUser'), page)).toBe(false);
    expect(isRemoteChangeFor(updated('anotherUser', 'model-5'), page)).toBe(false);
    // A new model in the list's organization concerns the list although the list does not hold it yet.
    expect(isRemoteChangeFor(added, list)).toBe(true);
    expect(isRemoteChangeFor(added, { ...list, organizationId: 'org-2' })).toBe(false);
    expect(isRemoteChangeFor(added, { ...list, organizationId: null })).toBe(true);
    // Progress moves a bar; it is not a change to fetch.
    const progress = aRealtimeEvent({ eventName: 'ProgressUpdate', data: { modelId: 'model-1' } });
    expect(isRemoteChangeFor(progress, page)).toBe(false);
    // A new version re-fetches whoever made it.
    expect(isNewVersionFor({ ...added, origin: 'thisTab' }, list)).toBe(true);
  });

  it('(d) replaces that organization’s collaborators, and reports missing details', () => {
    const ours = anOrganization('org-1');
    const other = anOrganization('org-2');
    const collaborator = {
      user: aPerson({ _id: 'user-3' }),
      role: 'MEMBER' as const,
      pending: false,
      addedAt: 'x',
    };
    const { currentUserRole: _dropped, ...sent } = anOrganization('org-1', {
      name: 'Renamed elsewhere',
      collaborators: [collaborator],
    });
    const event = aRealtimeEvent(
      { eventName: 'OrganizationUpdated', data: { organizationId: 'org-1', organization: sent } },
      'anotherUser',
      'fromOrganizationService',
    );
    const update = organizationUpdateOf(event);
    expect(update?.organizationId).toBe('org-1');
    const updated = update && withCollaboratorsOf([ours, other], update);
    expect(updated?.[0]?.collaborators).toEqual([collaborator]);
    // Only the collaborators: the user's own role in it stays theirs.
    expect(updated?.[0]?.currentUserRole).toBe('OWNER');
    expect(updated?.[1]).toBe(other);

    const missing = organizationUpdateOf({
      ...event,
      payload: { ...event.payload, data: { organizationId: 'org-1', organization: null } },
    });
    expect(missing).toEqual({ organizationId: 'org-1', organization: null });
    expect(missing && withCollaboratorsOf([ours], missing)).toBeNull();
    // The same event on another channel is not an organization event.
    expect(organizationUpdateOf({ ...event, channel: 'fromElementService' })).toBeNull();
  });

  it('(e) accepts an analytic event only from the current user, with message success and data', () => {
    const good = aPayload({ author: ada, eventName: 'routesAnalytics', data: [{ route: '/models' }] });
    expect(isAcceptedAnalyticEvent(good, 'user-1')).toBe(true);
    expect(isAcceptedAnalyticEvent({ ...good, author: grace }, 'user-1')).toBe(false);
    expect(isAcceptedAnalyticEvent({ ...good, author: null }, 'user-1')).toBe(false);
    expect(isAcceptedAnalyticEvent({ ...good, message: 'error' }, 'user-1')).toBe(false);
    for (const empty of [null, undefined, '', [], {}]) {
      expect(isAcceptedAnalyticEvent({ ...good, data: empty }, 'user-1')).toBe(false);
    }
  });

  it('(f) treats VersionMerged with empty data as the merge being done', () => {
    expect(marksMergeDone(aPayload({ eventName: 'VersionMerged', data: {} }))).toBe(true);
    expect(marksMergeDone(aPayload({ eventName: 'VersionMerged', data: null }))).toBe(true);
    expect(marksMergeDone(aPayload({ eventName: 'VersionMerged', data: { versionId: 'v3' } }))).toBe(false);
    expect(marksMergeDone(aPayload({ eventName: 'ModelUpdated', data: {} }))).toBe(false);
  });

  it('(g) toasts another user’s events and flagged ones, with a sentence naming who', () => {
    const removed = { eventName: 'ModelRemoved' as const, data: { modelId: 'model-1' } };
    expect(deservesToast(aRealtimeEvent(removed, 'anotherUser'))).toBe(true);
    expect(deservesToast(aRealtimeEvent(removed, 'currentUser'))).toBe(false);
    expect(deservesToast(aRealtimeEvent({ ...removed, showInWebUI: true }, 'thisTab'))).toBe(true);
    expect(toastTextOf(aRealtimeEvent(removed, 'anotherUser'))).toBe('Grace Hopper removed a model.');
    expect(toastTextOf(aRealtimeEvent({ ...removed, author: null }, 'system'))).toBe(
      'Someone removed a model.',
    );
    const added = {
      eventName: 'ModelAdded' as const,
      data: {
        modelId: 'model-1',
        versionId: 'v3',
        versionNumber: 3,
        organizationId: 'org-1',
        newModel: false,
      },
    };
    expect(toastTextOf(aRealtimeEvent(added, 'anotherUser'))).toBe(
      'Grace Hopper added version 3 of a model.',
    );
    // Progress shows itself as a bar: never a toast, even from another user.
    const progress = aRealtimeEvent({ eventName: 'ProgressUpdate', data: {} }, 'anotherUser');
    expect(deservesToast(progress)).toBe(false);
  });

  it('(g) names the model and says what changed: a version with its summary, a rename, roles, reports', () => {
    const version = (data: Record<string, unknown>) =>
      toastTextOf(
        aRealtimeEvent(
          {
            eventName: 'ModelAdded',
            data: {
              modelId: 'model-1',
              versionId: 'v4',
              versionNumber: 4,
              organizationId: 'org-1',
              newModel: false,
              modelName: 'Selecto Tower',
              ...data,
            },
          },
          'anotherUser',
        ),
      );
    expect(version({ changeSummary: '3 beams resized W18X35 → W21X44' })).toBe(
      'Grace Hopper added version 4 of Selecto Tower: 3 beams resized W18X35 → W21X44.',
    );
    expect(version({ changeSummary: null })).toBe('Grace Hopper added version 4 of Selecto Tower.');

    const updated = (data: Record<string, unknown>) =>
      toastTextOf(
        aRealtimeEvent({ eventName: 'ModelUpdated', data: { modelId: 'model-1', ...data } }, 'anotherUser'),
      );
    expect(updated({ modelName: 'Selecto Tower', change: 'renamed', previousName: 'Selecto' })).toBe(
      'Grace Hopper renamed Selecto to Selecto Tower.',
    );
    expect(updated({ modelName: 'Selecto Tower', change: 'rolesChanged' })).toBe(
      'Grace Hopper changed the roles on Selecto Tower.',
    );
    expect(updated({ modelName: 'Selecto Tower', change: 'reportAdded' })).toBe(
      'Grace Hopper added a report to Selecto Tower.',
    );
    expect(updated({ modelName: 'Selecto Tower', change: 'resultsAdded', versionId: 'version-2' })).toBe(
      'Grace Hopper uploaded analysis results to Selecto Tower.',
    );
    expect(updated({ modelName: 'Selecto Tower', change: 'collaboratorAdded' })).toBe(
      'Grace Hopper added a collaborator to Selecto Tower.',
    );
    expect(updated({ modelName: 'Selecto Tower' })).toBe('Grace Hopper changed Selecto Tower.');
    expect(updated({})).toBe('Grace Hopper changed a model.');
    // A thumbnail the viewer set by itself is no news.
    expect(updated({ modelName: 'Selecto Tower', thumbnail: true })).toBeNull();
    expect(
      toastTextOf(
        aRealtimeEvent(
          { eventName: 'ModelRemoved', data: { modelId: 'model-1', modelName: 'Selecto Tower' } },
          'anotherUser',
        ),
      ),
    ).toBe('Grace Hopper removed Selecto Tower.');
  });
});
