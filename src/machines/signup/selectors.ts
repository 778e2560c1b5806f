import type { SnapshotFrom } from 'xstate';
import type { signupMachine } from './signupMachine';
import type { VerifyScreen } from './verifyParams';
import { verifyScreens } from './verifyParams';

type SignupSnapshot = SnapshotFrom<typeof signupMachine>;

/** The sub-screen the flow is on, or null once sign-up is finished (the dashboard takes over). */
export function selectScreen(snapshot: SignupSnapshot): VerifyScreen | null {
  return verifyScreens.find((screen) => snapshot.hasTag(screen)) ?? null;
}

export const selectIsBusy = (snapshot: SignupSnapshot): boolean => snapshot.hasTag('busy');
export const selectError = (snapshot: SignupSnapshot): string | null => snapshot.context.error;
