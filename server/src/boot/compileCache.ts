// Starts a bundle (the language server, the command line) from V8's code cache. Compiling a megabyte of JavaScript
// is a large part of starting: the editor waits for it before the first diagnostics, `connector lint` and each of
// its checking threads before the first file. The cache holds the compiled code of one exact bundle for one V8; it
// is written once, after the first start has run (so it also holds what that start compiled lazily), and any
// cache that does not match is ignored and written again. Node 22 offers this as module.enableCompileCache; the
// editors and Node versions this runs on do not all have it.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { isMainThread } from 'node:worker_threads';
import { cacheDirectory } from '../files/cacheDirectory';
import { keepNewest, writeFileWhole } from '../files/wholeFile';

/** When the first start writes the cache: when the process exits, or this many milliseconds after it started. */
export type CacheWriteTime = 'exit' | number;

const DIGEST_BYTES = 32;

/** A bundle read and compiled, ready to run. */
export interface LoadedBundle {
  /** Whether V8 took the compiled code from the cache (false: no cache, caching off, or a cache it refused). */
  readonly fromCache: boolean;
  /** Runs it as the process's main module; the first start writes the cache at `writeAt`. */
  run(writeAt: CacheWriteTime): void;
}

/** Reads and compiles the CommonJS bundle at `bundlePath`, from the code cache when one matches it; throws when it cannot be read. */
export function loadBundle(bundlePath: string, env: NodeJS.ProcessEnv = process.env): LoadedBundle {
  const bytes = readFileSync(bundlePath);
  const cacheFile = cacheFileFor(bundlePath, bytes, env);
  const cached = cacheFile === undefined ? undefined : readCache(cacheFile);
  const script = new Script(Module.wrap(bytes.toString('utf8')), { filename: bundlePath, cachedData: cached });
  const fromCache = cached !== undefined && !script.cachedDataRejected;
  return {
    fromCache,
    run(writeAt) {
      const bundle = new Module(bundlePath);
      bundle.filename = bundlePath;
      const requireFromBundle = Module.createRequire(bundlePath);
      // The bundle asks `require.main === module` to know it was started, not imported.
      requireFromBundle.main = bundle;
      const compiled = script.runInThisContext() as (exports: unknown, require: NodeRequire, module: Module, filename: string, dirname: string) => void;
      compiled.call(bundle.exports, bundle.exports, requireFromBundle, bundle, bundlePath, dirname(bundlePath));
      bundle.loaded = true;
      // Checking threads read the cache; the process that started them writes it.
      if (cacheFile === undefined || !isMainThread || fromCache) return;
      const write = (): void => writeCache(cacheFile, script.createCachedData());
      if (writeAt === 'exit') process.once('exit', write);
      else setTimeout(write, writeAt).unref();
    },
  };
}

/**
 * The cache file of this bundle's exact bytes for the Node.js running it (the editor's and the terminal's differ, so
 * each keeps its own); undefined when caching is off.
 */
export function cacheFileFor(bundlePath: string, bytes: Buffer, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const root = cacheDirectory(env);
  if (root === undefined) return undefined;
  const runtime = createHash('sha256').update(`${process.version}\0${process.arch}\0${process.versions.v8}`).digest('hex').slice(0, 8);
  const build = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
  return join(root, 'compiled', `${basename(bundlePath, '.js')}-${runtime}-${build}.bin`);
}

/** The cached code in `file` when it is whole (its digest matches); undefined when absent, short or damaged. */
export function readCache(file: string): Buffer | undefined {
  let content: Buffer;
  try {
    content = readFileSync(file);
  } catch {
    return undefined;
  }
  if (content.length <= DIGEST_BYTES) return undefined;
  const payload = content.subarray(DIGEST_BYTES);
  const digest = createHash('sha256').update(payload).digest();
  return digest.equals(content.subarray(0, DIGEST_BYTES)) ? payload : undefined;
}

/**
 * Builds of one bundle whose caches are kept side by side for one Node.js: a project's own `connector` (a dev
 * dependency) and a global one of another version, used in turn, would otherwise each remove the other's cache and
 * compile afresh at every run.
 */
export const KEPT_BUILDS = 3;

/**
 * Writes `data` to `file` whole or not at all, and removes the caches of the same bundle's builds for the same
 * Node.js written longest ago past KEPT_BUILDS, and the temporary files a killed process left behind.
 */
export function writeCache(file: string, data: Buffer): void {
  const folder = dirname(file);
  const digest = createHash('sha256').update(data).digest();
  if (writeFileWhole(file, (fd) => (writeFileSync(fd, Buffer.concat([digest, data])), true), { private: true })) return;
  const prefix = basename(file).replace(/[0-9a-f]+\.bin$/, '');
  // This build's file is the newest: it and the KEPT_BUILDS - 1 before it stay.
  keepNewest(folder, (name) => name.startsWith(prefix) && name.endsWith('.bin'), KEPT_BUILDS);
}
