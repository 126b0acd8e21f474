// The entries' one edge: a bundle that cannot be read is an incomplete installation, said in one line.
import { loadBundle, type CacheWriteTime, type LoadedBundle } from './compileCache';

/** Runs the bundle, or says which file of the installation cannot be loaded and exits with 2. */
export function startBundle(bundlePath: string, writeAt: CacheWriteTime): void {
  let bundle: LoadedBundle;
  try {
    bundle = loadBundle(bundlePath);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(`Connector Tools cannot start: ${bundlePath} could not be loaded (${reason}). Reinstall the extension or package.\n`);
    process.exit(2);
  }
  bundle.run(writeAt);
}
