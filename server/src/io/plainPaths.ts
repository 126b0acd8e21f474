// Paths that need no resolving. path.resolve and path.relative walk every character of the paths they are given, and
// `connector lint` asked both of each file it found (one to make the crawler's path absolute, one to show it): about
// 2 % of a lint of 2,000 small files. A POSIX path written plainly (absolute, no '.', '..' or empty segment) is
// already what resolve gives, and below a plain folder its relative path is its rest. Windows paths (drive letters,
// either separator, names compared without case) always go through node:path.
import { sep } from 'node:path';

// A '.' or '..' segment, an empty one (doubled separator) or a separator at either end.
const NOT_PLAIN_REST = /(?:^|\/)\.{1,2}(?:\/|$)|\/\/|^\/|\/$/;

/** Whether `path` is an absolute POSIX path written plainly: what path.resolve would return for it unchanged. */
export function isPlainAbsolute(path: string): boolean {
  if (sep !== '/' || path.charCodeAt(0) !== 0x2f) return false;
  return path.length === 1 || !NOT_PLAIN_REST.test(path.slice(1));
}

/** path.relative(folder, file) when both are plain absolute POSIX paths and the file lies below the folder; undefined when node:path must say. */
export function plainRelative(folder: string, file: string): string | undefined {
  const prefix = folder === '/' ? '/' : `${folder}/`;
  if (file.length <= prefix.length || !file.startsWith(prefix) || !isPlainAbsolute(folder)) return undefined;
  const rest = file.slice(prefix.length);
  return NOT_PLAIN_REST.test(rest) ? undefined : rest;
}

/**
 * How a file is shown from a folder when both are plain absolute POSIX paths: its rest when below the folder, else
 * the file's own path (path.relative would start with '..', which is shown as the absolute path); undefined when
 * node:path must say.
 */
export function plainShownPath(folder: string, file: string): string | undefined {
  const below = plainRelative(folder, file);
  if (below !== undefined) return below;
  return isPlainAbsolute(folder) && isPlainAbsolute(file) ? file : undefined;
}
