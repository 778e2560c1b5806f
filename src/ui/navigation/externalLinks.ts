/**
 * Every address outside the single-page app, in one place. The documentation pages are served by Gusset's own
 * server from the repository's docs/ (GET /docs/{page}), so they always describe the version that runs. The
 * product site, privacy page and video channel are not ours to serve: their addresses must be confirmed before a
 * public release.
 */
const productSite = 'https://gusset.app';
const documentation = '/docs';

export const externalLinks = {
  productSite,
  documentation: `${documentation}/getting-started`,
  gettingStarted: `${documentation}/getting-started`,
  supportedElements: `${documentation}/supported-elements`,
  tutorials: `${documentation}/tutorials`,
  youtubeChannel: 'https://www.youtube.com/@gusset',
  faq: `${documentation}/faq`,
  loginIssues: `${documentation}/faq#login-issues`,
  privacy: `${productSite}/privacy`,
} as const;

/** The Documentation dropdown of the top navigation, in the spec's order. */
export const documentationMenu = [
  { label: 'Getting Started', href: externalLinks.gettingStarted },
  { label: 'Supported Elements', href: externalLinks.supportedElements },
  { label: 'Tutorials', href: externalLinks.tutorials },
  { label: 'Youtube Channel', href: externalLinks.youtubeChannel },
  { label: 'FAQ', href: externalLinks.faq },
] as const;
