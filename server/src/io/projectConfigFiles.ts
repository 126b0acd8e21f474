// Finds and reads the project file (`connector-tools.json`) that applies to a connector file: the nearest one in
// the file's folder or above, up to its project root. Shared by the command line and the language server, so both
// judge alike.
import { statSync, type Stats } from 'node:fs';
import { readJsonTextSync } from './jsonText';
import { dirname, relative, sep } from 'node:path';
import { commandLineRoot, nearestInProject } from '../files/projectRoot';
import {
  EMPTY_PROJECT_CONFIG, isIgnoredByConfig, parseProjectConfig, PROJECT_CONFIG_FILE, ruleLevelsFor, type Finding, type ProjectConfig, type SeverityOverrides,
} from '../core';

/** A project file as read from disk, with its own findings. */
export interface LoadedProjectConfig {
  path: string;
  text: string;
  config: ProjectConfig;
  findings: Finding[];
}

/** What the project file says about one connector file. */
export interface ConfigForFile {
  /** The project file that applies, when there is one. */
  source?: LoadedProjectConfig;
  overrides: SeverityOverrides;
  ignored: boolean;
}

/** A project file larger than this is not a configuration (and is not read into memory). */
const MAX_CONFIG_BYTES = 1024 * 1024;

/** Looks up and caches project files; a changed file (by size and time) is read again. */
export class ProjectConfigFiles {
  /** Project root and folder → the project file in it or above (up to the root), or null when there is none. */
  private readonly nearestByFolder = new Map<string, string | null>();
  private readonly loaded = new Map<string, { stamp: string; config: LoadedProjectConfig }>();
  /** Folder → its project root on the command line, found once per run. */
  private readonly rootByFolder = new Map<string, string>();
  private readonly rootOf: (filePath: string) => string;

  /**
   * Project files as one command line run sees them: each read once, when first needed, and not looked at again
   * (a run checks thousands of files; the editor's files change, and it asks again by size and time).
   */
  static forOneRun(knownRuleIds: readonly string[]): ProjectConfigFiles {
    return new ProjectConfigFiles(knownRuleIds, undefined, false);
  }

  /**
   * @param rootOf the project root of a file (lookups never go above it): the workspace folder in the editor; by
   * default the command line's, remembered per folder until invalidate().
   * @param recheck whether a project file read before is looked at again (its size and time) each time it applies.
   */
  constructor(private readonly knownRuleIds: readonly string[], rootOf?: (filePath: string) => string, private readonly recheck = true) {
    this.rootOf = rootOf ?? ((path) => {
      const folder = dirname(path);
      let root = this.rootByFolder.get(folder);
      if (root === undefined) this.rootByFolder.set(folder, (root = commandLineRoot(folder).folder));
      return root;
    });
  }

  /** Forgets every lookup, e.g. after a project file was created, changed or deleted. */
  invalidate(): void {
    this.nearestByFolder.clear();
    this.loaded.clear();
    this.rootByFolder.clear();
  }

  /** The project root of a file (an absolute path): where lookups stop and files named by values are confined. */
  projectRoot(filePath: string): string {
    return this.rootOf(filePath);
  }

  /** The project file's settings for a connector file (an absolute path). */
  forFile(filePath: string): ConfigForFile {
    const configPath = this.nearest(dirname(filePath), this.projectRoot(filePath));
    const source = configPath ? this.load(configPath) : undefined;
    if (!source) return { overrides: {}, ignored: false };
    const relativePath = relative(dirname(source.path), filePath).split(sep).join('/');
    return { source, overrides: ruleLevelsFor(source.config, relativePath), ignored: isIgnoredByConfig(source.config, relativePath) };
  }

  private nearest(folder: string, root: string): string | undefined {
    const key = `${root}\u0000${folder}`;
    let found = this.nearestByFolder.get(key);
    if (found === undefined) {
      found = nearestInProject(folder, root, PROJECT_CONFIG_FILE) ?? null;
      this.nearestByFolder.set(key, found);
    }
    return found ?? undefined;
  }

  /** Reads one project file (cached while its size and time stay the same); undefined when it is not a file. */
  load(path: string): LoadedProjectConfig | undefined {
    if (!this.recheck) {
      const seen = this.loaded.get(path);
      if (seen) return seen.config;
    }
    const stats = statOf(path);
    if (!stats?.isFile()) return undefined;
    const stamp = `${stats.size}:${stats.mtimeMs}`;
    const cached = this.loaded.get(path);
    if (cached?.stamp === stamp) return cached.config;
    let config: LoadedProjectConfig;
    if (stats.size > MAX_CONFIG_BYTES) {
      config = { path, text: '', config: EMPTY_PROJECT_CONFIG, findings: [{ code: 'invalid-config', severity: 'error', message: `${PROJECT_CONFIG_FILE} is ${Math.round(stats.size / 1024)} KB; a project file is a few lines of settings, so this one is not read.`, offset: 0, length: 0 }] };
    } else {
      let text = '';
      try {
        text = readJsonTextSync(path);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        config = { path, text: '', config: EMPTY_PROJECT_CONFIG, findings: [{ code: 'invalid-config', severity: 'error', message: `${PROJECT_CONFIG_FILE} cannot be read: ${reason}`, offset: 0, length: 0 }] };
        this.loaded.set(path, { stamp, config });
        return config;
      }
      config = { path, text, ...parseProjectConfig(text, this.knownRuleIds) };
    }
    this.loaded.set(path, { stamp, config });
    return config;
  }
}

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
