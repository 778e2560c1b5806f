import type { SnapshotFrom } from 'xstate';
import { ownMessages } from '../../contract/errors';
import type { DiffViewWire } from '../../contract/http/compare';
import type { PropertyGroup } from '../../engine/diff/types';
import type { Version } from '../../contract/http/versions';
import type { AttributeValue, DisplayUnit } from '../../engine/schema';
import { formatElevation, mmToDisplay } from '../../engine/units';
import { exportAddress } from '../model/exportAddress';
import {
  changeKeyOfElement,
  groupByCause,
  groupCounts,
  statusesOn,
  type ChangeKindGroup,
  type RootCauseGroup,
  type CompareSide,
  type ElementChangeStatus,
} from '../reports/changeList';
import type { DiffStatus } from '../reports/diffMachine';
import { materialFacts, profileFacts, releaseFacts } from './elementFacts';
import { facetsOf, type FacetEntry, type SceneFacets } from './sceneFacts';
import type { ElementProperties, FilterFacet, SectionBoxMm, ViewerPanel, ViewMode } from './types';
import { viewerMessages, type viewerMachine } from './viewerMachine';

type ViewerSnapshot = SnapshotFrom<typeof viewerMachine>;

export type ViewerStatus = 'empty' | 'loading' | 'failed' | 'ready';

/** Which of the screen's main states to show. */
export function selectViewerStatus(snapshot: ViewerSnapshot): ViewerStatus {
  if (snapshot.hasTag('ready')) return 'ready';
  if (snapshot.hasTag('failed')) return 'failed';
  if (snapshot.hasTag('empty')) return 'empty';
  return 'loading';
}

export const selectIsBusy = (snapshot: ViewerSnapshot) => snapshot.hasTag('busy');
export const selectIsDrawing = (snapshot: ViewerSnapshot) => snapshot.hasTag('drawing');
export const selectIsContextLost = (snapshot: ViewerSnapshot) => snapshot.hasTag('contextLost');
export const selectError = (snapshot: ViewerSnapshot) => snapshot.context.error;

/** Whether a side panel is open (else collapsed to its rail). */
export const selectPanelOpen = (panel: ViewerPanel) => (snapshot: ViewerSnapshot) =>
  snapshot.context.panels[panel];

/** Why there is nothing to draw: LIMITEDVIEW users may not read versions; other models have none yet. */
export function selectEmptyMessage(snapshot: ViewerSnapshot): string {
  return snapshot.context.abilities.canViewVersions ? viewerMessages.noVersions : ownMessages.limitedViewOnly;
}

/** What ViewerCanvas mirrors into the viewer; each keeps its identity until the machine changes it. */
export const selectScene = (snapshot: ViewerSnapshot) => snapshot.context.scene;
export const selectTheme = (snapshot: ViewerSnapshot) => snapshot.context.theme;
export const selectFilter = (snapshot: ViewerSnapshot) => snapshot.context.filter;
export const selectIsolatedLevel = (snapshot: ViewerSnapshot) => snapshot.context.isolatedLevel;
export const selectSectionBox = (snapshot: ViewerSnapshot) => snapshot.context.sectionBox;
export const selectLayers = (snapshot: ViewerSnapshot) => snapshot.context.layers;
export const selectCamera = (snapshot: ViewerSnapshot) => snapshot.context.camera;
export const selectSelectedId = (snapshot: ViewerSnapshot) => snapshot.context.selectedId;
export const selectViewMode = (snapshot: ViewerSnapshot): ViewMode => snapshot.context.viewMode;

/** One drawing the toolbar offers: its SceneData id and what the option reads. */
export interface ViewChoice {
  id: string;
  label: string;
}

/**
 * The plans and elevations the scene offers: levels from the top down as storey tables list them, each with its
 * elevation in the model's units ('Level 2 (+6.500 m)'); grid lines by label, with their system when two
 * systems share a label. Empty lists when the scene has no levels or grids.
 */
export function selectViewChoices(snapshot: ViewerSnapshot): {
  plans: ViewChoice[];
  elevations: ViewChoice[];
} {
  const scene = snapshot.context.scene;
  if (!scene) return NO_CHOICES;
  return choicesOf(scene);
}

const NO_CHOICES = { plans: [], elevations: [] };
const choicesCache = new WeakMap<object, { plans: ViewChoice[]; elevations: ViewChoice[] }>();

