// How the command line checks a connector file, in every command that reads one (lint, request, test): with the
// levels of its project file (connector-tools.json) and then the command line's own, its body files and the
// service's $metadata read within its project folder and the folders allowed. The editor checks with the same
// project levels (then its own settings), so a rule a project turns off blocks a send in neither.
import { dirname } from 'node:path';
import { RULE_IDS, type BodyFileReader, type CheckOptions, type MetadataOutcome, type MetadataSource, type SeverityOverrides } from '../core';
import { metadataSource } from '../files/metadataFiles';
import { bodyFileReader } from '../files/workspaceFiles';
import { ProjectConfigFiles, type ConfigForFile } from '../io/projectConfigFiles';

/** Where a connector's checks may read, and the levels on top of its project file's. */
export interface ConnectorCheckScope {
  /** Folders outside the project that files may still be read from (--allow-files). */
  allowed?: readonly string[];
  /** The command line's levels (--rule), which win over the project file's. */
  overrides?: SeverityOverrides;
  /** The project files read so far: one per run, so each is read once. */
  configs?: ProjectConfigFiles;
  /**
   * The readers made so far, by connector folder, for a run that checks many files: each folder's are made once,
   * and each metadata file a folder's connectors name is read once in the run (a run checks files as they are).
   */
  readers?: Map<string, FolderReaders>;
}

/** What a connector in one folder may read: body files and metadata, within its project and the folders allowed. */
export interface FolderReaders {
  readBodyFile: BodyFileReader;
  metadata: MetadataSource;
}

function folderReaders(folder: string, readable: readonly string[], once: boolean): FolderReaders {
  const metadata = metadataSource(folder, readable);
  if (!once) return { readBodyFile: bodyFileReader(folder, readable), metadata };
  const outcomes = new Map<string, MetadataOutcome>();
  const load = (given: string): MetadataOutcome => {
    let outcome = outcomes.get(given);
    if (outcome === undefined) outcomes.set(given, (outcome = metadata.load(given)));
    return outcome;
  };
  return { readBodyFile: bodyFileReader(folder, readable), metadata: { load, get generation() { return metadata.generation; } } };
}

/**
 * The check options for the connector file at `path`, as every command line command checks it; `project` is what
 * its project file says about it, when the caller has asked already.
 */
export function connectorCheckOptions(path: string, scope: ConnectorCheckScope = {}, project?: ConfigForFile): CheckOptions & { readBodyFile: BodyFileReader } {
  const folder = dirname(path);
  const configs = scope.configs ?? new ProjectConfigFiles(RULE_IDS);
  let readers = scope.readers?.get(folder);
  if (!readers) {
    readers = folderReaders(folder, [configs.projectRoot(path), ...(scope.allowed ?? [])], scope.readers !== undefined);
    scope.readers?.set(folder, readers);
  }
  const levels = (project ?? configs.forFile(path)).overrides;
  return { overrides: { ...levels, ...scope.overrides }, ...readers, lastVersion: true };
}
