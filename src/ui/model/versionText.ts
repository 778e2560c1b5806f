import type { ModelRole } from '../../contract/http/models';
import type { PublicUser } from '../../contract/http/users';
import type { Version } from '../../contract/http/versions';

const numberFormat = new Intl.NumberFormat('en-US');

const changesText = (count: number) => `${numberFormat.format(count)} change${count === 1 ? '' : 's'}`;

/** How a version came to be, in a few words: its file, the version it restores, a clone, a merge, a review or a repair. */
export function originText(version: Version): string {
  switch (version.origin.kind) {
    case 'upload':
      return version.origin.fileName;
    case 'restore':
      return `Restored from v${version.origin.restoredNumber}`;
    case 'clone':
      return 'Cloned from another model';
    case 'merge':
      return `Merged ${changesText(version.origin.changeCount)} from version ${version.origin.sourceNumber}`;
    case 'review':
      return `Reviewed upload of ${version.origin.fileName}: ${numberFormat.format(version.origin.changeCount)} of ${changesText(version.origin.totalChanges)}`;
    case 'repair': {
      const count = version.origin.operationCount;
      return `Repair of version ${version.origin.repairedNumber}: ${numberFormat.format(count)} operation${count === 1 ? '' : 's'}`;
    }
  }
}

/** The report's count keys (engine ModelCounts) in engineering words: singular and plural. */
const COUNT_WORDS: Readonly<Record<string, readonly [string, string]>> = {
  nodes: ['node', 'nodes'],
  beams: ['beam', 'beams'],
  columns: ['column', 'columns'],
  braces: ['brace', 'braces'],
  cables: ['cable', 'cables'],
  walls: ['wall', 'walls'],
  floors: ['floor', 'floors'],
  areas: ['other area', 'other areas'],
  openings: ['opening', 'openings'],
  links: ['link', 'links'],
  components: ['other component', 'other components'],
  foundations: ['foundation', 'foundations'],
  geoElements: ['reference geometry object', 'reference geometry objects'],
  levels: ['level', 'levels'],
  grids: ['grid line', 'grid lines'],
  sections: ['section', 'sections'],
  materials: ['material', 'materials'],
  restraints: ['restrained node', 'restrained nodes'],
  releases: ['released member', 'released members'],
  diaphragms: ['diaphragm', 'diaphragms'],
  loadPatterns: ['load pattern', 'load patterns'],
  loadCases: ['load case', 'load cases'],
  loadCombinations: ['load combination', 'load combinations'],
  pointLoads: ['point load', 'point loads'],
  linearLoads: ['line load', 'line loads'],
  areaLoads: ['area load', 'area loads'],
  groups: ['group', 'groups'],
};

/** A count key in words: a known one from the table, any other with its camelCase split ('fooBars' → 'foo bars'). */
function countWords(name: string, count: number): string {
  const words = Object.hasOwn(COUNT_WORDS, name) ? COUNT_WORDS[name] : undefined;
  if (words) return count === 1 ? words[0] : words[1];
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/**
 * '1,204 nodes · 300 beams · 2 area loads': the collections that hold something, in the order the server listed
 * them, in engineering words.
 */
export function countsText(counts: Record<string, number>): string {
  const parts = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([name, count]) => `${numberFormat.format(count)} ${countWords(name, count)}`);
  return parts.length === 0 ? 'Empty model' : parts.join(' · ');
}

export function personName(user: PublicUser | null): string {
  if (!user) return 'Unknown user';
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name === '' ? user.emailAddress : name;
}

/** The roles as spec section 4 describes them. */
export const roleLabels: Record<ModelRole, string> = {
  ADMIN: 'Admin (can invite collaborators)',
  WRITE: 'Modeler (can update the model)',
  READ: 'Viewer (can view and download)',
  LIMITEDVIEW: 'Limited (sees only reports shared with them)',
};
