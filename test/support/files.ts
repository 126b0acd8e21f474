import { utimesSync } from 'node:fs';
import { workspaceFiles } from '../../server/src/files/workspaceFiles';
import type { FileAccess } from '../../server/src/core/request/files';

/** The file step the CLI and the editor use, with `root` as the workspace. */
export function filesIn(root: string): FileAccess {
  return workspaceFiles({ roots: [root], howToAllow: '--allow-files FOLDER' });
}

/** Gives the file at `path` the times it would have had, written `secondsAgo` seconds ago (a cache's age). */
export function backdate(path: string, secondsAgo: number): void {
  const at = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(path, at, at);
}
