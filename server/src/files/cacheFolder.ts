import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The folder for what Connector Tools keeps between runs on this machine (never inside a project):
 * CONNECTOR_TOOLS_CACHE when set, else `connector-tools` in XDG_CACHE_HOME or `~/.cache`.
 */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CONNECTOR_TOOLS_CACHE) return env.CONNECTOR_TOOLS_CACHE;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'connector-tools');
}