function choicesOf(scene: NonNullable<ViewerSnapshot['context']['scene']>) {
  const cached = choicesCache.get(scene);
  if (cached) return cached;
  const plans = [...scene.levels]
    .sort((a, b) => b.elevation - a.elevation)
    .map((level) => ({
      id: level.id,
      label: `${level.name} (${formatElevation(level.elevation, scene.units)})`,
    }));
  const labelCounts = new Map<string, number>();
  for (const grid of scene.grids) labelCounts.set(grid.label, (labelCounts.get(grid.label) ?? 0) + 1);
  const elevations = scene.grids.map((grid) => ({
    id: grid.id,
    label: (labelCounts.get(grid.label) ?? 0) > 1 ? `${grid.label} (${grid.system})` : grid.label,
  }));
  const choices = { plans, elevations };
  choicesCache.set(scene, choices);
  return choices;
}

/** What the toolbar says is shown: 'Plan: Level 2', 'Elevation: A', or null in the 3-D view. */
export function selectViewModeLine(snapshot: ViewerSnapshot): string | null {
  const mode = snapshot.context.viewMode;
  const scene = snapshot.context.scene;
  if (mode.kind === 'plan') {
    const level = scene?.levels.find(({ id }) => id === mode.levelId);
    return level ? `Plan: ${level.name}` : null;
  }
  if (mode.kind === 'elevation') {
    const choice = scene && choicesOf(scene).elevations.find(({ id }) => id === mode.gridId);
    return choice ? `Elevation: ${choice.label}` : null;
  }
  return null;
}
/** Issue #9: the GLB to draw around the shown version (null when it has none, or it belongs to another version). */
export const selectContextGeometry = (snapshot: ViewerSnapshot): ArrayBuffer | null => {
  const geometry = snapshot.context.contextGeometry;
  return geometry && geometry.versionId === snapshot.context.versionId ? geometry.bytes : null;
};
/** The capture the view is asked for: a new serial while `capturing`, else null. */
export const selectScreenshotRequest = (snapshot: ViewerSnapshot): number | null =>
  snapshot.hasTag('capturing') ? snapshot.context.screenshotSerial : null;

export const selectVersions = (snapshot: ViewerSnapshot): readonly Version[] => snapshot.context.versions;
export const selectVersionId = (snapshot: ViewerSnapshot) => snapshot.context.versionId;
/** The export screen opened on the version shown (issue #23); null while there is none. */
export const selectExportAddress = (snapshot: ViewerSnapshot): string | null =>
  snapshot.context.versionId === null
    ? null
    : exportAddress(snapshot.context.modelId, snapshot.context.versionId);

/** The filter panel's checklists with their counts (computed once per scene). */
export function selectFacets(snapshot: ViewerSnapshot): SceneFacets | null {
  return snapshot.context.scene && facetsOf(snapshot.context.scene);
}
export const selectHidden = (snapshot: ViewerSnapshot): Readonly<Record<FilterFacet, readonly string[]>> =>
  snapshot.context.hidden;
export const selectSearch = (snapshot: ViewerSnapshot) => snapshot.context.search;

/** The levels one can isolate, bottom to top, as the level checklist lists them. */
export function selectIsolatableLevels(snapshot: ViewerSnapshot): readonly FacetEntry[] {
  return selectFacets(snapshot)?.levels ?? noEntries;
}
const noEntries: readonly FacetEntry[] = [];

/** The thumbnail button: offered to WRITE and ADMIN, disabled while a picture is taken or saved. */
export interface ThumbnailState {
  offered: boolean;
  enabled: boolean;
  saving: boolean;
  error: string | null;
}

export function selectThumbnail(snapshot: ViewerSnapshot): ThumbnailState {
  const saving = snapshot.hasTag('capturing') || snapshot.hasTag('savingThumbnail');
  return {
    offered: snapshot.context.abilities.canUpdate,
    enabled: !saving && snapshot.context.drawn !== null,
    saving,
    error: snapshot.context.thumbnailError,
  };
}

/** Decimals shown per display unit: about a tenth of a millimetre in each. */
const DECIMALS: Readonly<Record<DisplayUnit, number>> = { mm: 1, cm: 2, m: 4, in: 3, ft: 4 };

