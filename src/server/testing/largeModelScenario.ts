import { generateBuilding } from '../../engine/testing/building';
import type { BuildingParameters } from '../../engine/testing/building';
import type { Model } from '../../engine/schema';
import { postUpload, uploadAndWait, waitForJob } from './uploads';
import type { TestServer } from './testServer';

/**
 * A model with history for the tests and the benchmark that watch the event loop while heavy requests run: three
 * versions of a generated building and an open review, each side changed by renaming elements (a change of
 * every kind of element, as many as wanted, without touching the geometry).
 */
export interface LargeModelScenario {
  modelId: string;
  /** The generated building. */
  v1: string;
  /** Every 50th element renamed and every 200th removed: the merge preview's source (its base is v1). */
  v2: string;
  /** Every other element renamed: the latest version, and v1 → v3 a large diff. */
  v3: string;
  elementCount: number;
  /** A review=true upload of v3 with every 10th element renamed again. */
  newReview(): Promise<string>;
}

/** A 100k-element upload on PGlite takes well over the helpers' default minute. */
const TIMEOUT_MS = 600_000;

const bytesOf = (model: Model) => new TextEncoder().encode(JSON.stringify(model));

/** The model with every `every`-th element renamed and every `remove`-th one no load or group names removed. */
function renamed(model: Model, every: number, remove = 0): Model {
  const named = new Set<string>();
  for (const load of model.loads) if ('elementId' in load) named.add(load.elementId);
  for (const group of model.groups) for (const member of group.members) named.add(member.id);
  return {
    ...model,
    elements: model.elements
      .filter((element, index) => remove === 0 || index % remove !== remove - 1 || named.has(element.id))
      .map((element, index) => (index % every === 0 ? { ...element, name: `${element.name}′` } : element)),
  };
}

export async function createLargeModelScenario(
  server: TestServer,
  owner: { token: string; organizationId: string },
  building: BuildingParameters,
): Promise<LargeModelScenario> {
  const base = generateBuilding(building);
  const upload = (model: Model, options: { modelId?: string; name?: string }) =>
    uploadAndWait(
      server,
      owner.token,
      bytesOf(model),
      {
        fileName: 'building.json',
        ...(options.modelId ? { modelId: options.modelId } : { organizationId: owner.organizationId }),
        ...(options.name ? { name: options.name } : {}),
      },
      TIMEOUT_MS,
    );
  const first = await upload(base, { name: 'Large' });
  const { modelId } = first;
  const second = await upload(renamed(base, 50, 200), { modelId });
  const latest = renamed(base, 2);
  const third = await upload(latest, { modelId });
  return {
    modelId,
    v1: first.versionId,
    v2: second.versionId,
    v3: third.versionId,
    elementCount: base.elements.length,
    async newReview() {
      const accepted = await postUpload(server, owner.token, bytesOf(renamed(latest, 10)), {
        fileName: 'review.json',
        modelId,
        review: true,
      });
      if (accepted.status !== 202) throw new Error(`review upload answered ${accepted.status}`);
      const job = await waitForJob(server, owner.token, (accepted.body as { _id: string })._id, TIMEOUT_MS);
      if (job.status !== 'done' || !job.reviewId) throw new Error(`review job ${job.status}: ${job.error}`);
      return job.reviewId;
    },
  };
}
