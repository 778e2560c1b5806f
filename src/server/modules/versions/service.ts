import { ownMessages } from '../../../contract/errors';
import type { MinimalModel, Version, VersionDetail, VersionElement } from '../../../contract/http/versions';
import { translatorById } from '../../../engine/formats/registry';
import { capReportItems, type ReportItem } from '../../../engine/formats/report';
import type { Element, Group, Level, Material, Model, Node, Profile } from '../../../engine/schema';
import type { DerivedCache } from '../../blobs/derivedCache';
import type { ServerContext } from '../../context';
import type { StoredResults } from '../capability';
import { HttpError } from '../../httpError';
import { isUuid } from '../access/access';
import { createFiltersRepository } from '../filters/repository';
import { loadPublicUsers, toVersion, type VersionRow } from '../models/versionRows';
import { CONTEXT_GLB_CACHE_KIND } from './contextGeometry';
import { createVersion } from './createVersion';
import { manifestHashes, rebuildCollection, rebuildModel } from './manifest';
import {
  CERTIFICATE_CACHE_KIND,
  certificateCacheKey,
  CertificateComputationError,
  certificateInWorker,
} from './certificate';
import { filterRulesOf, modelForExport, type ExportFilters } from './exportFilter';
import { attributeKeys, minimalAnswerJson, minimalContentJson, toMinimal } from './minimal';
import { versionStore } from './repository';
import {
  isSceneContent,
  memberLengthMm,
  SCENE_CACHE_KIND,
  SCENE_COLLECTIONS,
  sceneAnswerJson,
  sceneContentJson,
  type SceneCollection,
} from './scene';
import { buildSceneIndex, createSceneIndexCache, indexedElement, type SceneContent } from './sceneIndex';

/**
 * Elements whose scene indexes stay in memory across versions (the last version clicked is kept whatever its
 * size): about 100 bytes each, so some 100 MB at most.
 */
const SCENE_INDEX_BUDGET_ELEMENTS = 1_000_000;

export interface ExportedFile {
  fileName: string;
  bytes: Uint8Array;
}

