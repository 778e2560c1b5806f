import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { selectScreen } from '../../../machines/signup/selectors';
import { screenFromPathname, verifyScreenAddress } from '../../../machines/signup/verifyParams';
import {
  SignupFlowContext,
  useSignupFlowActorRef,
  useSignupFlowEvents,
  useSignupFlowSelector,
  type SignupFlowActor,
} from './SignupFlowContext';

/** The layout of the verify sub-screens: one flow actor for all four, kept in step with the address bar. */
export function SignupFlowFrame({ actor }: { actor: SignupFlowActor }) {
  return (
    <SignupFlowContext.Provider value={actor}>
      <AddressBarBridge />
      <Outlet />
    </SignupFlowContext.Provider>
  );
}

/**
 * Keeps the address bar and the flow on the same sub-screen. An address the user opens (a link, back, forward)
 * is offered to the machine, which may refuse it (no skipping ahead, no return to the form once the account
 * exists); the address then follows the machine.
 */
function AddressBarBridge() {
  const actorRef = useSignupFlowActorRef();
  const events = useSignupFlowEvents();
  const screen = useSignupFlowSelector(selectScreen);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const addressScreen = screenFromPathname(pathname);
  // The effects below run after the machine may have moved; they compare with the address as rendered last.
  const addressRef = useRef(addressScreen);
  useEffect(() => {
    addressRef.current = addressScreen;
    if (addressScreen !== null) events.openScreen(addressScreen);
    const current = actorRef.getSnapshot();
    const accepted = selectScreen(current);
    if (accepted !== null && accepted !== addressScreen) {
      navigate(verifyScreenAddress(accepted, current.context.link), { replace: true });
    }
  }, [addressScreen, actorRef, events, navigate]);

  useEffect(() => {
    if (screen === null || screen === addressRef.current) return;
    navigate(verifyScreenAddress(screen, actorRef.getSnapshot().context.link));
  }, [screen, actorRef, navigate]);

  return null;
}
