import type { Survey, User, UserState } from '../../contract/http/users';
import type { FormError } from '../auth/validation';
import type { VerifyLink, VerifyScreen } from './verifyParams';

/** 'paid' is the Pro plan: its payment method is added later in the organization's billing settings. */
export type Plan = NonNullable<UserState['plan']>;

export interface SignupInput {
  /** resetToken and email from the mailed link, or null when the visitor arrived without both. */
  link: VerifyLink | null;
  /**
   * The signed-in user when the session still carries the sign-up process flag (a reload on download-plugins
   * or survey): the account exists, so the flow resumes after it.
   */
  resumingUser: User | null;
}

export interface SurveyAnswers {
  features: Survey['features'];
  softwareUsed: Survey['softwareUsed'];
  softwareWanted: Survey['softwareWanted'];
  other: string;
}

export interface SignupContext {
  link: VerifyLink | null;
  firstName: string;
  lastName: string;
  /** Held only until the account exists, then wiped. */
  password: string;
  confirmPassword: string;
  /** null when the flow resumed after the account existed: choose-plan was not shown in this tab. */
  plan: Plan | null;
  /** The created (or resumed) account; its id addresses updateUserState. */
  user: User | null;
  survey: SurveyAnswers;
  error: FormError;
}

export type CreateAccountField = 'firstName' | 'lastName' | 'password' | 'confirmPassword';

export type SurveyToggleEvent =
  | { type: 'survey.toggle'; question: 'features'; option: Survey['features'][number] }
  | { type: 'survey.toggle'; question: 'softwareUsed'; option: Survey['softwareUsed'][number] }
  | { type: 'survey.toggle'; question: 'softwareWanted'; option: Survey['softwareWanted'][number] };

export type SignupEvent =
  | { type: 'field.change'; field: CreateAccountField; value: string }
  | { type: 'createAccount.submit' }
  | { type: 'plan.select'; plan: Plan }
  | { type: 'choosePlan.back' }
  | { type: 'choosePlan.submit' }
  | { type: 'plugins.next' }
  | SurveyToggleEvent
  | { type: 'survey.otherChange'; value: string }
  | { type: 'survey.submit' }
  | { type: 'survey.skip' }
  /** The address bar now names this sub-screen (a link, back or forward); the machine decides if it may. */
  | { type: 'screen.opened'; screen: VerifyScreen };

/**
 * One tag per sub-screen so the view knows which screen to show without reading state names; `linkMissing`:
 * create-account was opened without the mailed link; `busy`: a request is on its way; `finished`: sign-up done.
 */
export type SignupTag = VerifyScreen | 'linkMissing' | 'busy' | 'finished';

export interface StartSignupSessionParams {
  token: string;
  user: User;
}
