import type { ModelRole } from '../../contract/http/models';
import type { PublicUser } from '../../contract/http/users';
import type { Version } from '../../contract/http/versions';
import { modelCountsText } from '../../engine/formats/reportOverview';

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

/**
 * '3 levels · 1,204 nodes · 300 beams · 2 area loads': the collections that hold something, in engineering words
 * and the report's fixed order (engine modelCountsText), whatever order the server listed them in.
 */
export function countsText(counts: Record<string, number>): string {
  return modelCountsText(counts);
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
