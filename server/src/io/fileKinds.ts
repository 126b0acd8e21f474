// Which of the user's files a path is, by its name: a connector, its values or tests file, the environments file or
// the project file. One reading for `connector lint`'s targets and the language server's documents.
import { basename, dirname, join } from 'node:path';
import { ENVIRONMENTS_FILE, PROJECT_CONFIG_FILE, TESTS_FILE_SUFFIX } from '../core';

/** The kinds of file the tools check. */
export type FileKind = 'connector' | 'values' | 'tests' | 'environments' | 'project';

const VALUES_SUFFIX = '.values.json';
const CONNECTOR_SUFFIX = '.connector.json';

/** The kind of file a path names, by its name; undefined for any other file. */
export function fileKindOf(path: string): FileKind | undefined {
  const name = basename(path);
  // As the lookups find them: the two project-wide files by their exact name.
  if (name === ENVIRONMENTS_FILE) return 'environments';
  if (name === PROJECT_CONFIG_FILE) return 'project';
  const lower = name.toLowerCase();
  if (lower.endsWith(CONNECTOR_SUFFIX)) return 'connector';
  if (lower.endsWith(VALUES_SUFFIX)) return 'values';
  if (lower.endsWith(TESTS_FILE_SUFFIX)) return 'tests';
  return undefined;
}

/**
 * Whether a file of this name, found in a folder, is one `connector lint` checks: every kind, by its suffix as written
 * (a folder's listing matches names exactly, as the globs `**\/*.connector.json` and the like would). A file named
 * on the command line is judged by fileKindOf instead.
 */
export function isListedKindName(name: string): boolean {
  return name.endsWith(CONNECTOR_SUFFIX) || name.endsWith(VALUES_SUFFIX) || name.endsWith(TESTS_FILE_SUFFIX) || name === ENVIRONMENTS_FILE || name === PROJECT_CONFIG_FILE;
}

/** The connector a values file belongs to: `NAME.connector.json` for `NAME.values.json`, in the same folder. */
export function connectorOfValues(valuesPath: string): string {
  return join(dirname(valuesPath), `${basename(valuesPath).slice(0, -VALUES_SUFFIX.length)}${CONNECTOR_SUFFIX}`);
}

/** The values file of a connector: `NAME.values.json` for `NAME.connector.json`, in the same folder. */
export function valuesOfConnector(connectorPath: string): string {
  return join(dirname(connectorPath), `${basename(connectorPath).replace(/\.connector\.json$/i, '')}${VALUES_SUFFIX}`);
}
