import { readFileSync, realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { MAX_METADATA_CHARS, readCsdl, type MetadataOutcome, type MetadataSource } from '../core';
import { inside } from './workspaceFiles';

interface Entry {
  stamp: string;
  outcome: MetadataOutcome;
}

/**
 * The metadata files connectors name, read and parsed once per file version (size and modification time) and
 * shared by every connector that names the same file. A file must be inside the workspace after symlinks.
 */
export class MetadataFiles {
  private readonly entries = new Map<string, Entry>();
  private changes = 0;

  /** Bumped whenever a file's version changes or a file event names one: findings made before are stale. */
  get generation(): number {
    return this.changes;
  }

  /** Whether the path (absolute) is a metadata file read before; forgets it so the next check reads it again. */
  changed(path: string): boolean {
    let known = this.entries.delete(path);
    try {
      known = this.entries.delete(realpathSync(path)) || known;
    } catch {
      // Deleted: only the path as given can be known.
    }
    if (known) this.changes++;
    return known;
  }

  /** The source for one connector: paths relative to its folder, inside `folders` (workspace and allowed ones). */
  sourceFor(connectorDir: string, folders: readonly string[]): MetadataSource {
    const roots = folders.map((f) => {
      try {
        return realpathSync(f);
      } catch {
        return undefined;
      }
    }).filter((f): f is string => f !== undefined);
    const generation = (): number => this.changes;
    return {
      get generation() {
        return generation();
      },
      load: (given) => this.load(resolve(connectorDir, given), roots),
    };
  }

  private load(absolute: string, roots: readonly string[]): MetadataOutcome {
    let real: string;
    try {
      real = realpathSync(absolute);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return { ok: false, message: code === 'ENOENT' ? `it does not exist (looked for ${absolute})` : `it cannot be read (${code ?? String(error)})` };
    }
    if (!roots.some((root) => inside(real, root))) return { ok: false, message: `it resolves to ${real}, outside the workspace, so it is not read` };
    const stamp = metadataFileStamp(real);
    if (!stamp.ok) return stamp;
    const cached = this.entries.get(real);
    if (cached?.stamp === stamp.stamp) return cached.outcome;
    const outcome = parseMetadataFile(real);
    if (cached) this.changes++;
    this.entries.set(real, { stamp: stamp.stamp, outcome });
    return outcome;
  }
}

/** A metadata file's version (modification time and size), or why it cannot be read: not a regular file, or above the size limit. */
export function metadataFileStamp(path: string): { ok: true; stamp: string } | { ok: false; message: string } {
  try {
    const info = statSync(path);
    if (!info.isFile()) return { ok: false, message: 'it is not a regular file' };
    // Characters are at most bytes: a file with more bytes than twice the cap is refused without reading it.
    if (info.size > MAX_METADATA_CHARS * 2) return { ok: false, message: `it is ${(info.size / 1024 / 1024).toFixed(0)} MB, above the ${MAX_METADATA_CHARS / 1024 / 1024} MB limit for metadata documents` };
    return { ok: true, stamp: `${info.mtimeMs}:${info.size}` };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, message: code === 'ENOENT' ? `it does not exist (looked for ${path})` : `it cannot be read (${code ?? String(error)})` };
  }
}

/** Reads and parses a metadata file (checked with metadataFileStamp first): the service, or why it is not OData V4 metadata. */
export function parseMetadataFile(path: string): MetadataOutcome {
  try {
    const read = readCsdl(readFileSync(path, 'utf8'));
    return read.ok ? { ok: true, service: read.service, path } : { ok: false, message: `${read.problem.message}${read.problem.line ? ` (line ${read.problem.line})` : ''}` };
  } catch (error) {
    return { ok: false, message: `it cannot be read (${(error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error))})` };
  }
}

/** One cache for the process: the command line's files and the editor's documents share parsed metadata. */
export const METADATA_FILES = new MetadataFiles();

/** The metadata source for `given` resolved from `connectorDir`; `given` is as the connector names it. */
export function metadataSource(connectorDir: string, folders: readonly string[], files: MetadataFiles = METADATA_FILES): MetadataSource {
  return files.sourceFor(connectorDir, folders);
}

