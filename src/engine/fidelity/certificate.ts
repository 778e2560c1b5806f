import type { ReportItem, TranslationReport } from '../formats/report';
import { conceptRank } from '../formats/reportOverview';
import type { Model } from '../schema';
import { compareModels } from './compare';
import { explainDifferences } from './explain';
import type {
  CompareOptions,
  Explanation,
  FidelityComparison,
  FidelityConcept,
  FidelityDifference,
  FidelityKind,
  PatternResultant,
} from './types';
import { aspectWords, CONCEPT_WORDS, countOf, KIND_WORDS } from './words';

export interface CertifyOptions extends CompareOptions {
  /** How many example ids and messages each group shows; default 5. */
  examples?: number;
}

/** One kind of object in the certificate: how many matched and which aspects survived identical. */
export interface CertificateKind {
  kind: FidelityKind;
  /** 'beams', 'area loads': engineering words. */
  label: string;
  before: number;
  after: number;
  matched: number;
  missing: number;
  added: number;
  /** Aspects identical on every matched object. */
  identical: FidelityConcept[];
  /** Aspects that differ, with on how many matched objects. */
  differing: { concept: FidelityConcept; label: string; count: number }[];
  /** "2,342 beams: positions, sections, materials, end releases identical". */
  line: string;
}

/** Differences of one concept: how many, a few example ids, and why the reports say they happened. */
export interface CertificateGroup {
  concept: FidelityConcept;
  label: string;
  count: number;
  /** Ids of a few of the objects concerned (before ids). */
  examples: string[];
  /** The reports' reasons, "subject: reason", distinct (explained groups only). */
  reasons: string[];
  /** A few of the differences in words. */
  messages: string[];
}

export interface FidelityCertificate {
  /** `identical`: no difference; `explained`: every difference is in a report; `unexplained`: some are not. */
  verdict: 'identical' | 'explained' | 'unexplained';
  positionTolerance: number;
  relativeTolerance: number;
  counts: { differences: number; explained: number; unexplained: number };
  kinds: CertificateKind[];
  resultants: PatternResultant[];
  /** Explained by report items that approximated (or warned about) something. */
  approximated: CertificateGroup[];
  /** Explained by report items that dropped something. */
  dropped: CertificateGroup[];
  unexplained: CertificateGroup[];
  /** Every unexplained difference, for tools that act on them. */
  unexplainedDifferences: FidelityDifference[];
}

/**
 * Compares the models, explains the differences with every report's items (writer first, then the read-back),
 * and states what survived, what the translators said they approximated or dropped, and what they did not say.
 */
export function certify(
  before: Model,
  after: Model,
  reports: readonly TranslationReport[],
  options: CertifyOptions = {},
): FidelityCertificate {
  const comparison = compareModels(before, after, options);
  const explanation = explainDifferences(
    comparison.differences,
    reports.flatMap((report) => report.items),
  );
  return buildCertificate(comparison, explanation, options.examples ?? 5);
}

export function buildCertificate(
  comparison: FidelityComparison,
  explanation: Explanation,
  exampleCount = 5,
): FidelityCertificate {
  const { summary, differences } = comparison;
  const kinds = summary.kinds.map((kind): CertificateKind => {
    const aspects = Object.entries(kind.aspects) as [FidelityConcept, number][];
    const identical = aspects.filter(([, count]) => count === 0).map(([concept]) => concept);
    const differing = aspects
      .filter(([, count]) => count > 0)
      .map(([concept, count]) => ({ concept, label: aspectWords(kind.kind, concept), count }));
    const label = KIND_WORDS[kind.kind];
    const parts: string[] = [];
    if (kind.missing > 0 || kind.added > 0) {
      const lostOrGained = [
        ...(kind.missing > 0 ? [`${kind.missing.toLocaleString('en-US')} missing`] : []),
        ...(kind.added > 0 ? [`${kind.added.toLocaleString('en-US')} added`] : []),
      ];
      parts.push(
        `${kind.matched.toLocaleString('en-US')} of ${kind.before.toLocaleString('en-US')} matched (${lostOrGained.join(', ')})`,
      );
    }
    if (kind.matched > 0 && identical.length > 0) {
      parts.push(
        `${[...new Set(identical.map((concept) => aspectWords(kind.kind, concept)))].join(', ')} identical`,
      );
    }
    for (const aspect of differing)
      parts.push(`${aspect.label} differ on ${aspect.count.toLocaleString('en-US')}`);
    return {
      kind: kind.kind,
      label,
      before: kind.before,
      after: kind.after,
      matched: kind.matched,
      missing: kind.missing,
      added: kind.added,
      identical,
      differing,
      line: `${countOf(kind.before, label)}${parts.length > 0 ? `: ${parts.join('; ')}` : ''}`,
    };
  });
  const approximated = explanation.explained.filter(({ item }) => item.severity !== 'dropped');
  const dropped = explanation.explained.filter(({ item }) => item.severity === 'dropped');
  const unexplained = explanation.unexplained;
  return {
    verdict: differences.length === 0 ? 'identical' : unexplained.length === 0 ? 'explained' : 'unexplained',
    positionTolerance: summary.positionTolerance,
    relativeTolerance: summary.relativeTolerance,
    counts: {
      differences: differences.length,
      explained: explanation.explained.length,
      unexplained: unexplained.length,
    },
    kinds,
    resultants: summary.resultants,
    approximated: groupByConcept(approximated, exampleCount),
    dropped: groupByConcept(dropped, exampleCount),
    unexplained: groupByConcept(
      unexplained.map((difference) => ({ difference })),
      exampleCount,
    ),
    unexplainedDifferences: unexplained,
  };
}

