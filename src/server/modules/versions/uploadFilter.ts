import {
  filterUpload,
  filtersMayChange,
  type FilteredUpload,
  type FilterRules,
  type ModelFilters,
  type UploadedVersion,
} from '../../../engine/filters';
import { translatorById } from '../../../engine/formats/registry';
import type { Queryable } from '../../db/db';
import { createFiltersRepository } from '../filters/repository';
import { platformOfTranslator } from './exportFilter';
import { sha256Hex } from './manifest';
import { versionStore } from './repository';

// The rule (what a model's filters let an upload change) is the engine's: engine/filters/upload.ts. This file
// reads what it needs: the model's filters, and the version the upload would change, its bodies on demand.
export type { FilteredUpload };

/**
 * The filters of the model and the version an upload to it would change, then the engine's filterUpload. Reads nothing of
 * the version when no filter could apply: none From the platform of the upload's format (a canonical JSON
 * file's objects may come from any platform), or none To a platform that wrote the version's objects.
 */
export async function filterUploadToModel(
  db: Queryable,
  modelId: string,
  upload: UploadedVersion & { format: string },
): Promise<FilteredUpload | undefined> {
  const rows = await db.query<{ organization_id: string }>(
    'SELECT organization_id FROM models WHERE id = $1',
    [modelId],
  );
  const organizationId = rows[0]?.organization_id;
  if (!organizationId) return undefined;
  const repository = createFiltersRepository(db);
  const filters: ModelFilters = {
    organization: await repository.list({ organizationId, modelId: null }),
    model: await repository.list({ organizationId, modelId }),
  };
  const translator = translatorById(upload.format);
  const platform = translator && 'platform' in translator ? platformOfTranslator(translator) : undefined;
  const mayApply = (filter: FilterRules) =>
    filter.from !== filter.to && (!platform || filter.from === platform);
  if (!filters.organization.some(mayApply) && !filters.model.some(mayApply)) return undefined;

  const latest = await versionStore.latestTools(db, modelId);
  if (!latest || (latest.tools && !filtersMayChange(filters, upload.manifest.tools, latest.tools)))
    return undefined;
  const stored = await versionStore.manifest(db, modelId, latest.id);
  if (!stored) return undefined;
  return filterUpload(
    { manifest: stored.manifest, bodies: (hashes) => versionStore.bodies(db, hashes) },
    upload,
    filters,
    sha256Hex,
  );
}
