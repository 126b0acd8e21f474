import type { SendingPlace } from '../sending/requestInputs';

/**
 * Where the command line sends from: no workspace (a connector's project root stands for it), the folders given
 * with --allow-files (absolute), and no open documents.
 */
export function commandLinePlace(allowed: readonly string[]): SendingPlace {
  return { workspaceFolders: [], allowedFolders: allowed, howToAllow: '--allow-files FOLDER' };
}
