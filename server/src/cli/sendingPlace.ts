import type { NetworkSettings } from '../core';
import type { SendingPlace } from '../sending/requestInputs';

/**
 * Where the command line sends from: no workspace (a connector's project root stands for it), the folders given
 * with --allow-files (absolute), no open documents, and the network of its options and variables.
 */
export function commandLinePlace(allowed: readonly string[], network: NetworkSettings): SendingPlace {
  return { workspaceFolders: [], allowedFolders: allowed, howToAllow: '--allow-files FOLDER', network };
}