/**
 * What the source holds beyond what the canonical model carries, which an export therefore leaves behind (a
 * version's story drifts: translations carry member forces and joint results only), added as dropped
 * differences so the certificate says so rather than nothing: one per subject, with the reason.
 */
export function withLeftBehind(
  certificate: FidelityCertificate,
  concept: FidelityConcept,
  subjects: readonly string[],
  reason: string,
): FidelityCertificate {
  if (subjects.length === 0) return certificate;
  const existing = certificate.dropped.find((group) => group.concept === concept);
  const group: CertificateGroup = existing
    ? {
        ...existing,
        examples: [...existing.examples],
        reasons: [...existing.reasons],
        messages: [...existing.messages],
      }
    : { concept, label: CONCEPT_WORDS[concept], count: 0, examples: [], reasons: [], messages: [] };
  group.count += subjects.length;
  group.examples.push(...subjects);
  group.reasons.push(reason);
  group.messages.push(...subjects.map((subject) => `${subject}: present before, absent after`));
  const dropped = existing
    ? certificate.dropped.map((entry) => (entry === existing ? group : entry))
    : [...certificate.dropped, group];
  return {
    ...certificate,
    verdict: certificate.verdict === 'identical' ? 'explained' : certificate.verdict,
    counts: {
      ...certificate.counts,
      differences: certificate.counts.differences + subjects.length,
      explained: certificate.counts.explained + subjects.length,
    },
    dropped: dropped.sort(
      (x, y) => conceptRank(x.concept) - conceptRank(y.concept) || x.label.localeCompare(y.label),
    ),
  };
}

function groupByConcept(
  entries: readonly { difference: FidelityDifference; item?: ReportItem }[],
  exampleCount: number,
): CertificateGroup[] {
  const groups = new Map<FidelityConcept, CertificateGroup>();
  for (const { difference, item } of entries) {
    let group = groups.get(difference.concept);
    if (!group) {
      group = {
        concept: difference.concept,
        label: CONCEPT_WORDS[difference.concept],
        count: 0,
        examples: [],
        reasons: [],
        messages: [],
      };
      groups.set(difference.concept, group);
    }
    group.count++;
    if (group.examples.length < exampleCount && !group.examples.includes(difference.id))
      group.examples.push(difference.id);
    if (group.messages.length < exampleCount) group.messages.push(difference.message);
    if (item) {
      const reason = `${item.subject}: ${item.reason}`;
      if (group.reasons.length < exampleCount && !group.reasons.includes(reason)) group.reasons.push(reason);
    }
  }
  // In the translation report's fixed order of kinds (issue #23), so the certificate and the report read alike.
  return [...groups.values()].sort(
    (x, y) => conceptRank(x.concept) - conceptRank(y.concept) || x.label.localeCompare(y.label),
  );
}

/** The certificate as text, for the CLI and anywhere plain text is shown. */
export function renderCertificate(certificate: FidelityCertificate): string {
  const { counts } = certificate;
  const lines: string[] = [];
  lines.push(
    certificate.verdict === 'identical'
      ? 'Fidelity: no difference an engineer would see.'
      : certificate.verdict === 'explained'
        ? `Fidelity: ${countOf(counts.differences, 'differences')}, every one explained by the translators' reports.`
        : `Fidelity: ${countOf(counts.differences, 'differences')}, ${counts.explained.toLocaleString('en-US')} explained by the translators' reports, ${counts.unexplained.toLocaleString('en-US')} unexplained.`,
  );
  lines.push(
    `Nodes are the same within ${certificate.positionTolerance} mm; other numbers within ${certificate.relativeTolerance.toExponential()} relative.`,
  );
  lines.push('', 'What was compared');
  for (const kind of certificate.kinds) lines.push(`  ${kind.line}`);
  const resultants = certificate.resultants;
  if (resultants.length > 0) {
    const kept = resultants.filter((resultant) => resultant.identical).length;
    const changed = resultants
      .filter((resultant) => !resultant.identical)
      .map((resultant) => resultant.pattern);
    lines.push(
      `  load totals per pattern: ${kept} of ${resultants.length} identical${changed.length > 0 ? ` (changed: ${changed.join(', ')})` : ''}`,
    );
  }
  const section = (title: string, groups: readonly CertificateGroup[], withMessages: boolean) => {
    if (groups.length === 0) return;
    lines.push('', title);
    for (const group of groups) {
      const more = group.count > group.examples.length ? ', …' : '';
      lines.push(
        `  ${group.label}: ${group.count.toLocaleString('en-US')} (${group.examples.join(', ')}${more})`,
      );
      for (const reason of group.reasons) lines.push(`    reported: ${reason}`);
      if (withMessages) for (const message of group.messages) lines.push(`    ${message}`);
    }
  };
  section('Approximated, as the reports say', certificate.approximated, false);
  section('Dropped, as the reports say', certificate.dropped, false);
  section('Unexplained: differences no report mentions', certificate.unexplained, true);
  return `${lines.join('\n')}\n`;
}