/** A length in mm as the model's display units read it: '3.5 m', '11.4829 ft'. */
export function formatLength(valueMm: number, unit: DisplayUnit): string {
  return `${formatCoordinate(valueMm, unit)} ${unit}`;
}

function formatCoordinate(valueMm: number, unit: DisplayUnit): string {
  // Rounded first, so a coordinate a hair below zero reads 0 rather than -0.
  const value = Number(mmToDisplay(valueMm, unit).toFixed(DECIMALS[unit]));
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: DECIMALS[unit] }).format(
    value === 0 ? 0 : value,
  );
}

/** The section box in display units, for its inputs. */
export interface SectionBoxFields {
  unit: DisplayUnit;
  min: [number, number, number];
  max: [number, number, number];
}

const sectionBoxFieldsCache = new WeakMap<SectionBoxMm, SectionBoxFields>();

export function selectSectionBoxFields(snapshot: ViewerSnapshot): SectionBoxFields | null {
  const box = snapshot.context.sectionBox;
  if (!box) return null;
  const known = sectionBoxFieldsCache.get(box);
  if (known) return known;
  const unit = snapshot.context.scene?.units ?? 'mm';
  const toUnit = (values: [number, number, number]) =>
    values.map((value) => Number(mmToDisplay(value, unit).toFixed(DECIMALS[unit]))) as [
      number,
      number,
      number,
    ];
  const fields: SectionBoxFields = { unit, min: toUnit(box.min), max: toUnit(box.max) };
  sectionBoxFieldsCache.set(box, fields);
  return fields;
}

export interface PropertyRow {
  label: string;
  value: string;
}

export interface NodeRow {
  id: string;
  x: string;
  y: string;
  z: string;
}

/** The properties panel of one element, every length in the model's display units. */
export interface PropertiesView {
  title: string;
  rows: PropertyRow[];
  unit: DisplayUnit;
  nodes: NodeRow[];
  attributes: PropertyRow[];
}

function attributeText(value: AttributeValue): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const nameOf = (object: { id: string; name: string } | null): string => {
  if (!object) return 'None';
  return object.name.trim() === '' ? object.id : object.name;
};

/** Rows of the properties panel for an element's server answer (pure, so it is tested on its own). */
export function propertiesOf(properties: ElementProperties): PropertiesView {
  const { element, units } = properties;
  const rows: PropertyRow[] = [
    { label: 'Name', value: nameOf(element) },
    { label: 'Id', value: element.id },
    { label: 'Type', value: element.type ?? 'Unknown' },
    { label: 'Profile', value: nameOf(properties.profile) },
    ...profileFacts(properties.profile, units),
    { label: 'Material', value: nameOf(properties.material) },
    ...materialFacts(properties.material, units),
    { label: 'Level', value: nameOf(properties.level) },
    ...releaseFacts(element),
  ];
  if (properties.lengthMm !== null)
    rows.push({ label: 'Length', value: formatLength(properties.lengthMm, units) });
  rows.push({ label: 'Loads', value: String(properties.loads) });
  if (element.source) {
    const version = element.source.version === undefined ? '' : ` ${element.source.version}`;
    rows.push({ label: 'Source', value: `${element.source.tool}${version}` });
  }
  return {
    title: nameOf(element),
    rows,
    unit: units,
    nodes: properties.nodes.map((node) => ({
      id: node.id,
      x: formatCoordinate(node.x, units),
      y: formatCoordinate(node.y, units),
      z: formatCoordinate(node.z, units),
    })),
    attributes: Object.entries(element.attributes ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([label, value]) => ({ label, value: attributeText(value) })),
  };
}

const propertiesCache = new WeakMap<ElementProperties, PropertiesView>();

/** The picked element's panel; null while nothing is selected or its properties have not arrived. */
export function selectProperties(snapshot: ViewerSnapshot): PropertiesView | null {
  const element = snapshot.context.element;
  if (!element) return null;
  const known = propertiesCache.get(element);
  if (known) return known;
  const view = propertiesOf(element);
  propertiesCache.set(element, view);
  return view;
}

export const selectIsElementLoading = (snapshot: ViewerSnapshot) => snapshot.hasTag('elementLoading');
export const selectElementError = (snapshot: ViewerSnapshot) => snapshot.context.elementError;

// ---------------------------------------------------------------------------------------------------------------
// Diff mode (issue #7)

