import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the CLI reports about itself: read from the package's own package.json at run time. */
export interface PackageInfo {
  name: string;
  version: string;
  /** The package folder, or undefined when package.json was not found. */
  root: string | undefined;
  /** The https address of the source repository when package.json names one (`repository`). */
  repositoryUrl: string | undefined;
}

/** Walks up from this module (dist/ when bundled, server/src/cli/ under tsx) to the package's package.json. */
function findPackageJson(start: string): { root: string; json: Record<string, unknown> } | undefined {
  let folder = start;
  for (let depth = 0; depth < 6; depth++) {
    try {
      const json: unknown = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
      if (typeof json === 'object' && json !== null && (json as Record<string, unknown>).name === 'connector-tools') {
        return { root: folder, json: json as Record<string, unknown> };
      }
    } catch {
      // Not here (or unreadable): keep walking up.
    }
    const parent = dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  return undefined;
}

let cached: PackageInfo | undefined;

/** The CLI's package name, version and documentation base; 'unknown' version when package.json is missing. */
export function packageInfo(): PackageInfo {
  if (cached) return cached;
  const found = findPackageJson(__dirname);
  const version = found?.json.version;
  cached = {
    name: 'connector-tools',
    version: typeof version === 'string' && version !== '' ? version : 'unknown',
    root: found?.root,
    repositoryUrl: repositoryUrlOf(found?.json.repository),
  };
  return cached;
}

/** `repository` as package.json allows it (a string or `{ url }`), as an https address, if it is one. */
function repositoryUrlOf(repository: unknown): string | undefined {
  const raw = typeof repository === 'string' ? repository
    : typeof repository === 'object' && repository !== null && 'url' in repository ? String(repository.url) : '';
  const url = raw.replace(/^git\+/, '').replace(/\.git$/, '');
  return /^https:\/\/[^\s]+$/.test(url) ? url : undefined;
}

/** The project's absolute address (SARIF wants absolute URIs): the repository, else the installed package folder. */
export function projectUrl(info: PackageInfo = packageInfo()): string {
  return info.repositoryUrl ?? pathToFileURL(join(info.root ?? process.cwd(), '/')).href;
}

/** The absolute address of a page of the user docs (`format.md`): in the repository when package.json names one, else the installed copy. */
export function docUrl(page: string, info: PackageInfo = packageInfo()): string {
  if (info.repositoryUrl) return `${info.repositoryUrl}/blob/HEAD/docs/${page}`;
  return pathToFileURL(join(info.root ?? process.cwd(), 'docs', page)).href;
}

/** The absolute address of docs/rules.md. */
export function rulesDocUrl(info: PackageInfo = packageInfo()): string {
  return docUrl('rules.md', info);
}
