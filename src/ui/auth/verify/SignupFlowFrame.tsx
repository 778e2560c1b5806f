import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { selectScreen } from '../../../machines/signup/selectors';
import type { signupMachine } from '../../../machines/signup/signupMachine';
import type { SignupInput } from '../../../machines/signup/types';
import { screenFromPathname, verifyScreenAddress } from '../../../machines/signup/verifyParams';
import { SignupFlowContext } from './SignupFlowContext';

/** The layout of the verify sub-screens: one flow actor for all four, kept in step with the address bar. */
export function SignupFlowFrame({ logic, input }: { logic: typeof signupMachine; input: SignupInput }) {
  return (
    <SignupFlowContext.Provider logic={logic} options={{ input }}>
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
  const actorRef = SignupFlowContext.useActorRef();
  const screen = SignupFlowContext.useSelector(selectScreen);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const addressScreen = screenFromPathname(pathname);
  // The effects below run after the machine may have moved; they compare with the address as rendered last.
  const addressRef = useRef(addressScreen);
  useEffect(() => {
    addressRef.current = addressScreen;
    if (addressScreen !== null) actorRef.send({ type: 'screen.opened', screen: addressScreen });
    const current = actorRef.getSnapshot();
    const accepted = selectScreen(current);
    if (accepted !== null && accepted !== addressScreen) {
      navigate(verifyScreenAddress(accepted, current.context.link), { replace: true });
    }
  }, [addressScreen, actorRef, navigate]);

  useEffect(() => {
    if (screen === null || screen === addressRef.current) return;
    navigate(verifyScreenAddress(screen, actorRef.getSnapshot().context.link));
  }, [screen, actorRef, navigate]);

  return null;
}
