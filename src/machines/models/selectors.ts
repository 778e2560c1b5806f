import type { SnapshotFrom } from 'xstate';
import type { Model } from '../../contract/http/models';
import type { PublicUser } from '../../contract/http/users';
import type { Version } from '../../contract/http/versions';
import { changeSummaryText } from '../../engine/diff/summary';
import { describeResultChange } from '../../engine/results/diff';
import { formatResult, memberForceQuantity, resultUnitsOf } from '../../engine/results/display';
import type { DisplayUnit } from '../../engine/schema';
import type { ModelSort, modelListMachine } from './modelListMachine';

type ModelListSnapshot = SnapshotFrom<typeof modelListMachine>;

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Newest first by an ISO date; the id breaks ties so the order never flickers between renders. */
function newestFirst(a: { at: string; id: string }, b: { at: string; id: string }): number {
  const difference = Date.parse(b.at) - Date.parse(a.at);
  return difference !== 0 ? difference : a.id.localeCompare(b.id);
}

/** The list as shown: names containing the search text (any case, spaces around ignored), in the chosen order. */
export function visibleModels(models: readonly Model[], search: string, sort: ModelSort): Model[] {
  const needle = search.trim().toLocaleLowerCase();
  const found =
    needle === '' ? [...models] : models.filter((model) => model.name.toLocaleLowerCase().includes(needle));
  return sort === 'name'
    ? found.sort((a, b) => byName.compare(a.name, b.name) || a._id.localeCompare(b._id))
    : found.sort((a, b) => newestFirst({ at: a.updatedAt, id: a._id }, { at: b.updatedAt, id: b._id }));
}

/** The dashboard's "recent models": the most recently updated first. */
export function recentModels(models: readonly Model[], count = 5): Model[] {
  return visibleModels(models, '', 'updated').slice(0, count);
}

export interface RecentVersion {
  modelId: string;
  modelName: string;
  version: Version;
}

/** Versions across all the given models (as far as the list carries them), newest first. */
export function recentVersions(models: readonly Model[], count = 10): RecentVersion[] {
  return models
    .flatMap((model) =>
      (model.versions ?? []).map((version) => ({ modelId: model._id, modelName: model.name, version })),
    )
    .sort((a, b) =>
      newestFirst({ at: a.version.Time, id: a.version.ID }, { at: b.version.Time, id: b.version.ID }),
    )
    .slice(0, count);
}

export interface CountChange {
  key: string;
  delta: number;
}

export interface ModelChange {
  modelId: string;
  modelName: string;
  latest: Version;
  previous: Version | null;
  /** Non-zero differences, largest first; on a first version, everything it holds. */
  changes: CountChange[];
  /** What changed against `previous` in engineering words (versionChangeText); null on a first version. */
  summary: string | null;
}

/** Count keys are the canonical collections (beams, loadPatterns…); the viewer reads them as words. */
function countWords(key: string, amount: number): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLocaleLowerCase();
  return Math.abs(amount) === 1 && words.endsWith('s') ? words.slice(0, -1) : words;
}

/** '+12 beams', '−3 columns', '+1 beam' (a true minus sign, as typeset numbers use). */
export function describeChange(change: CountChange): string {
  const sign = change.delta > 0 ? '+' : '\u2212';
  return `${sign}${Math.abs(change.delta)} ${countWords(change.key, change.delta)}`;
}

/** A model's changes in one line: the largest first, the rest summed up ('+12 beams, −3 columns and 4 more'). */
export function describeChanges(changes: readonly CountChange[], limit = 6): string {
  const shown = changes.slice(0, limit).map(describeChange).join(', ');
  const rest = changes.length - limit;
  return rest > 0 ? `${shown} and ${rest} more` : shown;
}

export function countChanges(
  latest: Readonly<Record<string, number>>,
  previous: Readonly<Record<string, number>>,
): CountChange[] {
  const keys = new Set([...Object.keys(latest), ...Object.keys(previous)]);
  return [...keys]
    .map((key) => ({ key, delta: (latest[key] ?? 0) - (previous[key] ?? 0) }))
    .filter((change) => change.delta !== 0)
    .sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || a.key.localeCompare(b.key));
}

