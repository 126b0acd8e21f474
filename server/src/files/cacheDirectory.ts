// Where Connector Tools keeps what it can rebuild (compiled code, read $metadata models, the end-to-end tests'
// code-server): one answer for every part that caches, so that one setting moves or turns off all of it. Never a
// project's folder: a relative path in CONNECTOR_TOOLS_CACHE or XDG_CACHE_HOME is ignored (as the XDG specification
// says), since it would name a folder inside whatever folder a command runs in.
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
