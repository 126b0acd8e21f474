import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/**
 * The folder for what Connector Tools keeps between runs on this machine (never inside a project):
 * CONNECTOR_TOOLS_CACHE when set, else `connector-tools` in XDG_CACHE_HOME or `~/.cache`. A relative path in either
 * variable is ignored (as the XDG specification says): it would name a folder inside whatever folder a command
 * runs in, a project's among them.
 */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  const given = env.CONNECTOR_TOOLS_CACHE;
  if (given && isAbsolute(given)) return given;
  const xdg = env.XDG_CACHE_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.cache'), 'connector-tools');
}
