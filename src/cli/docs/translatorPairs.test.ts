import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ANALYSIS_LOSS_REASONS, reportAnalysisLoss } from '../../engine/formats/analysisLoss';
import { CAPABILITY_CONCEPT_NAMES } from '../../engine/formats/capabilities';
import { FILE_TRANSLATORS, TRANSLATORS } from '../../engine/formats/registry';
import { ReportBuilder } from '../../engine/formats/report';
import type { Capability, FileTranslator, Translator } from '../../engine/formats/types';
import { emptyModel } from '../../engine/schema';
import { pairMark, renderTranslatorPairs, TRANSLATOR_PAIRS_PATH } from './renderTranslatorPairs';

const committedPath = fileURLToPath(new URL(`../../../${TRANSLATOR_PAIRS_PATH}`, import.meta.url));

const level = (read: Capability['read'], write: Capability['write']): Capability => ({
  concept: 'Beam',
  read,
  write,
});

/** A section of the page: the lines from its heading to the next one. */
function section(page: string, heading: string): string[] {
  const lines = page.split('\n');
  const start = lines.indexOf(heading);
  const end = lines.findIndex((line, at) => at > start && line.startsWith('## '));
  return lines.slice(start, end === -1 ? undefined : end);
}

describe('docs/translator-pairs.md', () => {
  it('is exactly what `npm run docs:supported` generates from the registered translators', () => {
    // If this fails, a translator's capabilities changed: run `npm run docs:supported` and commit the page.
    expect(readFileSync(committedPath, 'utf8')).toBe(renderTranslatorPairs());
  });

  it('has a table per source format with a column per other format and a row per concept', () => {
    const page = renderTranslatorPairs();
    for (const source of FILE_TRANSLATORS) {
      const lines = section(page, `## From ${headingName(source)} (\`${source.id}\`)`);
      expect(lines.length, source.id).toBeGreaterThan(0);
      const header = lines.find((line) => line.startsWith('| Concept |')) ?? '';
      expect(header.split(' → ').length - 1).toBe(FILE_TRANSLATORS.length - 1);
      const rows = lines.filter((line) => /^\| [a-z].*\(`[a-zA-Z]+`\) \|/.test(line));
      expect(rows).toHaveLength(CAPABILITY_CONCEPT_NAMES.length);
    }
  });

  it('has every translator declare every concept exactly once, so no pair is silent about one', () => {
    for (const translator of TRANSLATORS) {
      const declared = translator.capabilities.map((capability) => capability.concept);
      expect([...declared].sort(), translator.id).toEqual([...CAPABILITY_CONCEPT_NAMES].sort());
    }
  });

  it('marks a pair by both sides: ✓ full and full, ≈ either partial, ✗ not written, — not read', () => {
    expect(pairMark(level('full', 'full'), level('full', 'full')).mark).toBe('✓');
    expect(pairMark(level('partial', 'full'), level('full', 'full')).mark).toBe('≈');
    expect(pairMark(level('full', 'full'), level('full', 'partial')).mark).toBe('≈');
    expect(pairMark(level('partial', 'full'), level('full', 'none')).mark).toBe('✗');
    expect(pairMark(level('none', 'full'), level('full', 'none')).mark).toBe('—');
  });

  it('follows the declarations: a target that stops writing a concept turns its cells to ✗ with the note', () => {
    const sap = TRANSLATORS.find((translator) => translator.id === 's2k');
    if (!sap) throw new Error('the SAP2000 translator is not registered');
    const changed: Translator = {
      ...sap,
      capabilities: sap.capabilities.map((capability) =>
        capability.concept === 'Rigid zones'
          ? { ...capability, write: 'none', note: 'no rigid | zones here' }
          : capability,
      ),
    };
    const translators: FileTranslator[] = FILE_TRANSLATORS.map((translator) =>
      translator.id === 's2k' ? changed : translator,
    );
    const lines = section(renderTranslatorPairs(translators), '## From ETABS (`e2k`)');
    const row = lines.find((line) => line.startsWith('| rigid zone factors')) ?? '';
    // ETABS reads rigid zones in full; the SAP2000 column comes first.
    expect(row).toMatch(/^\| rigid zone factors \(`rigidZone`\) \| ✗ (\d+) \|/);
    const number = /✗ (\d+)/.exec(row)?.[1];
    expect(lines).toContain(`${number}. SAP2000, rigid zone factors: no rigid \\| zones here`);
  });

  it('says the same sentence for a lost concept as the writer reports', () => {
    const model = emptyModel({ tool: 'gusset' });
    model.functions = ['F1', 'F2'].map((id) => ({ id }) as NonNullable<typeof model.functions>[number]);
    const report = new ReportBuilder();
    reportAnalysisLoss(report, model, 'IFC');
    const reason = ANALYSIS_LOSS_REASONS.function('IFC');
    expect(report.items.map((item) => item.reason)).toEqual([`2 functions: ${reason}`]);
    expect(renderTranslatorPairs()).toContain(`IFC, functions: ${reason}`);
  });
});

function headingName(translator: FileTranslator): string {
  return (
    { e2k: 'ETABS', s2k: 'SAP2000', ifc: 'IFC', cis2: 'CIS/2', xlsx: 'Excel', json: 'JSON' }[translator.id] ??
    translator.id
  );
}