/** Said of a version whose changes were not summarized (made before summaries were kept) and whose counts agree. */
export const COUNTS_UNCHANGED_TEXT = 'same counts as before: compare the versions to see what changed';

/**
 * What changed in `version` against the version before, in engineering words and the model's display unit
 * ('1 column removed, 3 beams resized W18X35 → W21X44'), from the summary the server keeps on the version
 * (issue #23). A version made before summaries were kept falls back to its count changes; a first version
 * (no `previous`) has none: null.
 */
export function versionChangeText(
  version: Version,
  previous: Version | null,
  units: DisplayUnit,
): string | null {
  if (version.changeSummary) return changeSummaryText(version.changeSummary, units);
  if (!previous) return null;
  const changes = countChanges(version.counts, previous.counts);
  return changes.length > 0 ? describeChanges(changes) : COUNTS_UNCHANGED_TEXT;
}

/**
 * The results line of a version's engineering summary (issue #25), in the model's display unit: the member whose
 * force changed most against the version before, and how many more did past the threshold; null unless both
 * versions have results.
 */
export function versionResultChangeText(version: Version, units: DisplayUnit): string | null {
  const line = version.resultChanges;
  if (!line) return null;
  const name = line.component.toUpperCase();
  const prefix = `Results against version ${line.against}: `;
  const [first] = line.top;
  if (!first || line.count === 0) {
    return `${prefix}no member's ${name} changed by more than ${line.thresholdPercent} %`;
  }
  const quantity = memberForceQuantity(line.component);
  const format = (value: number) => formatResult(value, quantity, resultUnitsOf(units), 4);
  const more = line.count - 1;
  return `${prefix}${describeResultChange(first, line.component, format)}${
    more > 0
      ? `, and ${more} more member and case ${more === 1 ? 'pair' : 'pairs'} past ${line.thresholdPercent} %`
      : ''
  }`;
}

/**
 * "What changed" per model: its latest version's counts against the version before (versions arrive newest
 * first), for the models with a version, the most recent change first.
 */
export function latestChanges(models: readonly Model[], count = 5): ModelChange[] {
  return models
    .flatMap((model): ModelChange[] => {
      const [latest, previous] = model.versions ?? [];
      if (!latest) return [];
      return [
        {
          modelId: model._id,
          modelName: model.name,
          latest,
          previous: previous ?? null,
          changes: countChanges(latest.counts, previous?.counts ?? {}),
          summary: versionChangeText(latest, previous ?? null, model.settings.units),
        },
      ];
    })
    .sort((a, b) => newestFirst({ at: a.latest.Time, id: a.modelId }, { at: b.latest.Time, id: b.modelId }))
    .slice(0, count);
}

export function personName(user: PublicUser | null): string {
  if (!user) return 'Unknown';
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name === '' ? user.emailAddress : name;
}

export const selectVisibleModels = (snapshot: ModelListSnapshot) =>
  visibleModels(snapshot.context.models, snapshot.context.search, snapshot.context.sort);
export const selectModelCount = (snapshot: ModelListSnapshot) => snapshot.context.models.length;
export const selectSearch = (snapshot: ModelListSnapshot) => snapshot.context.search;
export const selectSort = (snapshot: ModelListSnapshot) => snapshot.context.sort;
export const selectListOrganization = (snapshot: ModelListSnapshot) => snapshot.context.organization;
export const selectListLoading = (snapshot: ModelListSnapshot) => snapshot.hasTag('loading');
export const selectListLoaded = (snapshot: ModelListSnapshot) => snapshot.hasTag('loaded');
export const selectListFailed = (snapshot: ModelListSnapshot) => snapshot.hasTag('failed');
export const selectListError = (snapshot: ModelListSnapshot) => snapshot.context.error;
export const selectRecentModels = (snapshot: ModelListSnapshot) => recentModels(snapshot.context.models);
export const selectRecentVersions = (snapshot: ModelListSnapshot) => recentVersions(snapshot.context.models);
export const selectLatestChanges = (snapshot: ModelListSnapshot) => latestChanges(snapshot.context.models);
