import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { adminUsersMachine, createAdminUsersImplementations } from '../../machines/admin/adminUsersMachine';
import { useHttpClient } from '../services/AppServices';
import { announceSuccess } from '../auth/announce';

/** One admin users actor per screen (/admin/profile, /admin/testingGroups). */
export function useAdminUsers() {
  const http = useHttpClient();
  const logic = useMemo(
    () => adminUsersMachine.provide(createAdminUsersImplementations(http, announceSuccess)),
    [http],
  );
  return useActorRef(logic, { input: {} });
}
