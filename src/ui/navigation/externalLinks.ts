/**
 * Every address outside the app, in one place. The spec names these pages but not their addresses; the
 * values below are the product's own site and must be confirmed before a public release.
 */
const productSite = 'https://gusset.app';
const documentation = `${productSite}/docs`;

export const externalLinks = {
  productSite,
  documentation,
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
