import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cacheDirectory } from '../../server/src/files/cacheDirectory';
import { cacheFileFor, loadBundle, readCache, writeCache } from '../../server/src/boot/compileCache';
import { backdate } from '../support/files';

// A bundle with enough code for V8's cache to matter, which says through a global that it ran and what it was given.
function writeBundle(folder: string, name = 'sample.js', marker = 'ran'): string {
  const path = join(folder, name);
  const functions = Array.from({ length: 200 }, (_, i) => `function f${i}(x) { return x * ${i} + ${i}; }`).join('\n');
  writeFileSync(path, `${functions}\nglobalThis.__bundleSaw = { marker: ${JSON.stringify(marker)}, main: require.main === module, file: __filename, sum: f199(1) };\n`);
  return path;
}

const until = async (condition: () => boolean): Promise<void> => {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setImmediate(resolve));
  assert.ok(condition(), 'condition never held');
};

describe('the compiled-code cache', () => {
  it('is in CONNECTOR_TOOLS_CACHE, the platform cache folder otherwise, and nowhere when turned off', () => {
    const home = (): string => '/home/ada';
    assert.equal(cacheDirectory({ CONNECTOR_TOOLS_CACHE: '/var/cache/ct' }, 'linux', home), '/var/cache/ct');
    assert.equal(cacheDirectory({ CONNECTOR_TOOLS_CACHE: 'off' }, 'linux', home), undefined);
    // The same words as CONNECTOR_TOOLS_METADATA_CACHE takes.
    for (const off of ['OFF', '0', 'false', 'No']) assert.equal(cacheDirectory({ CONNECTOR_TOOLS_CACHE: off }, 'linux', home), undefined);
    assert.equal(cacheDirectory({}, 'linux', home), '/home/ada/.cache/connector-tools');
    assert.equal(cacheDirectory({ XDG_CACHE_HOME: '/xdg' }, 'linux', home), '/xdg/connector-tools');
    assert.equal(cacheDirectory({}, 'darwin', home), '/home/ada/Library/Caches/connector-tools');
    assert.equal(cacheDirectory({ LOCALAPPDATA: '/appdata/Local' }, 'win32', home), join('/appdata/Local', 'connector-tools', 'Cache'));
    // A relative folder would be inside whatever folder a command runs in, a project's among them: not used.
    assert.equal(cacheDirectory({ CONNECTOR_TOOLS_CACHE: 'cache', XDG_CACHE_HOME: '.' }, 'linux', home), '/home/ada/.cache/connector-tools');
  });

  it('names a different file for other bytes of the same length, so a cache never serves another build', () => {
    const env = { CONNECTOR_TOOLS_CACHE: '/c' };
    const a = cacheFileFor('/x/server-main.js', Buffer.from('var a = 1;'), env);
    const b = cacheFileFor('/x/server-main.js', Buffer.from('var b = 1;'), env);
    assert.match(a ?? '', /\/c\/compiled\/server-main-[0-9a-f]{8}-[0-9a-f]{24}\.bin$/);
    assert.notEqual(a, b);
    assert.equal(cacheFileFor('/x/server-main.js', Buffer.from('var a = 1;'), { CONNECTOR_TOOLS_CACHE: 'off' }), undefined);
  });

  it('is written after the first start and used by the next, which runs the same', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'compile-cache-'));
    const env = { CONNECTOR_TOOLS_CACHE: join(folder, 'cache') };
    const bundle = writeBundle(folder);
    const first = loadBundle(bundle, env);
    assert.equal(first.fromCache, false);
    first.run(0);
    const saw = (globalThis as { __bundleSaw?: { marker: string; main: boolean; file: string; sum: number } }).__bundleSaw;
    assert.deepEqual(saw, { marker: 'ran', main: true, file: bundle, sum: 398 });
    const file = cacheFileFor(bundle, readFileSync(bundle), env) ?? '';
    await until(() => existsSync(file));
    const second = loadBundle(bundle, env);
    assert.equal(second.fromCache, true);
    second.run(0);
    assert.equal((globalThis as { __bundleSaw?: { sum: number } }).__bundleSaw?.sum, 398);
  });

  it('ignores a damaged or hostile cache file and writes a good one in its place', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'compile-cache-'));
    const env = { CONNECTOR_TOOLS_CACHE: join(folder, 'cache') };
    const bundle = writeBundle(folder, 'sample.js', 'hostile');
    const file = cacheFileFor(bundle, readFileSync(bundle), env) ?? '';
    // Garbage under a correct digest reaches V8, which must refuse it; a cut-short file never reaches it.
    const garbage = Buffer.alloc(4096, 0x41);
    writeCache(file, garbage);
    assert.deepEqual(readCache(file), garbage);
    const loaded = loadBundle(bundle, env);
    assert.equal(loaded.fromCache, false);
    loaded.run(0);
    assert.equal((globalThis as { __bundleSaw?: { marker: string } }).__bundleSaw?.marker, 'hostile');
    await until(() => !readCache(file)?.equals(garbage));
    assert.equal(loadBundle(bundle, env).fromCache, true);
    writeFileSync(file, readFileSync(file).subarray(0, 100));
    assert.equal(readCache(file), undefined);
    writeFileSync(file, Buffer.concat([createHash('sha256').update('other').digest(), Buffer.alloc(10)]));
    assert.equal(readCache(file), undefined);
  });

  it('keeps the caches of the last three builds of a bundle for one Node.js (two versions used in turn keep theirs), not other bundles’ or runtimes’', () => {
    const folder = mkdtempSync(join(tmpdir(), 'compile-cache-'));
    const compiled = join(folder, 'compiled');
    const written = (name: string, secondsAgo: number): void => {
      writeCache(join(compiled, name), Buffer.from(name));
      backdate(join(compiled, name), secondsAgo);
    };
    written('cli-main-1111aaaa-aaaa.bin', 40);
    written('cli-main-2222bbbb-aaaa.bin', 30);
    written('server-main-1111aaaa-bbbb.bin', 30);
    written('cli-main-1111aaaa-bbbb.bin', 20);
    written('cli-main-1111aaaa-cccc.bin', 10);
    assert.deepEqual(readdirSync(compiled).sort(), ['cli-main-1111aaaa-aaaa.bin', 'cli-main-1111aaaa-bbbb.bin', 'cli-main-1111aaaa-cccc.bin', 'cli-main-2222bbbb-aaaa.bin', 'server-main-1111aaaa-bbbb.bin']);
    writeCache(join(compiled, 'cli-main-1111aaaa-dddd.bin'), Buffer.from('newest'));
    assert.deepEqual(readdirSync(compiled).sort(), ['cli-main-1111aaaa-bbbb.bin', 'cli-main-1111aaaa-cccc.bin', 'cli-main-1111aaaa-dddd.bin', 'cli-main-2222bbbb-aaaa.bin', 'server-main-1111aaaa-bbbb.bin']);
  });

  it('removes the partial files a killed process left over an hour ago, and not one another process is writing now', () => {
    const folder = mkdtempSync(join(tmpdir(), 'compile-cache-'));
    const compiled = join(folder, 'compiled');
    mkdirSync(compiled);
    const abandoned = join(compiled, 'cli-main-1111aaaa-aaaa.bin.4242.0123456789ab.tmp');
    const underWay = join(compiled, 'cli-main-1111aaaa-bbbb.bin.4343.ba9876543210.tmp');
    const notOurs = join(compiled, 'notes.tmp');
    for (const file of [abandoned, underWay, notOurs]) writeFileSync(file, 'partial');
    backdate(abandoned, 7_200);
    backdate(notOurs, 7_200);
    writeCache(join(compiled, 'server-main-1111aaaa-cccc.bin'), Buffer.from('server'));
    assert.deepEqual(readdirSync(compiled).sort(), ['cli-main-1111aaaa-bbbb.bin.4343.ba9876543210.tmp', 'notes.tmp', 'server-main-1111aaaa-cccc.bin']);
  });

  it('says nothing and starts anyway when the cache folder cannot be made', () => {
    const folder = mkdtempSync(join(tmpdir(), 'compile-cache-'));
    writeFileSync(join(folder, 'not-a-folder'), '');
    assert.doesNotThrow(() => writeCache(join(folder, 'not-a-folder', 'compiled', 'x-1.bin'), Buffer.from('data')));
    const bundle = writeBundle(folder, 'sample.js', 'unwritable');
    const loaded = loadBundle(bundle, { CONNECTOR_TOOLS_CACHE: join(folder, 'not-a-folder') });
    loaded.run(0);
    assert.equal((globalThis as { __bundleSaw?: { marker: string } }).__bundleSaw?.marker, 'unwritable');
  });
});
