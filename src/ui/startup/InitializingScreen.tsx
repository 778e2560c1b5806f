import { externalLinks } from '../navigation/externalLinks';

/** Spec section 2: shown for about two seconds at start, with a way out for users who cannot log in. */
export function InitializingScreen() {
  return (
    <main className="initializing" aria-busy="true">
      <div className="spinner" aria-hidden="true" />
      <p className="initializing__title" role="status">
        Initializing Gusset...
      </p>
      <a href={externalLinks.loginIssues} target="_blank" rel="noopener noreferrer">
        Having trouble logging in?
      </a>
    </main>
  );
}
