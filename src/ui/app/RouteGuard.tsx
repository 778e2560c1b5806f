import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { toast } from 'react-toastify';
import { routeAccess, type RouteKind } from '../../machines/session/routeAccess';
import { selectSignupInProgress, selectToken } from '../../machines/session/selectors';
import { useSessionEvents, useSessionSelector } from './hooks';

/** Asks routeAccess whether the session may see this route, and carries out its answer. */
export function RouteGuard({ kind, children }: { kind: RouteKind; children?: ReactNode }) {
  const token = useSessionSelector(selectToken);
  const signupInProgress = useSessionSelector(selectSignupInProgress);
  const { clearStorage } = useSessionEvents();
  const access = routeAccess(kind, { token, signupInProgress });
  const info = access.allow ? undefined : access.info;
  const mustClearStorage = !access.allow && access.clearStorage === true;

  useEffect(() => {
    if (info !== undefined) toast.info(info, { toastId: info });
    if (mustClearStorage) clearStorage();
  }, [info, mustClearStorage, clearStorage]);

  if (!access.allow) return <Navigate to={access.redirectTo} replace />;
  return children ?? <Outlet />;
}
