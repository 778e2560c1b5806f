import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createMemoryStorage } from '../session/memoryStorage';
import { sessionStorageKeys } from '../session/sessionMachine';
import { rootMachine } from './rootMachine';

describe('rootMachine', () => {
  it('starts the session, the start-up screen and the loading overlay, reachable by systemId', () => {
    const storage = createMemoryStorage({ [sessionStorageKeys.signupInProgress]: 'true' });
    const root = createActor(rootMachine, { input: { storage } }).start();
    const { session, startup, loading } = root.getSnapshot().children;

    expect(root.system.get('session')).toBe(session);
    expect(root.system.get('startup')).toBe(startup);
    expect(root.system.get('loading')).toBe(loading);
    expect(session?.getSnapshot().value).toBe('signedOut');
    // The session works on the storage the root was given.
    expect(storage.getItem(sessionStorageKeys.signupInProgress)).toBeNull();
    expect(startup?.getSnapshot().hasTag('initializing')).toBe(true);
    expect(loading?.getSnapshot().hasTag('visible')).toBe(false);
    root.stop();
  });
});
