// Where Connector Tools keeps what it can rebuild (compiled code, the end-to-end tests' code-server): one answer for
// every part that caches, so that one setting moves or turns off all of it.
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The value of CONNECTOR_TOOLS_CACHE that turns every cache off. */
export const CACHE_OFF = 'off';

/** The folder for rebuildable files: CONNECTOR_TOOLS_CACHE, else the platform's user cache folder; undefined when turned off. */
export function cacheDirectory(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: () => string = homedir): string | undefined {
  const chosen = env.CONNECTOR_TOOLS_CACHE;
  if (chosen === CACHE_OFF) return undefined;
  if (chosen) return chosen;
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(home(), 'AppData', 'Local'), 'connector-tools', 'Cache');
  if (platform === 'darwin') return join(home(), 'Library', 'Caches', 'connector-tools');
  return join(env.XDG_CACHE_HOME || join(home(), '.cache'), 'connector-tools');
}
