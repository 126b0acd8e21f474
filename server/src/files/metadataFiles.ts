import { readFileSync, realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { MAX_METADATA_CHARS, problemPlace, readCsdl, type MetadataOutcome, type MetadataSource } from '../core';
import { closeOpened, openInside, realFolders, type OpenedInside } from './checkedFile';
import { MetadataModelCache } from './metadataCache';

interface Entry {
  stamp: string;
  outcome: MetadataOutcome;
}

/**
 * The metadata files connectors name, read and parsed once per file version (size and modification time) and
 * shared by every connector that names the same file. A file must be inside the workspace after symlinks. A
 * document's model is also kept between processes (MetadataModelCache), so a new process finds it read already.
 */
export class MetadataFiles {
  private readonly entries = new Map<string, Entry>();
  private changes = 0;

  constructor(private readonly models: MetadataModelCache = MetadataModelCache.fromEnvironment()) {}

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
    const roots = realFolders(folders);
    const generation = (): number => this.changes;
    return {
      get generation() {
        return generation();
      },
      load: (given) => this.load(resolve(connectorDir, given), roots),
    };
  }

  private load(absolute: string, roots: readonly string[]): MetadataOutcome {
    // Checked and read in one step: the file read is the file judged inside the workspace.
    const opened = openInside(absolute, roots);
    if (!opened.ok) {
      switch (opened.reason) {
        case 'missing': return { ok: false, message: `it does not exist (looked for ${absolute})` };
        case 'outside': return { ok: false, message: `it resolves to ${opened.path}, outside the workspace, so it is not read` };
        case 'not-file': return { ok: false, message: 'it is not a regular file' };
        case 'unreadable': return { ok: false, message: `it cannot be read (${opened.code ?? 'unreadable'})` };
      }
    }
    const real = opened.path;
    const tooLarge = sizeProblem(opened.size);
    if (tooLarge) {
      closeOpened(opened);
      return { ok: false, message: tooLarge };
    }
    const stamp = `${opened.mtimeMs}:${opened.size}:${opened.identity}`;
    const cached = this.entries.get(real);
    if (cached?.stamp === stamp) {
      closeOpened(opened);
      return cached.outcome;
    }
    let outcome: MetadataOutcome;
    try {
      outcome = this.outcomeOf(readBytes(opened), real);
    } catch (error) {
      outcome = unreadable(error);
    }
    if (cached) this.changes++;
    this.entries.set(real, { stamp, outcome });
    return outcome;
  }

  /**
   * A document's bytes as CSDL: its model kept from an earlier read of the same bytes, else read (and kept). The
   * bytes are hashed as they are: a document whose model is kept is never decoded into text.
   */
  private outcomeOf(bytes: Buffer, path: string): MetadataOutcome {
    const key = this.models.folder === undefined ? undefined : this.models.keyOf(bytes);
    const kept = key === undefined ? undefined : this.models.load(key, bytes.length);
    if (kept) return { ok: true, service: kept, path };
    const outcome = csdlOutcome(bytes.toString('utf8'), path);
    if (outcome.ok && key !== undefined) this.models.save(key, outcome.service);
    return outcome;
  }
}

/** Reads an opened file to its end, then closes it. */
function readBytes(file: OpenedInside): Buffer {
  try {
    return readFileSync(file.fd);
  } finally {
    closeOpened(file);
  }
}

/** Why a metadata file of `size` bytes is not read, or undefined: characters are at most bytes, so more than twice the cap is refused unread. */
function sizeProblem(size: number): string | undefined {
  return size > MAX_METADATA_CHARS * 2 ? `it is ${(size / 1024 / 1024).toFixed(0)} MB, above the ${MAX_METADATA_CHARS / 1024 / 1024} MB limit for metadata documents` : undefined;
}

/** A document's text read as CSDL: the service, or why it is not OData V4 metadata. */
function csdlOutcome(text: string, path: string): MetadataOutcome {
  const read = readCsdl(text);
  return read.ok ? { ok: true, service: read.service, path } : { ok: false, message: `${read.problem.message}${problemPlace(read.problem)}` };
}

function unreadable(error: unknown): MetadataOutcome {
  return { ok: false, message: `it cannot be read (${(error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error))})` };
}

/** Reads a metadata file the user named (the import's argument): a regular file within the size limit, parsed as CSDL. */
export function readMetadataFile(path: string): MetadataOutcome {
  try {
    const info = statSync(path);
    if (!info.isFile()) return { ok: false, message: 'it is not a regular file' };
    const tooLarge = sizeProblem(info.size);
    if (tooLarge) return { ok: false, message: tooLarge };
    return csdlOutcome(readFileSync(path, 'utf8'), path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { ok: false, message: `it does not exist (looked for ${path})` } : unreadable(error);
  }
}

/** One cache for the process: the command line's files and the editor's documents share parsed metadata. */
export const METADATA_FILES = new MetadataFiles();

/** The metadata source for `given` resolved from `connectorDir`; `given` is as the connector names it. */
export function metadataSource(connectorDir: string, folders: readonly string[], files: MetadataFiles = METADATA_FILES): MetadataSource {
  return files.sourceFor(connectorDir, folders);
}

