import type { ExportFormat } from '../../api/versions';
import type { CertificateGroupWire, CertificateWire } from '../../contract/http/fidelity';

/**
 * The export certificate (issue #20) in the words the export screen shows: a verdict, the per-kind lines, the
 * load totals that changed, and the approximated, dropped and unreported differences grouped by concept — never
 * one line per object.
 */

/** The tool each export format is for, as the verdict names it. */
export const FORMAT_TOOLS: Readonly<Record<ExportFormat, string>> = {
  e2k: 'ETABS',
  s2k: 'SAP2000',
  ifc: 'IFC',
  cis2: 'CIS/2',
  xlsx: 'Excel',
  json: 'Gusset JSON',
};

/** How many example ids a group shows before '…'. */
export const CERTIFICATE_EXAMPLES = 3;

function counted(count: number, singular: string, plural: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}

/** '3 approximations and 1 loss' (either part left out when zero). */
function reportedPhrase(counts: CertificateWire['counts']): string {
  return [
    ...(counts.approximated > 0 ? [counted(counts.approximated, 'approximation', 'approximations')] : []),
    ...(counts.dropped > 0 ? [counted(counts.dropped, 'loss', 'losses')] : []),
  ].join(' and ');
}

export type CertificateTone = 'identical' | 'explained' | 'unexplained';

/**
 * 'Everything survives the translation to SAP2000', 'Survives with 3 approximations and 1 loss the report
 * names', '2 differences the translator did not report'.
 */
export function certificateVerdict(
  certificate: CertificateWire,
  format: ExportFormat,
): { tone: CertificateTone; text: string } {
  const { counts } = certificate;
  const tool = FORMAT_TOOLS[format];
  if (certificate.verdict === 'identical') {
    return { tone: 'identical', text: `Everything survives the translation to ${tool}` };
  }
  const reported = reportedPhrase(counts);
  if (certificate.verdict === 'explained') {
    return { tone: 'explained', text: `Survives with ${reported} the report names` };
  }
  const unreported = `${counted(counts.unexplained, 'difference', 'differences')} the translator did not report`;
  return {
    tone: 'unexplained',
    text: reported === '' ? unreported : `${unreported}, besides ${reported} it did`,
  };
}

export interface CertificateGroupView {
  /** 'end releases' */
  label: string;
  count: number;
  /** A few ids, then '…' when there are more. */
  examples: string;
  /** Why, in the reports' words (a few); for what no report names, what differs (the oracle's first message). */
  reasons: string[];
}

export interface CertificateSectionView {
  title: 'Approximated' | 'Dropped' | 'Not reported';
  count: number;
  groups: CertificateGroupView[];
}

function groupView(group: CertificateGroupWire, reported: boolean): CertificateGroupView {
  const shown = group.examples.slice(0, CERTIFICATE_EXAMPLES);
  return {
    label: group.label,
    count: group.count,
    examples: `${shown.join(', ')}${group.count > shown.length ? ', …' : ''}`,
    reasons: reported ? group.reasons.slice(0, 3) : group.messages.slice(0, 1),
  };
}

/** Approximated, Dropped and Not reported, each only when it has something. */
export function certificateSections(certificate: CertificateWire): CertificateSectionView[] {
  const sections: [CertificateSectionView['title'], CertificateGroupWire[], boolean][] = [
    ['Approximated', certificate.approximated, true],
    ['Dropped', certificate.dropped, true],
    ['Not reported', certificate.unexplained, false],
  ];
  return sections
    .filter(([, groups]) => groups.length > 0)
    .map(([title, groups, reported]) => ({
      title,
      count: groups.reduce((total, group) => total + group.count, 0),
      groups: groups.map((group) => groupView(group, reported)),
    }));
}

const COMPONENTS = [
  ['fx', 'Fx', 'kN'],
  ['fy', 'Fy', 'kN'],
  ['fz', 'Fz', 'kN'],
  ['mx', 'Mx', 'kN·m'],
  ['my', 'My', 'kN·m'],
  ['mz', 'Mz', 'kN·m'],
] as const;

/** A total in kN or kN·m, four significant digits. */
function kilo(value: number): string {
  const scaled = value / 1000;
  return scaled === 0 ? '0' : String(Number(scaled.toPrecision(4)));
}

/**
 * 'Load totals: 2 of 3 patterns identical' and per changed pattern its changed components:
 * 'SDL: Fz −12.3 kN before, −11 kN after'. Null when the model has no load pattern.
 */
export function certificateLoadTotals(
  certificate: CertificateWire,
): { summary: string; changes: string[] } | null {
  const { resultants } = certificate;
  if (resultants.patterns === 0) return null;
  const summary = `Load totals: ${resultants.identical.toLocaleString('en-US')} of ${counted(resultants.patterns, 'pattern', 'patterns')} identical`;
  const changes = resultants.differing.map(({ pattern, before, after }) => {
    const parts = COMPONENTS.filter(([key]) => kilo(before[key]) !== kilo(after[key])).map(
      ([key, label, unit]) =>
        `${label} ${kilo(before[key])} ${unit} before, ${kilo(after[key])} ${unit} after`,
    );
    return `${pattern}: ${parts.length > 0 ? parts.join('; ') : 'changed below 0.001 kN'}`;
  });
  return { summary, changes };
}
