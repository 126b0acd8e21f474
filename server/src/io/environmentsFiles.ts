// Finds and reads the environments file that applies to a connector file: the nearest `connector-environments.json`
// in the connector's folder or above, up to its project root. Shared by the command line and the language server.
import { statSync } from 'node:fs';
import { readJsonTextSync } from './jsonText';
import { dirname, relative, sep } from 'node:path';
import { describeLookup, nearestInProject, type ProjectRoot } from '../files/projectRoot';
import { chooseEnvironment, ENVIRONMENTS_FILE, LineIndex, parseEnvironmentsFile, type EnvironmentChoice, type EnvironmentsFile } from '../core';

/** An environments file as read from disk. */
export interface LoadedEnvironments {
  path: string;
  text: string;
  file: EnvironmentsFile;
}

/** An environments file larger than this is not read (it is a few lines of settings). */
const MAX_BYTES = 1024 * 1024;

/** Reads an environments file; a file that cannot be read is one finding, never a throw. `text` wins over the disk (an open editor). */
export function loadEnvironments(path: string, text?: string): LoadedEnvironments {
  if (text !== undefined) return { path, text, file: parseEnvironmentsFile(text) };
  try {
    if (statSync(path).size > MAX_BYTES) throw new Error(`it is larger than ${MAX_BYTES / 1024} KB`);
    const read = readJsonTextSync(path);
    return { path, text: read, file: parseEnvironmentsFile(read) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { path, text: '', file: { environments: [], findings: [{ code: 'invalid-environments', severity: 'error', message: `${ENVIRONMENTS_FILE} cannot be read: ${reason}`, offset: 0, length: 0 }] } };
  }
}

/** Where an environment's settings are written, to name them in messages. */
export interface EnvironmentSource {
  /** The environments file. */
  path: string;
  /** `path:line:column` of an offset in it. */
  locate: (offset: number) => string;
}

/** The path of a connector file relative to an environments file's folder, `/`-separated: how environments name connectors. */
export function connectorKey(environmentsPath: string, connectorPath: string): string {
  return relative(dirname(environmentsPath), connectorPath).split(sep).join('/');
}

/** Environment `name` for the connector file at `connectorPath`, from the nearest environments file up to the project root (an open editor's text wins). */
export function environmentFor(connectorPath: string, name: string, root: ProjectRoot, openText?: (path: string) => string | undefined): EnvironmentChoice & { source?: EnvironmentSource } {
  const folder = dirname(connectorPath);
  const path = nearestInProject(folder, root.folder, ENVIRONMENTS_FILE);
  const loaded = path ? loadEnvironments(path, openText?.(path)) : undefined;
  const lines = loaded ? new LineIndex(loaded.text) : undefined;
  const locate = (offset: number): string => {
    const at = lines?.positionAt(offset) ?? { line: 0, character: 0 };
    return `${path}:${at.line + 1}:${at.character + 1}`;
  };
  const choice = chooseEnvironment(loaded?.file, name, path ? connectorKey(path, connectorPath) : '', {
    searched: describeLookup(folder, root),
    locate: (f) => locate(f.offset),
  });
  return path ? { ...choice, source: { path, locate } } : choice;
}
