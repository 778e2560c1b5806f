import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderSupportedElements, SUPPORTED_ELEMENTS_PATH } from './renderSupportedElements';
import { renderTranslatorPairs, TRANSLATOR_PAIRS_PATH } from './renderTranslatorPairs';

/**
 * `npm run docs:supported`: regenerates docs/supported-elements.md and docs/translator-pairs.md from the
 * translators' capabilities.
 */
for (const [path, render] of [
  [SUPPORTED_ELEMENTS_PATH, renderSupportedElements],
  [TRANSLATOR_PAIRS_PATH, renderTranslatorPairs],
] as const) {
  writeFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), render());
  process.stdout.write(`wrote ${path}\n`);
}
