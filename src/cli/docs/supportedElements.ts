import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderSupportedElements, SUPPORTED_ELEMENTS_PATH } from './renderSupportedElements';

/** `npm run docs:supported`: regenerates docs/supported-elements.md from the translators' capabilities. */
const target = fileURLToPath(new URL(`../../../${SUPPORTED_ELEMENTS_PATH}`, import.meta.url));
writeFileSync(target, renderSupportedElements());
process.stdout.write(`wrote ${SUPPORTED_ELEMENTS_PATH}\n`);
