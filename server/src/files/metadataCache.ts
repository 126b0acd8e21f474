import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { FILE_OPEN_FLAGS, serviceFromStoredText, STORED_MODEL_FORMAT, writeStoredService, type ServiceMetadata } from '../core';
import { cacheDirectory, turnsCacheOff } from './cacheDirectory';
import { keepNewest, writeFileWhole } from './wholeFile';

/** How many read models are kept; past it the least recently written go. */
const KEPT_MODELS = 32;

/**
 * Metadata documents' read models kept between processes, so a command (or an editor session) reads a document
 * once per version on this machine instead of once per process. Each model is a file named by a hash of the
 * document's exact text and of the program that read it, so it is never stale: an edited document or another
 * version of Connector Tools has another name. A file that is cut short, edited or not a model is ignored (the
 * document is read and the file written again); files are written to a temporary name and renamed, so a reader
 * never sees half of one. The folder is the user's cache folder, never the project.
 */
export class MetadataModelCache {
  /** `folder` holds the models; none turns the cache off. */
  constructor(readonly folder: string | undefined, private readonly program: string = programStamp()) {}

  /** The cache the environment asks for: `CONNECTOR_TOOLS_METADATA_CACHE=off` turns it off, `CONNECTOR_TOOLS_CACHE=off` every cache. */
  static fromEnvironment(env: NodeJS.ProcessEnv = process.env): MetadataModelCache {
    const off = turnsCacheOff(env.CONNECTOR_TOOLS_METADATA_CACHE);
    const root = cacheDirectory(env);
    return new MetadataModelCache(off || root === undefined ? undefined : join(root, 'metadata'));
  }

  /** The name of a document's model: a hash of the stored form's version, the program and the document's bytes. */
  keyOf(document: Uint8Array | string): string {
    return createHash('sha256').update(`${STORED_MODEL_FORMAT}\0${this.program}\0`).update(document).digest('hex');
  }

  /** The model kept for `key`, or undefined when there is none that is whole and of this key. */
  load(key: string, documentBytes: number): ServiceMetadata | undefined {
    if (!this.folder) return undefined;
    let fd: number;
    try {
      fd = openSync(join(this.folder, `${key}.json`), FILE_OPEN_FLAGS);
    } catch {
      return undefined;
    }
    try {
      // Only a regular file of a plausible size is read: a model is about the size of its document.
      const stats = fstatSync(fd);
      if (!stats.isFile() || stats.size > 4 * documentBytes + 65_536) return undefined;
      return serviceFromStoredText(readFileSync(fd, 'utf8'), key);
    } catch {
      return undefined;
    } finally {
      closeSync(fd);
    }
  }

  /** Keeps `service` under `key`; a cache that cannot be written is left as it is (the next process reads the document). */
  save(key: string, service: ServiceMetadata): void {
    if (!this.folder) return;
    // Written piece by piece: a large model is never held as one text.
    const failed = writeFileWhole(join(this.folder, `${key}.json`), (fd) => writeStoredService(service, key, (chunk) => writeSync(fd, chunk)), { private: true });
    if (!failed) this.prune();
  }

  /** Removes the models written longest ago past KEPT_MODELS, and temporary files left by a process that died. */
  private prune(): void {
    keepNewest(this.folder ?? '', (name) => /^[0-9a-f]{64}\.json$/.test(name), KEPT_MODELS);
  }
}

/** Which program reads the documents: its file's size and time, so another build never uses this one's models. */
function programStamp(): string {
  try {
    const stats = statSync(__filename);
    return `${stats.size}:${stats.mtimeMs}`;
  } catch {
    return 'unknown';
  }
}
