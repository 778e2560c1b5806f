/** The four sub-screens of /verify, in the order a new user meets them. */
export const verifyScreens = ['createAccount', 'choosePlan', 'downloadPlugins', 'survey'] as const;
export type VerifyScreen = (typeof verifyScreens)[number];

export const verifyScreenPaths: Record<VerifyScreen, string> = {
  createAccount: '/verify/create-account',
  choosePlan: '/verify/choose-plan',
  downloadPlugins: '/verify/download-plugins',
  survey: '/verify/survey',
};

/** The proof of mailbox ownership carried by the verification mail's link. */
export interface VerifyLink {
  resetToken: string;
  emailAddress: string;
}

/** Which sub-screen a pathname names, or null for /verify itself and anything unknown. */
export function screenFromPathname(pathname: string): VerifyScreen | null {
  const normalized = pathname.replace(/\/+$/, '');
  return verifyScreens.find((screen) => verifyScreenPaths[screen] === normalized) ?? null;
}

/** Both parameters of the link, or null when either is missing or empty (spec section 2). */
export function readVerifyLink(search: string): VerifyLink | null {
  const query = new URLSearchParams(search);
  const resetToken = query.get('resetToken')?.trim() ?? '';
  const emailAddress = query.get('email')?.trim() ?? '';
  return resetToken && emailAddress ? { resetToken, emailAddress } : null;
}

/** The query that carries a link on to the next screen; nothing else from the original query travels. */
export function verifyLinkQuery(link: VerifyLink | null): string {
  if (!link) return '';
  return `?${new URLSearchParams({ resetToken: link.resetToken, email: link.emailAddress }).toString()}`;
}

/**
 * Where /verify sends the visitor (spec section 2): always to create-account, with resetToken and email passed
 * on only when the query holds both; if either is empty the visitor arrives without them.
 */
export function verifyIndexTarget(search: string): string {
  return `${verifyScreenPaths.createAccount}${verifyLinkQuery(readVerifyLink(search))}`;
}

/**
 * The address of a sub-screen. The link's parameters travel only until the account exists (create-account and
 * choose-plan), so a reload there can still create it; after that the spent token leaves the address bar.
 */
export function verifyScreenAddress(screen: VerifyScreen, link: VerifyLink | null): string {
  const keepsLink = screen === 'createAccount' || screen === 'choosePlan';
  return `${verifyScreenPaths[screen]}${verifyLinkQuery(keepsLink ? link : null)}`;
}
