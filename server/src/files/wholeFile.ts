// Writing a file whole or not at all, for every file the tools write on their own (caches, a downloaded $metadata):
// a reader never sees half of one, a failure leaves the previous file, and nothing is written through a link.
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** How the temporary files of writeFileWhole end: a process that died while writing leaves one behind. */
const PARTIAL_SUFFIX = '.tmp';

/** The name writeFileWhole gives its temporary files: the target's name, the writer's pid and 12 random hex digits. */
const PARTIAL_NAME = /\.\d+\.[0-9a-f]{12}\.tmp$/;

/** How long a temporary file may lie before it counts as abandoned: no write of a cache takes an hour. */
const ABANDONED_AFTER_MS = 3_600_000;

/**
 * Writes `path` whole or not at all: `write` fills a new file of an unguessable name beside it (created with 'wx',
 * so a link or file planted there is never written through), which is renamed into place (the rename replaces a
 * link at `path` itself, never the file it points to); `write` returns false to give up. `private` makes missing
 * folders 0700 and the file 0600 (a cache in the user's folder). Returns the error that stopped it, or undefined.
 */
export function writeFileWhole(path: string, write: (fd: number) => boolean, options: { private?: boolean } = {}): NodeJS.ErrnoException | undefined {
  const temporary = join(dirname(path), `${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}${PARTIAL_SUFFIX}`);
  let fd: number | undefined;
  try {
    mkdirSync(dirname(path), { recursive: true, ...(options.private ? { mode: 0o700 } : {}) });
    fd = openSync(temporary, 'wx', options.private ? 0o600 : 0o666);
    const whole = write(fd);
    closeSync(fd);
    fd = undefined;
    if (!whole) throw new Error('the content could not be written whole');
    renameSync(temporary, path);
    return undefined;
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    try {
      rmSync(temporary, { force: true });
    } catch {
      // The folder itself cannot be used: nothing was made in it.
    }
    return error as NodeJS.ErrnoException;
  }
}

/**
 * Removes from `folder` the temporary files of writeFileWhole that a killed process left behind (older than an hour,
 * so a write under way in another process is never touched). Returns how many went; a folder that cannot be read is
 * left as it is.
 */
function removeAbandonedPartials(folder: string, now: number = Date.now()): number {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!PARTIAL_NAME.test(name)) continue;
    try {
      if (now - statSync(join(folder, name)).mtimeMs <= ABANDONED_AFTER_MS) continue;
      rmSync(join(folder, name), { force: true });
      removed += 1;
    } catch {
      // Renamed into place or removed by another process meanwhile.
    }
  }
  return removed;
}

/**
 * Keeps in `folder` the `kept` files `belongs` names that were written last, removes the older ones (one another
 * process removed first is no matter) and the temporary files a killed process left behind. A cache's own bound.
 */
export function keepNewest(folder: string, belongs: (name: string) => boolean, kept: number): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  const written = names.filter(belongs).flatMap((name) => {
    try {
      return [{ name, time: statSync(join(folder, name)).mtimeMs }];
    } catch {
      return [];
    }
  });
  written.sort((a, b) => b.time - a.time);
  for (const { name } of written.slice(kept)) {
    try {
      rmSync(join(folder, name), { force: true });
    } catch {
      // Removed by another process, or not ours to remove.
    }
  }
  removeAbandonedPartials(folder);
}
