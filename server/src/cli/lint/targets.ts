import { readdirSync, type Dirent } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';
import { isListedKindName } from '../../io/fileKinds';
import { isPlainAbsolute } from '../../io/plainPaths';
import { describeFsError } from '../usage';

/** Which files a folder argument stands for: connectors and the files around them (lint), or tests files (test). */
export interface TargetKind {
  /** Whether a file of this name, found in a folder, is one of them. */
  accepts(name: string): boolean;
  /** How the files are named in a message: "connector files (*.connector.json)". */
  described: string;
  /** What to do with them: "check", "run". */
  verb: string;
}

export const LINT_TARGETS: TargetKind = {
  accepts: isListedKindName,
  described: 'connector files (*.connector.json) or their values, tests, environments or project files',
  verb: 'check',
};
// Dependencies and dot folders (.git, .vscode-test, ...) never hold the user's own connectors.
const SKIPPED = ['**/node_modules/**', '**/.*/**'];

/** The files to lint (absolute, each once, in the order named) and what could not be used, as messages. */
export interface ResolvedTargets {
  files: string[];
  /** The files a folder's listing showed as regular files (a folder or a glob found them; links are never listed). */
  listed: ReadonlySet<string>;
  problems: string[];
}

/** Files matching a pattern below a folder, absolute and sorted so that reports come out in a stable order. */
async function globFiles(pattern: string | readonly string[], cwd: string): Promise<string[]> {
  // No symbolic links: a link cycle must not keep the crawl going.
  const found = await glob(typeof pattern === 'string' ? pattern : [...pattern], { cwd, absolute: true, dot: false, ignore: SKIPPED, followSymbolicLinks: false });
  return found.map((file) => (isPlainAbsolute(file) ? file : resolve(file))).sort();
}

/**
 * The files below a folder whose names `accepts` takes, absolute and sorted as globFiles sorts them. Only regular
 * files, never hidden ones: links are neither followed nor listed (a cycle cannot keep the walk going), dot folders
 * and node_modules are not entered (SKIPPED), and a folder below that cannot be read is passed over, as the glob's
 * crawl does; `folder` itself that cannot be read throws, the user's own folder deserving the reason. A walk of its
 * own, not the glob's: matching every name against the kinds' globs took 10 to 15 ms of 2,000 files, this 3.
 */
function filesBelow(folder: string, accepts: (name: string) => boolean): string[] {
  const found: string[] = [];
  const folders: string[] = [];
  const visit = (at: string, entries: readonly Dirent[]): void => {
    // The folder is resolved and a listed name is one component: joined by hand, not normalized again for every file.
    const prefix = at.endsWith(sep) ? at : at + sep;
    for (const entry of entries) {
      const { name } = entry;
      if (name.startsWith('.')) continue;
      if (entry.isDirectory()) {
        if (name !== 'node_modules') folders.push(prefix + name);
      } else if (entry.isFile() && accepts(name)) {
        found.push(prefix + name);
      }
    }
  };
  visit(folder, readdirSync(folder, { withFileTypes: true }));
  for (let next = folders.pop(); next !== undefined; next = folders.pop()) {
    let entries: Dirent[];
    try {
      entries = readdirSync(next, { withFileTypes: true });
    } catch {
      continue;
    }
    visit(next, entries);
  }
  return found.sort();
}

/** Expands file, folder and glob arguments (none: the current folder) into the files to lint (or run). */
export async function resolveTargets(targets: readonly string[], cwd: string, kind: TargetKind = LINT_TARGETS): Promise<ResolvedTargets> {
  const files = new Set<string>();
  const listed = new Set<string>();
  const problems: string[] = [];
  const add = (file: string): void => void files.add(file);
  const addListed = (file: string): void => void (files.add(file), listed.add(file));
  for (const target of targets.length ? targets : ['.']) {
    const absolute = resolve(cwd, target);
    let isDirectory: boolean;
    try {
      isDirectory = (await stat(absolute)).isDirectory();
    } catch (error) {
      // A name that is not on disk may be a glob: 'src/**/*.connector.json'.
      if (isDynamicPattern(target)) {
        const matches = await globFiles(target, cwd);
        if (matches.length === 0) problems.push(`No files match '${target}'. Check the pattern, and quote it so the shell does not expand it.`);
        matches.forEach(addListed);
      } else {
        problems.push(`cannot read ${target}: ${describeFsError(error)}`);
      }
      continue;
    }
    if (!isDirectory) {
      add(absolute);
      continue;
    }
    let found: string[];
    try {
      found = filesBelow(absolute, kind.accepts);
    } catch (error) {
      problems.push(`cannot read ${target}: ${describeFsError(error)}`);
      continue;
    }
    if (found.length === 0) {
      const where = targets.length ? `folder '${target}'` : `the current folder (${cwd})`;
      problems.push(`No ${kind.described} found in ${where}. Name the files to ${kind.verb}, or a folder that holds some.`);
    }
    found.forEach(addListed);
  }
  return { files: [...files], listed, problems };
}