/** The versions one may compare the shown one with (every other, newest first); none for LIMITEDVIEW. */
export function selectCompareCandidates(snapshot: ViewerSnapshot): readonly Version[] {
  const { versions, versionId, abilities } = snapshot.context;
  if (!abilities.canViewVersions || versionId === null) return noVersions;
  const others = versions.filter((version) => version.ID !== versionId);
  return others.length === versions.length - 1 ? others : noVersions;
}
const noVersions: readonly Version[] = [];

/** The toolbar of diff mode: the two versions by number, the side drawn, the diff's status and failure. */
export interface CompareBar {
  fromNumber: number | null;
  toNumber: number | null;
  side: CompareSide;
  status: DiffStatus;
  error: string | null;
}

export function selectCompareBar(snapshot: ViewerSnapshot): CompareBar | null {
  const compare = snapshot.context.compare;
  if (!compare) return null;
  const numberOf = (id: string) =>
    snapshot.context.versions.find((version) => version.ID === id)?.number ?? null;
  return {
    fromNumber: numberOf(compare.from),
    toNumber: numberOf(compare.to),
    side: compare.side,
    status: compare.status,
    error: compare.error,
  };
}

/** The pair compared, for the address (?version=&compare=): null outside diff mode. */
export function selectComparedVersionId(snapshot: ViewerSnapshot): string | null {
  const compare = snapshot.context.compare;
  if (!compare) return null;
  return compare.side === 'new' ? compare.from : compare.to;
}

/** What the viewer colours (by element id) on the side drawn; null outside diff mode or before the diff is in. */
export function selectDiffStatuses(
  snapshot: ViewerSnapshot,
): ReadonlyMap<string, ElementChangeStatus> | null {
  const compare = snapshot.context.compare;
  if (!compare?.diff) return null;
  return statusesOn(compare.diff, compare.side);
}

export const selectChangeGroupFilter = (snapshot: ViewerSnapshot) => snapshot.context.compare?.group ?? null;

const changeListCache = new WeakMap<
  DiffViewWire,
  Map<PropertyGroup | null, ReturnType<typeof groupByCause>>
>();

/** The change list split by root cause, narrowed to the property group chosen (one computation per filter). */
function causeSplit(snapshot: ViewerSnapshot): ReturnType<typeof groupByCause> | null {
  const compare = snapshot.context.compare;
  if (!compare?.diff) return null;
  const byGroup =
    changeListCache.get(compare.diff) ?? new Map<PropertyGroup | null, ReturnType<typeof groupByCause>>();
  changeListCache.set(compare.diff, byGroup);
  const known = byGroup.get(compare.group);
  if (known) return known;
  const split = groupByCause(compare.diff, compare.group === null ? null : [compare.group]);
  byGroup.set(compare.group, split);
  return split;
}

/**
 * The change list of the changes no root cause explains: added, removed, modified, then by type, narrowed to the
 * property group chosen.
 */
export function selectChangeList(snapshot: ViewerSnapshot): ChangeKindGroup[] | null {
  return causeSplit(snapshot)?.rest ?? null;
}

/** The root causes shown above the change list, each with the changes under it. */
export function selectRootCauses(snapshot: ViewerSnapshot): RootCauseGroup[] | null {
  return causeSplit(snapshot)?.causes ?? null;
}

const groupCountsCache = new WeakMap<DiffViewWire, Record<PropertyGroup, number>>();

/** How many modified objects changed in each property group, for the filter's labels. */
export function selectGroupCounts(snapshot: ViewerSnapshot): Record<PropertyGroup, number> | null {
  const diff = snapshot.context.compare?.diff;
  if (!diff) return null;
  const known = groupCountsCache.get(diff);
  if (known) return known;
  const counts = groupCounts(diff.changes);
  groupCountsCache.set(diff, counts);
  return counts;
}

/** The change the list marks: one chosen in the list that is not drawn, else the element selected in the viewer. */
export function selectActiveChangeKey(snapshot: ViewerSnapshot): string | null {
  const { compare, selectedId } = snapshot.context;
  if (!compare?.diff) return null;
  if (compare.focusedKey !== null) return compare.focusedKey;
  return selectedId === null ? null : changeKeyOfElement(compare.diff, compare.side, selectedId);
}

/** The element under the pointer, while the viewer reports one (results shown). */
export const selectHovered = (snapshot: ViewerSnapshot) => snapshot.context.hovered;
