import { open, readFile, unlink } from 'node:fs/promises';

/** Directories this process holds, so a second open from the same process is refused like one from another. */
const heldByThisProcess = new Set<string>();

export class DataDirLockedError extends Error {
  constructor(lockPath: string, pid: number | undefined) {
    super(
      `The database directory is in use by another Gusset process${pid ? ` (pid ${pid})` : ''}. ` +
        `Stop that process first, or point DATA_DIR elsewhere. Lock file: ${lockPath}`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else: still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readPid(lockPath: string): Promise<number | undefined> {
  const text = await readFile(lockPath, 'utf8').catch(() => '');
  const pid = Number.parseInt(text.trim(), 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * Takes an exclusive lock on a data directory, because PGlite takes none and two processes on one directory corrupt
 * it (electric-sql/pglite#1106). The lock file holds our pid; a lock whose process is gone is stale and taken over,
 * so a crash never needs a manual clean-up. Returns the release function.
 */
export async function acquireDirectoryLock(lockPath: string): Promise<() => Promise<void>> {
  if (heldByThisProcess.has(lockPath)) throw new DataDirLockedError(lockPath, process.pid);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      heldByThisProcess.add(lockPath);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        heldByThisProcess.delete(lockPath);
        await unlink(lockPath).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = await readPid(lockPath);
      // Our own pid without an entry in heldByThisProcess is a leftover of an earlier run that got the same pid
      // (pid 1 in every container restart).
      const stale = pid === undefined || pid === process.pid || !isAlive(pid);
      if (!stale) throw new DataDirLockedError(lockPath, pid);
      await unlink(lockPath).catch(() => undefined);
    }
  }
  throw new DataDirLockedError(lockPath, await readPid(lockPath));
}
