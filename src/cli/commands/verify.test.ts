import { afterAll, describe, expect, it } from 'vitest';
import { portalFrame } from '../../engine/fidelity/testing/portalFrame';
import { canonicalJsonTranslator } from '../../engine/formats/json';
import type { ReportItem } from '../../engine/formats/report';
import { countModel } from '../../engine/formats/report';
import type { Model } from '../../engine/schema';
import type { ModelFormat } from '../formats';
import { runGusset, temporaryFolder } from '../testing/runGusset';
import type { VerifyResult } from './verify';
import { createVerifyCommand, EXIT_UNEXPLAINED } from './verify';

const folder = temporaryFolder();
afterAll(() => folder.remove());

async function portalFrameFile(name: string): Promise<string> {
  const { bytes } = await canonicalJsonTranslator.write(portalFrame());
  return folder.file(name, bytes);
}

/**
 * Canonical JSON whose writer forgets every member's end releases, saying so only when `items` are given: a
 * translator that loses something, deterministic whatever today's real translators do.
 */
function forgetfulJson(items: (model: Model) => ReportItem[]): ModelFormat {
  return {
    ...canonicalJsonTranslator,
    id: 'forgetful',
    title: 'JSON that forgets releases',
    async write(model) {
      const stripped: Model = {
        ...model,
        elements: model.elements.map((element) => {
          if (!('releases' in element)) return element;
          const { releases: _releases, ...rest } = element;
          return rest;
        }),
      };
      const { bytes } = await canonicalJsonTranslator.write(stripped);
      return {
        bytes,
        report: { format: 'forgetful', direction: 'write', counts: countModel(model), items: items(model) },
      };
    },
  };
}

async function runInProcess(format: ModelFormat, args: string[]): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const code = await createVerifyCommand(() => format).run(args, {
    stdout: (text) => (stdout += text),
    stderr: () => undefined,
  });
  return { code, stdout };
}

describe.concurrent('gusset verify', () => {
  it('exits 0 on a clean JSON round trip and says nothing differs', async () => {
    const path = await portalFrameFile('portal.json');
    const result = await runGusset(['verify', path, '--via', 'json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Verified ${path} (Gusset canonical model (.json)) through`);
    expect(result.stdout).toContain('Fidelity: no difference an engineer would see.');
    expect(result.stdout).toContain('4 beams: positions, end order, sections, materials, end releases');
  });

  it('prints the certificate as JSON with --json', async () => {
    const path = await portalFrameFile('portal-json.json');
    const result = await runGusset(['verify', path, '--via', 'json', '--json']);
    expect(result.code).toBe(0);
    const parsed = JSON.parse(result.stdout) as VerifyResult;
    expect(parsed).toMatchObject({
      file: path,
      format: 'json',
      via: 'json',
      certificate: { verdict: 'identical' },
    });
    expect(parsed.certificate.kinds.find((kind) => kind.kind === 'beams')).toMatchObject({
      before: 4,
      matched: 4,
    });
  });

  it('exits 2 without --via, or with a --via that is no format', async () => {
    const path = await portalFrameFile('portal-usage.json');
    const missing = await runGusset(['verify', path]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('verify needs --via <format>');
    const unknown = await runGusset(['verify', path, '--via', 'dwg']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--via "dwg" is not a format');
  });

  it('exits 4 when the translation loses releases and no report says so, naming the beams', async () => {
    const path = await portalFrameFile('portal-lossy.json');
    const result = await runInProcess(
      forgetfulJson(() => []),
      [path, '--via', 'forgetful'],
    );
    expect(result.code).toBe(EXIT_UNEXPLAINED);
    expect(result.stdout).toContain(
      "Fidelity: 4 differences, 0 explained by the translators' reports, 4 unexplained.",
    );
    expect(result.stdout).toContain('  end releases: 4 (B1, B2, B3, B4)');
    expect(result.stdout).toContain('Beam B1: end i moment M2 released before, fixed after');
  });

  it('exits 0 when the writer reports the releases it dropped', async () => {
    const path = await portalFrameFile('portal-reported.json');
    const reported = forgetfulJson((model) => [
      {
        severity: 'dropped',
        subject: 'Releases',
        reason: 'this format has no end releases',
        concept: 'release',
        ids: model.elements.map((element) => element.id),
      },
    ]);
    const result = await runInProcess(reported, [path, '--via', 'forgetful']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("every one explained by the translators' reports");
    expect(result.stdout).toContain(
      'Dropped, as the reports say\n  end releases: 4 (B1, B2, B3, B4)\n    reported: Releases: this format has no end releases',
    );
  });
});