/** A file name safe in any header and file system: the model's name with anything unusual replaced. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ._()-]/g, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 150);
  return cleaned === '' ? 'model' : cleaned;
}

export function createVersionsService(
  context: ServerContext,
  deps: { derived: DerivedCache; storedResults: StoredResults },
) {
  const { db, clock, access, log } = context;
  const { derived, storedResults } = deps;
  const versionNotFound = () => new HttpError(404, ownMessages.versionNotFound);
  const sceneIndexes = createSceneIndexCache(SCENE_INDEX_BUDGET_ELEMENTS);

  async function withAuthor(row: VersionRow): Promise<Version> {
    const authors = await loadPublicUsers(db, row.author_id === null ? [] : [row.author_id]);
    return toVersion(row, authors);
  }

  /** The model's access for `ability`, and the version id checked to be well-formed. */
  async function requireVersion(
    userId: string,
    modelId: string,
    versionId: string,
    ability: 'view' | 'update',
  ) {
    const modelAccess = await access.requireModel(userId, modelId, ability);
    if (!isUuid(versionId)) throw versionNotFound();
    return modelAccess;
  }

  /**
   * A version's scene content (SceneData without the unit) as JSON text. It never changes, so it is cached per
   * version (SCENE_CACHE_KIND); a miss rebuilds it from the stored objects and caches it.
   */
  async function sceneContent(modelId: string, versionId: string): Promise<string> {
    const cached = (await derived.read(SCENE_CACHE_KIND, versionId).catch(() => undefined))?.toString('utf8');
    if (cached !== undefined && isSceneContent(cached)) return cached;
    const partial = await versionStore.partialManifest(db, modelId, versionId, SCENE_COLLECTIONS);
    if (!partial) throw versionNotFound();
    const entries = SCENE_COLLECTIONS.flatMap((collection) => partial.collections[collection] ?? []);
    const bodies = await versionStore.bodies(db, [...new Set(entries.map((entry) => entry[1]))]);
    const collections = Object.fromEntries(
      SCENE_COLLECTIONS.map((collection) => [
        collection,
        rebuildCollection(partial.collections[collection] ?? [], bodies),
      ]),
    ) as Pick<Model, SceneCollection>;
    const content = sceneContentJson(collections);
    await derived.write(SCENE_CACHE_KIND, versionId, content).catch((error: unknown) => {
      log.warn({ err: error, versionId }, 'Could not cache the scene');
    });
    return content;
  }

  /** In-flight certificates by cache key: one worker per key however many ask. */
  const certificates = new Map<string, Promise<string>>();

  /**
   * What an export of a version to `format` starts from, after the access check: the translator and the
   * filters that apply (rules only). The download and the certificate both begin here.
   */
  async function exportSource(userId: string, modelId: string, versionId: string, format: string) {
    const modelAccess = await requireVersion(userId, modelId, versionId, 'view');
    const translator = translatorById(format);
    if (!translator) throw new HttpError(400, ownMessages.exportFormatUnsupported);
    const repository = createFiltersRepository(db);
    const filters: ExportFilters = {
      organization: filterRulesOf(
        await repository.list({ organizationId: modelAccess.organizationId, modelId: null }),
      ),
      model: filterRulesOf(await repository.list({ organizationId: modelAccess.organizationId, modelId })),
    };
    return { translator, filters };
  }

  /** A stored version and every object body its manifest names. */
  async function storedVersion(modelId: string, versionId: string) {
    const stored = await versionStore.manifest(db, modelId, versionId);
    if (!stored) throw versionNotFound();
    return { stored, bodies: await versionStore.bodies(db, manifestHashes(stored.manifest)) };
  }

  return {
    async detail(userId: string, modelId: string, versionId: string): Promise<VersionDetail> {
      await requireVersion(userId, modelId, versionId, 'view');
      const row = await versionStore.findWithReport(db, modelId, versionId);
      if (!row) throw versionNotFound();
      const version = await withAuthor(row);
      const report = row.report as VersionDetail['report'];
      // Reports are capped when made; one stored before the cap could hold 10⁶ items: the answer stays small.
      return {
        ...version,
        report: report ? { ...report, items: capReportItems(report.items as ReportItem[]) } : null,
      };
    },

    /**
     * GET minimal as JSON text. The default answer (no keys) of a version never changes, so it is cached (the
     * upload job writes it); a miss rebuilds it from the stored objects and caches it.
     */
    async minimal(
      userId: string,
      modelId: string,
      versionId: string,
      options: { keys: string[]; specificAttributesOnly: boolean },
    ): Promise<string> {
      await requireVersion(userId, modelId, versionId, 'view');
      const cacheable = options.keys.length === 0 && !options.specificAttributesOnly;
      if (cacheable) {
        if (!(await versionStore.exists(db, modelId, versionId))) throw versionNotFound();
        const cached = await derived.read('minimal', versionId).catch(() => undefined);
        if (cached) return minimalAnswerJson(modelId, versionId, cached.toString('utf8'));
      }
      const wanted = options.specificAttributesOnly
        ? (['elements'] as const)
        : (['nodes', 'elements'] as const);
      const partial = await versionStore.partialManifest(db, modelId, versionId, wanted);
      if (!partial) throw versionNotFound();
      const nodeEntries = partial.collections.nodes ?? [];
      const elementEntries = partial.collections.elements ?? [];
      const bodies = await versionStore.bodies(db, [
        ...new Set([...nodeEntries.map((entry) => entry[1]), ...elementEntries.map((entry) => entry[1])]),
      ]);
      const nodes = rebuildCollection<Node>(nodeEntries, bodies);
      const elements = rebuildCollection<Element>(elementEntries, bodies);
      const units = partial.units;
      if (cacheable) {
        const content = minimalContentJson(units, nodes, elements);
        await derived.write('minimal', versionId, content).catch((error: unknown) => {
          log.warn({ err: error, versionId }, 'Could not cache the minimal model');
        });
        return minimalAnswerJson(modelId, versionId, content);
      }
      const minimal: MinimalModel = {
        modelId,
        versionId,
        units,
        ...toMinimal(nodes, elements, options.keys, options.specificAttributesOnly),
      };
      return JSON.stringify(minimal);
    },

    /** GET scene as JSON text: the ids and the model's display unit now, then the version's cached content. */
    /**
     * GET context: the version's IFC context geometry (glTF binary), or null when its upload made none (most
     * versions: every ETABS and SAP2000 one). No context is an answer, not a missing resource (issue #23).
     */
    async contextGeometry(userId: string, modelId: string, versionId: string): Promise<Buffer | null> {
      await requireVersion(userId, modelId, versionId, 'view');
      if (!(await versionStore.exists(db, modelId, versionId))) throw versionNotFound();
      const glb = await derived.read(CONTEXT_GLB_CACHE_KIND, versionId).catch(() => undefined);
      return glb ?? null;
    },

    async scene(userId: string, modelId: string, versionId: string): Promise<string> {
      await requireVersion(userId, modelId, versionId, 'view');
      const units = await versionStore.modelUnits(db, modelId, versionId);
      if (units === undefined) throw versionNotFound();
      return sceneAnswerJson(modelId, versionId, units, await sceneContent(modelId, versionId));
    },

    /**
     * GET elements/{elementId}: one element with what it refers to, for the properties panel. The version's
     * scene index (built on the first click) says where the element is, its nodes and loads; the database
     * then gives the canonical objects, the element's read by its position in the manifest.
     */
    async element(
      userId: string,
      modelId: string,
      versionId: string,
      elementId: string,
    ): Promise<VersionElement> {
      await requireVersion(userId, modelId, versionId, 'view');
      const units = await versionStore.modelUnits(db, modelId, versionId);
      if (units === undefined) throw versionNotFound();
      const index = await sceneIndexes.get(versionId, async () => {
        const content = JSON.parse(await sceneContent(modelId, versionId)) as SceneContent;
        const partial = await versionStore.partialManifest(db, modelId, versionId, [
          'profiles',
          'materials',
          'levels',
        ]);
        if (!partial) throw versionNotFound();
        return buildSceneIndex(content, {
          profiles: partial.collections.profiles ?? [],
          materials: partial.collections.materials ?? [],
          levels: partial.collections.levels ?? [],
        });
      });
      const position = index.elementPositions.get(elementId);
      if (position === undefined) throw new HttpError(404, ownMessages.elementNotFound);
      const indexed = indexedElement(index, position);

      // The scene lists elements in manifest order; the entry's id confirms it, else the list is searched.
      const entry = await versionStore.entryAt(db, modelId, versionId, 'elements', position);
      const elementHash =
        entry?.[0] === elementId
          ? entry[1]
          : (await versionStore.findElement(db, modelId, versionId, elementId))?.hash;
      if (!elementHash) throw new HttpError(404, ownMessages.elementNotFound);
      const hashOf = (map: ReadonlyMap<string, string>, id: string | undefined) =>
        id === undefined ? undefined : map.get(id);
      const wanted = {
        profile: hashOf(index.hashes.profiles, indexed.profileId),
        material: hashOf(index.hashes.materials, indexed.materialId),
        level: hashOf(index.hashes.levels, indexed.levelId),
      };
      const bodies = await versionStore.bodies(
        db,
        [elementHash, wanted.profile, wanted.material, wanted.level].filter(
          (hash): hash is string => hash !== undefined,
        ),
      );
      const objectOf = <T>(hash: string | undefined): T | undefined => {
        const body = hash === undefined ? undefined : bodies.get(hash);
        return body === undefined ? undefined : (JSON.parse(body) as T);
      };
      const element = objectOf<Element>(elementHash);
      if (!element) throw new Error(`model object ${elementHash} is missing`);
      return {
        element,
        profile: objectOf<Profile>(wanted.profile) ?? null,
        material: objectOf<Material>(wanted.material) ?? null,
        level: objectOf<Level>(wanted.level) ?? null,
        nodes: indexed.nodes,
        lengthMm: memberLengthMm(element, indexed.nodes),
        units,
        loads: indexed.loads,
      };
    },

    async groups(userId: string, modelId: string, versionId: string) {
      await requireVersion(userId, modelId, versionId, 'view');
      const partial = await versionStore.partialManifest(db, modelId, versionId, ['groups']);
      if (!partial) throw versionNotFound();
      const entries = partial.collections.groups ?? [];
      const groups = rebuildCollection<Group>(
        entries,
        await versionStore.bodies(
          db,
          entries.map((entry) => entry[1]),
        ),
      );
      return {
        data: groups.map((group) => ({
          id: group.id,
          name: group.name,
          memberCount: group.members.length,
          members: group.members.map((member) => member.id),
        })),
      };
    },

    async attributes(userId: string, modelId: string) {
      await access.requireModel(userId, modelId, 'view');
      const latest = await versionStore.latestId(db, modelId);
      if (!latest) return { data: [] };
      const partial = await versionStore.partialManifest(db, modelId, latest, ['elements']);
      const entries = partial?.collections.elements ?? [];
      const elements = rebuildCollection<Element>(
        entries,
        await versionStore.bodies(
          db,
          entries.map((entry) => entry[1]),
        ),
      );
      return { data: attributeKeys(elements) };
    },

    async export(userId: string, modelId: string, versionId: string, format: string): Promise<ExportedFile> {
      const { translator, filters } = await exportSource(userId, modelId, versionId, format);
      const { stored, bodies } = await storedVersion(modelId, versionId);
      // Its analysis results travel with it (issue #25); a writer that cannot hold them says so in its report.
      const results = await storedResults.of(modelId, versionId);
      const version = rebuildModel(stored.manifest, bodies);
      const model = modelForExport(
        results ? { ...version, results: results.results } : version,
        translator,
        filters,
      );
      const { bytes } = await translator.write(model);
      const names = await db.query<{ name: string }>('SELECT name FROM models WHERE id = $1', [modelId]);
      const base = safeFileName(names[0]?.name ?? 'model');
      return {
        fileName: `${base} v${stored.number}${translator.extensions[0] ?? `.${translator.id}`}`,
        bytes,
      };
    },

    /**
     * The fidelity certificate of an export (issue #20) as the contract's JSON: the model the export writes
     * (exportSource + modelForExport, as above), written, read back and certified in a worker thread. Cached
     * per version, format and filters; concurrent asks for the same key share one worker.
     */
    async certificate(userId: string, modelId: string, versionId: string, format: string): Promise<string> {
      const { translator, filters } = await exportSource(userId, modelId, versionId, format);
      // The key names the version, not the model: check the version is this model's before any cache hit.
      if (!(await versionStore.exists(db, modelId, versionId))) throw versionNotFound();
      // Results uploaded onto the version later change what the export holds: their blob is part of the key.
      const results = await storedResults.of(modelId, versionId);
      const key = certificateCacheKey(versionId, translator.id, filters, results?.key);
      const cached = await derived.read(CERTIFICATE_CACHE_KIND, key).catch(() => undefined);
      if (cached !== undefined) return cached.toString('utf8');
      let running = certificates.get(key);
      if (!running) {
        running = (async () => {
          const { stored, bodies } = await storedVersion(modelId, versionId);
          const json = await certificateInWorker({
            manifest: stored.manifest,
            hashes: [...bodies.keys()],
            bodies: [...bodies.values()],
            organizationFilters: filters.organization,
            modelFilters: filters.model,
            format: translator.id,
            ...(results ? { results: results.results, resultsLeftBehind: results.leftBehind } : {}),
          }).catch((error: unknown) => {
            if (!(error instanceof CertificateComputationError)) throw error;
            log.warn({ err: error, versionId, format }, 'Could not certify an export');
            throw new HttpError(422, ownMessages.certificateFailed.replace('{reason}', error.message));
          });
          await derived.write(CERTIFICATE_CACHE_KIND, key, json).catch((error: unknown) => {
            log.warn({ err: error, versionId, format }, 'Could not cache a certificate');
          });
          return json;
        })().finally(() => certificates.delete(key));
        certificates.set(key, running);
      }
      return running;
    },

    async restore(userId: string, modelId: string, versionId: string): Promise<Version> {
      await requireVersion(userId, modelId, versionId, 'update');
      const row = await db.transaction(async (tx) => {
        if (!(await versionStore.lockModel(tx, modelId))) throw new HttpError(404, ownMessages.modelNotFound);
        const source = await versionStore.findSummary(tx, modelId, versionId);
        if (!source) throw versionNotFound();
        return createVersion(
          tx,
          {
            modelId,
            authorId: userId,
            now: clock(),
            message: null,
            origin: { kind: 'restore', restoredVersionId: versionId, restoredNumber: source.number },
            jobId: null,
            content: { kind: 'copy', versionId },
          },
          { derived, log },
        );
      });
      return withAuthor(row);
    },
  };
}

export type VersionsService = ReturnType<typeof createVersionsService>;
