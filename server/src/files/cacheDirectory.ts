// Where Connector Tools keeps what it can rebuild (compiled code, read $metadata models, the end-to-end tests'
// code-server): one answer for every part that caches, so that one setting moves or turns off all of it. Never a
// project's folder: a relative path in CONNECTOR_TOOLS_CACHE or XDG_CACHE_HOME is ignored (as the XDG specification
// says), since it would name a folder inside whatever folder a command runs in.
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** Whether a cache switch's value turns it off: `off` (also `0`, `false`, `no`, in any case). */
export function turnsCacheOff(value: string | undefined): boolean {
  return value !== undefined && /^(off|0|false|no)$/i.test(value);
}

/** The platform's user cache folder for Connector Tools. */
function platformCacheDirectory(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, home: () => string): string {
  const absolute = (path: string | undefined): string | undefined => (path && isAbsolute(path) ? path : undefined);
  if (platform === 'win32') return join(absolute(env.LOCALAPPDATA) ?? join(home(), 'AppData', 'Local'), 'connector-tools', 'Cache');
  if (platform === 'darwin') return join(home(), 'Library', 'Caches', 'connector-tools');
  return join(absolute(env.XDG_CACHE_HOME) ?? join(home(), '.cache'), 'connector-tools');
}

/** The folder for rebuildable files: CONNECTOR_TOOLS_CACHE (absolute), else the platform's user cache folder; undefined when turned off. */
export function cacheDirectory(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: () => string = homedir): string | undefined {
  const chosen = env.CONNECTOR_TOOLS_CACHE;
  if (turnsCacheOff(chosen)) return undefined;
  if (chosen && isAbsolute(chosen)) return chosen;
  return platformCacheDirectory(env, platform, home);
}

/** The folder for what must be kept somewhere even with caches off (VS Code for the demo and the end-to-end tests). */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  return cacheDirectory(env) ?? platformCacheDirectory(env, process.platform, homedir);
}

/**
 * Writes `name` in a cache `folder` whole or not at all: `write` fills a new file of an unguessable name (created
 * with 'wx', so a link or file planted there is never written through; 0600 in a 0700 folder), which is renamed
 * into place; `write` returns false to give up. Returns whether the file was written; a cache that cannot be
 * written only costs speed, so nothing throws.
 */
export function writeCacheFile(folder: string, name: string, write: (fd: number) => boolean): boolean {
  const temporary = join(folder, `${name}.${process.pid}.${randomBytes(6).toString('hex')}${PARTIAL_SUFFIX}`);
  let fd: number | undefined;
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    fd = openSync(temporary, 'wx', 0o600);
    const whole = write(fd);
    closeSync(fd);
    fd = undefined;
    if (!whole) throw new Error('given up');
    renameSync(temporary, join(folder, name));
    return true;
  } catch {
    if (fd !== undefined) closeSync(fd);
    try {
      rmSync(temporary, { force: true });
    } catch {
      // The folder itself cannot be used: nothing was made in it.
    }
    return false;
  }
}

/** How the temporary files of writeCacheFile end: a process that died while writing leaves one behind. */
export const PARTIAL_SUFFIX = '.tmp';
