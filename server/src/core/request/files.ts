import type { BuildProblem } from './types';
import type { FileRef } from '../http/types';

/** A file found, or why it cannot be used (outside the allowed folders, missing, not a file). */
export type FileOutcome = { ok: true; file: FileRef } | { ok: false; problem: BuildProblem };

/**
 * The file step, supplied by the edge (the core does no I/O): finds files that values and bodies name, inside
 * the workspace after symlinks, and reads body templates. Building only ever sees what this step found.
 */
export interface FileAccess {
  /** Finds `given` (relative to `baseDir`, the connector's folder), checks it and measures it, in one open of the file. */
  find(given: string, baseDir: string): Promise<FileOutcome>;
  /** Reads a found file as UTF-8 text (OData body files); another file in its place since the check is refused. */
  readText(file: FileRef): Promise<{ ok: true; text: string } | { ok: false; problem: BuildProblem }>;
}

/** Files found by the file step, by the path as given. */
export type FoundFiles = ReadonlyMap<string, FileRef>;
