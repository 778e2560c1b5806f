import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TRANSLATORS_BY_PLATFORM } from '../../engine/formats/registry';
import type { Translator } from '../../engine/formats/types';
import { renderSupportedElements, SUPPORTED_ELEMENTS_PATH } from './renderSupportedElements';

const committedPath = fileURLToPath(new URL(`../../../${SUPPORTED_ELEMENTS_PATH}`, import.meta.url));

describe('docs/supported-elements.md', () => {
  it('is exactly what `npm run docs:supported` generates from the registered translators', () => {
    // If this fails, a translator's capabilities changed: run `npm run docs:supported` and commit the page.
    expect(readFileSync(committedPath, 'utf8')).toBe(renderSupportedElements());
  });

  it('has a section and an overview column for every registered translator', () => {
    const page = renderSupportedElements();
    const translators = Object.values(TRANSLATORS_BY_PLATFORM).flat();
    expect(translators.length).toBeGreaterThanOrEqual(2);
    const overviewHeader = page.split('\n').find((line) => line.startsWith('| Concept |')) ?? '';
    for (const translator of translators) {
      expect(page).toContain(`## ${translator.title}`);
      expect(overviewHeader).toContain(translator.title);
    }
  });

  it('states each declared capability, so a change in the code changes the page', () => {
    const base = TRANSLATORS_BY_PLATFORM.Etabs[0];
    if (!base) throw new Error('the ETABS translator is not registered');
    const changed: Translator = {
      ...base,
      capabilities: base.capabilities.map((capability) =>
        capability.concept === 'Cable'
          ? { ...capability, read: 'partial', note: 'cables | as braces' }
          : capability,
      ),
    };
    const page = renderSupportedElements({ ...TRANSLATORS_BY_PLATFORM, Etabs: [changed] });
    expect(page).not.toBe(renderSupportedElements());
    expect(page).toContain('| Cable | partial | — | cables \\| as braces |');
  });

  it('lists every platform in the specification order with its files and other paths, then Gusset and scripts', () => {
    const page = renderSupportedElements();
    const rows = page
      .split('\n')
      .filter((line) => /^\| (Etabs|Excel|RAM|Revit|SAP|Tekla|Gusset|Scripts) \|/.test(line))
      .map((line) => line.split(' | ')[0]?.slice(2));
    expect(rows).toEqual(['Etabs', 'Excel', 'RAM', 'Revit', 'SAP', 'Tekla', 'Gusset', 'Scripts']);
    // IFC is both Revit's and Tekla's path; RAM's is the plugin, since RAM has no open model file.
    const row = (platform: string) =>
      page.split('\n').find((line) => line.startsWith(`| ${platform} |`)) ?? '';
    expect(row('Revit')).toContain('[`ifc`]');
    expect(row('Tekla')).toContain('[`ifc`]');
    expect(row('Tekla')).toContain('[`cis2`]');
    expect(row('RAM')).toContain('RAM plugin');
    expect(page).not.toContain('Platforms without a translator yet');
  });
});
