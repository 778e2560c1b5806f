import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync, type Zippable } from 'fflate';
import { ownMessages } from '../../../contract/errors';
import type { Plugin } from '../../../contract/http/plugins';
import { xlsxTranslator } from '../../../engine/formats/xlsx/index';
import { emptyModel } from '../../../engine/schema';
import { HttpError } from '../../httpError';
import { PLUGIN_CATALOG, type CatalogEntry } from './catalog';

/** The folder of the nearest package.json above `from`: the repository, from src/ or from the compiled dist/server/. */
function packageRoot(from: string): string {
  const parent = path.dirname(from);
  if (existsSync(path.join(parent, 'package.json')) || parent === from) return parent;
  return packageRoot(parent);
}

/** The repository's plugins/ folder (plugins/python, plugins/ram), beside src/ and dist/: it ships with the code. */
export const DEFAULT_PLUGINS_DIR = path.join(packageRoot(fileURLToPath(import.meta.url)), 'plugins');

export interface PluginDownload {
  bytes: Uint8Array;
  fileName: string;
  contentType: string;
}

export interface PluginsService {
  list(): Promise<Plugin[]>;
  /** The download's bytes; 404 for an unknown id or one this server cannot make (yet). */
  download(id: string): Promise<PluginDownload>;
}

export interface PluginsDeps {
  /** docs/ (guides are docs/guides/{name}.md). */
  docsDir: string;
  pluginsDir?: string;
  /** The Excel template's bytes, or null when this server cannot make one (tests replace it). */
  excelTemplate?: () => Promise<Uint8Array | null>;
}

/**
 * The Excel template: the Excel translator's workbook of an empty Gusset model (every sheet with its header row
 * and nothing else), so what a user fills in is exactly what the upload reads back.
 */
export async function excelTemplateFromTranslator(): Promise<Uint8Array | null> {
  const { bytes } = await xlsxTranslator.write(emptyModel({ tool: 'excel' }));
  return bytes;
}

const CONTENT_TYPES = {
  zip: 'application/zip',
  guide: 'text/markdown; charset=utf-8',
  excelTemplate: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** A fixed date inside every zip, so the same files always make the same bytes (and the same size). */
const ZIP_MTIME = new Date('2026-01-01T00:00:00Z');

/** Files a download must not carry: Python's caches and hidden files (editor and OS leftovers). */
const skipped = (name: string) => name.startsWith('.') || name === '__pycache__' || name.endsWith('.pyc');

async function filesUnder(root: string, relative = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, relative), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (skipped(entry.name)) continue;
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await filesUnder(root, child)));
    else if (entry.isFile()) files.push(child);
  }
  return files;
}

const isMissing = (error: unknown) =>
  error instanceof Error && 'code' in error && (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Get Plugins. Each download is made once per process, on first use (a few small zips, the template and the
 * guides), and kept in memory; a download this server cannot make (a folder missing from the deployment) is
 * listed as unavailable and answers 404 with the reason.
 */
export function createPluginsService(deps: PluginsDeps): PluginsService {
  const pluginsDir = deps.pluginsDir ?? DEFAULT_PLUGINS_DIR;
  const guidesDir = path.join(deps.docsDir, 'guides');
  const excelTemplate = deps.excelTemplate ?? excelTemplateFromTranslator;
  const built = new Map<string, Promise<Uint8Array | null>>();

  async function zipFolders(folders: readonly { from: string; into: string }[]): Promise<Uint8Array | null> {
    const files: Zippable = {};
    for (const folder of folders) {
      const root = path.join(pluginsDir, folder.from);
      let names: string[];
      try {
        names = await filesUnder(root);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      if (names.length === 0) return null;
      for (const name of names) files[`${folder.into}/${name}`] = await readFile(path.join(root, name));
    }
    return zipSync(files, { level: 6, mtime: ZIP_MTIME });
  }

  async function make(entry: CatalogEntry): Promise<Uint8Array | null> {
    const source = entry.source;
    if (source.type === 'zip') return zipFolders(source.folders);
    if (source.type === 'excelTemplate') return excelTemplate();
    try {
      return await readFile(path.join(guidesDir, `${source.guide}.md`));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  function bytesOf(entry: CatalogEntry): Promise<Uint8Array | null> {
    let promise = built.get(entry.id);
    if (!promise) {
      promise = make(entry);
      // A failure is not cached: the next request tries again.
      promise.catch(() => built.delete(entry.id));
      built.set(entry.id, promise);
    }
    return promise;
  }

  return {
    async list() {
      return Promise.all(
        PLUGIN_CATALOG.map(async (entry) => {
          const bytes = await bytesOf(entry);
          const plugin: Plugin = {
            id: entry.id,
            title: entry.title,
            platform: entry.platform,
            description: entry.description,
            kind: entry.kind,
            fileName: entry.fileName,
            size: bytes ? bytes.byteLength : null,
            available: bytes !== null,
          };
          if (entry.source.type === 'guide') plugin.guideUrl = `/docs/guides/${entry.source.guide}`;
          return plugin;
        }),
      );
    },

    async download(id) {
      const entry = PLUGIN_CATALOG.find((candidate) => candidate.id === id);
      if (!entry) throw new HttpError(404, ownMessages.pluginNotFound);
      const bytes = await bytesOf(entry);
      if (!bytes) {
        throw new HttpError(
          404,
          entry.source.type === 'excelTemplate'
            ? ownMessages.excelTemplateNotAvailable
            : ownMessages.pluginNotAvailable,
        );
      }
      return { bytes, fileName: entry.fileName, contentType: CONTENT_TYPES[entry.source.type] };
    },
  };
}
