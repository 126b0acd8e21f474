import { workspaceFiles } from '../../server/src/files/workspaceFiles';
import type { FileAccess } from '../../server/src/core/request/files';

/** The file step the CLI and the editor use, with `root` as the workspace. */
export function filesIn(root: string): FileAccess {
  return workspaceFiles({ roots: [root], howToAllow: '--allow-files FOLDER' });
}
