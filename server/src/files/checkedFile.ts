// Opening a file that a value, a body or a connector names, with its check in the same step. The check (inside the
// allowed folders after symlinks, a regular file) is made on the open descriptor, and the read comes from that same
// descriptor: checking a path and then reading the path could be fooled by a symlink swapped in between.
import { closeSync, fstatSync, openSync, readFileSync, readlinkSync, realpathSync, statSync, type BigIntStats } from 'node:fs';
import { FILE_OPEN_FLAGS, fileIdentity } from '../core';
import { inside } from './projectRoot';

/** A file opened inside the allowed folders; its descriptor is the caller's to read and close. */
export interface OpenedInside {
  ok: true;
  fd: number;
  /** The real path of the file that is open. */
  path: string;
  size: number;
  mtimeMs: number;
  /** Which file it is (fileIdentity), for a later open to prove it is the same. */
  identity: string;
}

/** Why a file was not opened; `path` is where it resolves (or the path as given when it does not). */
export interface NotOpened {
  ok: false;
  reason: 'missing' | 'unreadable' | 'outside' | 'not-file';
  path: string;
  /** The system's error code, when there is one. */
  code?: string;
}

/** The real paths of the folders that exist, for openInside. */
export function realFolders(folders: readonly string[]): string[] {
  return folders.flatMap((folder) => {
    try {
      return [realpathSync(folder)];
    } catch {
      return [];
    }
  });
}

/** The path of the file a descriptor is open on, or undefined when it cannot be told. */
function pathOfOpen(fd: number, real: string, stats: BigIntStats): string | undefined {
  // Linux names the file a descriptor is open on; elsewhere the real path must still lead to the same file.
  if (process.platform === 'linux') {
    try {
      const named = readlinkSync(`/proc/self/fd/${fd}`);
      if (named.startsWith('/')) return named;
    } catch {
      // No /proc: judged by the real path below.
    }
  }
  try {
    const again = realpathSync(real);
    return fileIdentity(statSync(again, { bigint: true })) === fileIdentity(stats) ? again : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Opens `absolute` when it is a regular file inside one of `folders` (real paths). A path that resolves outside
 * is refused before it is opened (opening a device can do something); what was opened is judged again by its
 * descriptor, so a symlink swapped between the two steps is caught.
 */
export function openInside(absolute: string, folders: readonly string[]): OpenedInside | NotOpened {
  const isInside = (path: string): boolean => folders.some((folder) => inside(path, folder));
  let real: string;
  try {
    real = realpathSync(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, reason: code === 'ENOENT' ? 'missing' : 'unreadable', path: absolute, ...(code ? { code } : {}) };
  }
  if (!isInside(real)) return { ok: false, reason: 'outside', path: real };
  let fd: number;
  try {
    fd = openSync(real, FILE_OPEN_FLAGS);
  } catch (error) {
    return { ok: false, reason: 'unreadable', path: real, code: (error as NodeJS.ErrnoException).code ?? String(error) };
  }
  const refuse = (outcome: NotOpened): NotOpened => {
    closeSync(fd);
    return outcome;
  };
  try {
    const stats = fstatSync(fd, { bigint: true });
    const opened = pathOfOpen(fd, real, stats);
    if (opened === undefined || !isInside(opened)) return refuse({ ok: false, reason: 'outside', path: opened ?? real });
    if (!stats.isFile()) return refuse({ ok: false, reason: 'not-file', path: opened });
    return { ok: true, fd, path: opened, size: Number(stats.size), mtimeMs: Number(stats.mtimeMs), identity: fileIdentity(stats) };
  } catch (error) {
    return refuse({ ok: false, reason: 'unreadable', path: real, code: (error as NodeJS.ErrnoException).code ?? String(error) });
  }
}

/** Reads an opened file to its end as UTF-8, then closes it. */
export function readOpened(file: OpenedInside): string {
  try {
    return readFileSync(file.fd, 'utf8');
  } finally {
    closeSync(file.fd);
  }
}

/** Lets go of an opened file without reading it. */
export function closeOpened(file: OpenedInside): void {
  closeSync(file.fd);
}
