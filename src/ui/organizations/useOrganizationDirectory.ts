import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { Organization } from '../../contract/http/organizations';
import {
  selectDirectoryError,
  selectDirectoryFailed,
  selectDirectoryLoaded,
  selectDirectoryUserId,
  selectOrganizations,
} from '../../machines/organizations/selectors';
import { selectUser } from '../../machines/session/selectors';
import { useAppServices } from '../services/AppServices';
import { useSessionSelector } from '../session/useSession';

const noOrganizations: readonly Organization[] = [];

/**
 * The signed-in user's organizations (owned first, then by name). Mounting a view that uses it loads them
 * once per user; `fresh` also reloads them in the background, for screens where a stale list would mislead.
 */
export function useOrganizationDirectory(options: { fresh?: boolean } = {}) {
  const { organizations: directory } = useAppServices();
  const userId = useSessionSelector(selectUser)?._id ?? null;
  const fresh = options.fresh ?? false;

  useEffect(() => {
    if (userId === null) return;
    directory.send({ type: 'organizations.needed', userId });
    if (fresh) directory.send({ type: 'organizations.refresh' });
  }, [directory, userId, fresh]);

  const loadedFor = useSelector(directory, selectDirectoryUserId);
  // Until the directory has switched to this user, the previous user's list must not show.
  const organizations = useSelector(directory, selectOrganizations);
  const mine = loadedFor === userId ? organizations : noOrganizations;
  const loaded = useSelector(directory, selectDirectoryLoaded);
  const failed = useSelector(directory, selectDirectoryFailed);
  const error = useSelector(directory, selectDirectoryError);
  const events = useMemo(
    () => ({
      saved: (organization: Organization) => directory.send({ type: 'organization.saved', organization }),
      refresh: () => directory.send({ type: 'organizations.refresh' }),
    }),
    [directory],
  );
  return { organizations: mine, loaded: loaded && loadedFor === userId, failed, error, ...events };
}

/** Tells the directory about an organization changed on a screen, without subscribing to the list. */
export function useOrganizationSaved(): (organization: Organization) => void {
  const { organizations: directory } = useAppServices();
  return useMemo(
    () => (organization: Organization) => directory.send({ type: 'organization.saved', organization }),
    [directory],
  );
}
