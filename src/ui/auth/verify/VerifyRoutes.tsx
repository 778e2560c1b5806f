import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { routeAccess } from '../../../machines/session/routeAccess';
import { selectSignupInProgress, selectToken, selectUser } from '../../../machines/session/selectors';
import type { SignupInput } from '../../../machines/signup/types';
import { readVerifyLink } from '../../../machines/signup/verifyParams';
import { useSessionSelector } from '../../session/useSession';
import { SignupFlowFrame } from './SignupFlowFrame';
import { useSignupFlowActor } from './useSignupFlowActor';
import { VerifyRouteTable } from './VerifyRouteTable';

/** Mounted by the app's router at 'verify/*': the index redirect and the four sub-screens of spec section 2. */
export function VerifyRoutes() {
  return <VerifyRouteTable flow={<SignupFlowGuard />} />;
}

/** The session's one guard for the verify screens: a token holder stays only while the sign-up flag is set. */
function SignupFlowGuard() {
  const token = useSessionSelector(selectToken);
  const signupInProgress = useSessionSelector(selectSignupInProgress);
  const user = useSessionSelector(selectUser);
  const access = routeAccess('verify', { token, signupInProgress });
  if (!access.allow) return 'pending' in access ? null : <Navigate to={access.redirectTo} replace />;
  // After a reload the token is known before the user record arrives; the flow resumes from the user.
  if (token !== null && user === null) return <p role="status">Loading ...</p>;
  return <SessionBoundSignupFlow />;
}

function SessionBoundSignupFlow() {
  const { search } = useLocation();
  const token = useSessionSelector(selectToken);
  const user = useSessionSelector(selectUser);

  // Read once: the flow owns the link and the resumed user from here on, whatever the address bar says later.
  const [input] = useState<SignupInput>(() => ({
    link: readVerifyLink(search),
    resumingUser: token !== null ? user : null,
  }));

  return <SignupFlowFrame actor={useSignupFlowActor(input)} />;
}
