import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { toast } from 'react-toastify';
import { routeAccess, type RouteKind } from '../../machines/session/routeAccess';
import {
  selectMayAdminister,
  selectMayViewStats,
  selectSignupInProgress,
  selectToken,
} from '../../machines/session/selectors';
import { useSessionEvents, useSessionSelector } from '../session/useSession';

/** Asks routeAccess whether the session may see this route, and carries out its answer. */
export function RouteGuard({ kind, children }: { kind: RouteKind; children?: ReactNode }) {
  const token = useSessionSelector(selectToken);
  const signupInProgress = useSessionSelector(selectSignupInProgress);
  const mayAdminister = useSessionSelector(selectMayAdminister);
  const mayViewStats = useSessionSelector(selectMayViewStats);
  const { clearStorage } = useSessionEvents();
  const access = routeAccess(kind, { token, signupInProgress, mayAdminister, mayViewStats });
  const redirect = access.allow || 'pending' in access ? undefined : access;
  const info = redirect?.info;
  const error = redirect?.error;
  const mustClearStorage = redirect?.clearStorage === true;

  useEffect(() => {
    if (info !== undefined) toast.info(info, { toastId: info });
    if (error !== undefined) toast.error(error, { toastId: error });
    if (mustClearStorage) clearStorage();
  }, [info, error, mustClearStorage, clearStorage]);

  if (redirect) return <Navigate to={redirect.redirectTo} replace />;
  if (!access.allow) return null;
  return children ?? <Outlet />;
}
