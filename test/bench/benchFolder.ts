// Folders the benchmarks write into (generated connectors, bundles, caches, reports): each is removed when the process
// exits, so runs of `npm run bench` do not fill the temporary folder (the many-files benchmark alone writes 8 MB).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

process.once('exit', () => {
  for (const folder of made) rmSync(folder, { recursive: true, force: true });
});

/** A new empty folder under the system's temporary folder, named from `prefix`, removed with its content at exit. */
export function benchFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  made.push(folder);
  return folder;
}
