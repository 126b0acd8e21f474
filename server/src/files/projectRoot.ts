// The project root: the folder a connector's project files (connector-environments.json, connector-tools.json) are
// looked up to and files named by values are confined to. One definition for the command line and the language
// server. Nothing above it is ever used: on a shared machine a parent folder such as /tmp is anyone's to write, and
// an environments file there could point a connector, and its secret, at another host.
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { PROJECT_CONFIG_FILE } from '../core';

/** Whether a path is the folder or inside it (both absolute; compared as written, so resolve symlinks first where they matter). */
export function inside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** Where a connector's project ends, and why there (for messages). */
export interface ProjectRoot {
  folder: string;
  /** Why this folder: "it holds .git", "the workspace folder", ... */
  why: string;
}

/** What marks a project's top folder on the command line. */
const MARKERS = ['.git', PROJECT_CONFIG_FILE];

/** Whether users other than the owner may create files in the folder (/tmp): a marker or file there proves nothing. */
function writableByOthers(folder: string): boolean {
  if (process.platform === 'win32') return false;
  try {
    return (statSync(folder).mode & 0o002) !== 0;
  } catch {
    return false;
  }
}

/**
 * The project root of a connector used from the command line: the nearest folder at or above its folder holding
 * `.git` (a folder, or the file of a worktree or submodule) or `connector-tools.json`. Without one, or when the
 * walk would enter a folder anyone may write to, the connector's own folder. Where the command runs does not matter.
 */
export function commandLineRoot(connectorDir: string): ProjectRoot {
  const start = resolve(connectorDir);
  for (let folder = start; ; folder = dirname(folder)) {
    if (folder !== start && writableByOthers(folder)) break;
    const marker = MARKERS.find((name) => existsSync(join(folder, name)));
    if (marker) return { folder, why: `it holds ${marker}` };
    if (dirname(folder) === folder) break;
  }
  return { folder: start, why: `no folder at or above it holds .git or ${PROJECT_CONFIG_FILE}, so the connector's own folder` };
}

/**
 * The project root of a file in the editor: the (innermost) workspace folder that holds it; a file outside every
 * workspace folder is judged as on the command line.
 */
export function editorRoot(path: string, workspaceFolders: readonly string[]): ProjectRoot {
  const holding = workspaceFolders.map((f) => resolve(f)).filter((f) => inside(resolve(path), f)).sort((a, b) => b.length - a.length)[0];
  return holding ? { folder: holding, why: 'the workspace folder' } : commandLineRoot(dirname(path));
}

/** The nearest regular file named `name` in `folder` or a folder above it, never above `root`. */
export function nearestInProject(folder: string, root: string, name: string): string | undefined {
  const top = resolve(root);
  let current = resolve(folder);
  // A folder outside the project (a connector outside the workspace) looks in its own folder only.
  const bounded = inside(current, top);
  for (;;) {
    const candidate = join(current, name);
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not here; look further up.
    }
    if (!bounded || current === top || dirname(current) === current) return undefined;
    current = dirname(current);
  }
}

/** Where a lookup went, for a message: "in /p/api or a folder above it up to the project root /p (it holds .git)". */
export function describeLookup(folder: string, root: ProjectRoot): string {
  const from = resolve(folder);
  if (from === resolve(root.folder) || !inside(from, resolve(root.folder))) return `in ${from} (the project root: ${root.why}; folders above it are not used)`;
  return `in ${from} or a folder above it up to the project root ${root.folder} (${root.why}); folders above the project root are not used`;
}
