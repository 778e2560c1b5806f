/**
 * The people screen's production machine walked with xstate/graph (@xstate/test refuses machines with
 * invoke): every state is reachable, none is a dead end, and the invariants of the invite flow hold in every
 * state the walk reaches.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { messages } from '../../contract/errors';
import { validateEmailForm } from '../auth/validation';
import { failure, ok } from '../auth/fakeHttpClient';
import { aCollaborator, anOrganization } from './organizationsTestKit';
import { peopleMachine, type PeopleEvent } from './peopleMachine';

type PeopleSnapshot = SnapshotFrom<typeof peopleMachine>;

const graphMachine = peopleMachine.provide({
  actions: { announceSuccess: () => {}, organizationSaved: () => {} },
});
const organization = anOrganization({ collaborators: [aCollaborator()] });

// The graph steps pure transitions and never starts actors, so their completions are fed in as events.
const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const userEvents: PeopleEvent[] = [
  { type: 'invite.field', field: 'emailAddress', value: 'hedy@example.com' },
  { type: 'invite.field', field: 'emailAddress', value: 'hedy@' },
  { type: 'invite.field', field: 'firstName', value: 'Hedy' },
  { type: 'invite.field', field: 'lastName', value: 'Lamarr' },
  { type: 'invite.role', role: 'ADMIN' },
  { type: 'invite.submit' },
  { type: 'invite.cancel' },
  { type: 'role.change', userId: 'user-2', role: 'ADMIN' },
  { type: 'collaborator.remove', userId: 'user-2' },
  { type: 'removal.confirm' },
  { type: 'removal.cancel' },
  { type: 'organization.retry' },
];
const actorEvents: AnyEventObject[] = [
  done('loadOrganization', ok(organization)),
  done('loadOrganization', failure(404, 'This organization does not exist, or you are not a member of it.')),
  done('addCollaborator', ok(organization)),
  done('addCollaborator', failure(404, messages.inviteNeedsInfo)),
  done('addCollaborator', failure(409, 'This person is already a member of the organization.')),
  done('changeRole', ok(organization)),
  done('removeCollaborator', ok(organization)),
  done(
    'removeCollaborator',
    failure(400, 'The owner of an organization cannot be removed from it or given another role.'),
  ),
];
// Actor completions are not part of the machine's public event type, hence the widening.
const events = [...userEvents, ...actorEvents] as PeopleEvent[];
const serializeState = (snapshot: PeopleSnapshot) =>
  JSON.stringify([
    snapshot.value,
    { ...snapshot.context, organization: snapshot.context.organization?._id ?? null },
  ]);
const input = { organizationId: 'org-1' };
const snapshots = getShortestPaths(graphMachine, { input, events, serializeState }).map((path) => path.state);

describe('people production machine (xstate/graph)', () => {
  it('reaches every state', () => {
    const reached = new Set(snapshots.map((snapshot) => JSON.stringify(snapshot.value)));
    expect([...reached].sort()).toEqual(
      [
        '"loading"',
        '"failed"',
        '{"ready":"idle"}',
        '{"ready":"inviting"}',
        '{"ready":"askingNames"}',
        '{"ready":"invitingWithNames"}',
        '{"ready":"changingRole"}',
        '{"ready":"confirmingRemoval"}',
        '{"ready":"removing"}',
      ].sort(),
    );
  });

  it('can get back to the list from every state', () => {
    const stuck = snapshots.filter(
      (snapshot) =>
        getShortestPaths(graphMachine, {
          fromState: snapshot,
          events,
          serializeState,
          toState: (s) => s.matches({ ready: 'idle' }),
        }).length === 0,
    );
    expect(stuck.map((snapshot) => snapshot.value)).toEqual([]);
  });

  it('never sends an invitation to an address that is not one', () => {
    const sending = snapshots.filter(
      (s) => s.matches({ ready: 'inviting' }) || s.matches({ ready: 'invitingWithNames' }),
    );
    expect(sending.length).toBeGreaterThan(0);
    expect(sending.filter((s) => validateEmailForm(s.context.invite.emailAddress) !== null)).toEqual([]);
  });

  it('sends names only after the server asked for them, and then always both', () => {
    const withNames = snapshots.filter((s) => s.matches({ ready: 'invitingWithNames' }));
    expect(withNames.length).toBeGreaterThan(0);
    for (const snapshot of withNames) {
      expect(snapshot.context.inviteNotice).toBe(messages.inviteNeedsInfo);
      expect(snapshot.context.invite.firstName.trim()).not.toBe('');
      expect(snapshot.context.invite.lastName.trim()).not.toBe('');
    }
  });
});
