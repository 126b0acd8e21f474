// Metadata documents' models kept between processes (files/metadataCache.ts through MetadataFiles): a new process
// finds the model of a document read before, identical to reading it; a kept file that is cut short, hostile or
// not a file is ignored and written again; an edited document is read again; the cache can be turned off.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readCsdl } from '../../../server/src/core/metadata/readCsdl';
import { serviceFromStoredText, storedServiceText } from '../../../server/src/core/metadata/storedModel';
import { MetadataModelCache } from '../../../server/src/files/metadataCache';
import { MetadataFiles } from '../../../server/src/files/metadataFiles';
import { FIXTURE_XML } from '../../support/metadataFixture';

/** A workspace with the fixture document, and a cache folder outside it. */
function setUp(text = FIXTURE_XML): { root: string; path: string; cache: MetadataModelCache } {
  const root = mkdtempSync(join(tmpdir(), 'metadata-cache-root-'));
  const path = join(root, 'shop.metadata.xml');
  writeFileSync(path, text);
  const cache = new MetadataModelCache(join(mkdtempSync(join(tmpdir(), 'metadata-cache-')), 'metadata'));
  return { root, path, cache };
}

/** What a new process would find: a fresh MetadataFiles with the same cache. */
function loadFresh(root: string, cache: MetadataModelCache): ReturnType<ReturnType<MetadataFiles['sourceFor']>['load']> {
  return new MetadataFiles(cache).sourceFor(root, [root]).load('shop.metadata.xml');
}

function keptFiles(cache: MetadataModelCache): string[] {
  return readdirSync(cache.folder ?? '').filter((f) => f.endsWith('.json'));
}

function readFixture(text = FIXTURE_XML): ReturnType<typeof readCsdl> & { ok: true } {
  const read = readCsdl(text);
  assert.ok(read.ok);
  return read;
}

describe('metadata models kept between processes', () => {
  it('are written once read, only readable by the user, and give the next process the identical model without reading the document', () => {
    const { root, cache } = setUp();
    const first = loadFresh(root, cache);
    assert.ok(first.ok);
    const kept = keptFiles(cache);
    assert.equal(kept.length, 1);
    const file = join(cache.folder ?? '', kept[0] ?? '');
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(statSync(cache.folder ?? '').mode & 0o777, 0o700);
    assert.equal(kept[0], `${cache.keyOf(FIXTURE_XML)}.json`, 'named by the hash of the text');

    const second = loadFresh(root, cache);
    assert.ok(second.ok);
    assert.notEqual(second.service, first.service, 'a new process has its own model');
    assert.deepStrictEqual(second.service, readFixture().service, 'identical to reading the document');

    // The kept model is what the next process uses: changed (as only this test would), the change shows.
    const key = cache.keyOf(FIXTURE_XML);
    const marked = serviceFromStoredText(readFileSync(file, 'utf8'), key);
    assert.ok(marked?.container);
    marked.container.children.delete('Orders');
    writeFileSync(file, storedServiceText(marked, key) ?? '');
    const third = loadFresh(root, cache);
    assert.ok(third.ok);
    assert.equal(third.service.container?.children.has('Orders'), false, 'the kept model was used');
  });

  it('ignore a kept file that is cut short, hostile, of another document or not a regular file, and write it again', () => {
    const { root, cache } = setUp();
    assert.ok(loadFresh(root, cache).ok);
    const key = cache.keyOf(FIXTURE_XML);
    const file = join(cache.folder ?? '', `${key}.json`);
    const whole = readFileSync(file, 'utf8');
    const other = storedServiceText(readFixture(FIXTURE_XML.replace('Name="Orders"', 'Name="Others"')).service, cache.keyOf('another text')) ?? '';
    const broken = [whole.slice(0, whole.length / 2), '', 'null', `{"format":1,"key":"${key}","types":"x"}`, other, whole.replace(/"Orders"/g, '7')];
    for (const text of broken) {
      writeFileSync(file, text);
      const outcome = loadFresh(root, cache);
      assert.ok(outcome.ok);
      assert.deepStrictEqual(outcome.service, readFixture().service, text.slice(0, 60));
      assert.equal(readFileSync(file, 'utf8'), whole, 'written again');
    }
    // A named pipe in its place would block a read for ever: it is not read.
    spawnSync('rm', ['-f', file]);
    assert.equal(spawnSync('mkfifo', [file]).status, 0);
    const outcome = loadFresh(root, cache);
    assert.ok(outcome.ok);
    assert.deepStrictEqual(outcome.service, readFixture().service);
  });

  it('are not used for an edited document: it is read again and kept under its own name', () => {
    const { root, path, cache } = setUp();
    assert.ok(loadFresh(root, cache).ok);
    const edited = FIXTURE_XML.replace('<EntitySet Name="Orders"', '<EntitySet Name="SalesOrders"');
    writeFileSync(path, edited);
    const outcome = loadFresh(root, cache);
    assert.ok(outcome.ok);
    assert.ok(outcome.service.container?.children.has('SalesOrders'));
    assert.equal(keptFiles(cache).length, 2);
  });

  it('keep no model of a document that is not metadata: its problem is said as without the cache', () => {
    const broken = FIXTURE_XML.replace('</Schema>', '</Schemas>');
    const { root, cache } = setUp(broken);
    const withCache = loadFresh(root, cache);
    const without = new MetadataFiles(new MetadataModelCache(undefined)).sourceFor(root, [root]).load('shop.metadata.xml');
    assert.equal(withCache.ok, false);
    assert.deepStrictEqual(withCache, without);
    assert.match(withCache.ok ? '' : withCache.message, /line \d+, column \d+/);
    assert.equal(existsSync(cache.folder ?? ''), false, 'nothing written');
  });

  it('keep the most recently written models only', () => {
    const { root, path, cache } = setUp();
    for (let i = 0; i < 34; i++) {
      writeFileSync(path, FIXTURE_XML.replace('<EntitySet Name="Orders"', `<EntitySet Name="Orders${i}"`));
      assert.ok(loadFresh(root, cache).ok);
    }
    assert.equal(keptFiles(cache).length, 32);
    assert.ok(keptFiles(cache).includes(`${cache.keyOf(readFileSync(path, 'utf8'))}.json`));
  });

  it('do not stop a document being read when the cache cannot be written', () => {
    const { root } = setUp();
    const blocked = join(mkdtempSync(join(tmpdir(), 'metadata-cache-')), 'file');
    writeFileSync(blocked, 'not a folder');
    const outcome = loadFresh(root, new MetadataModelCache(join(blocked, 'metadata')));
    assert.ok(outcome.ok);
    assert.deepStrictEqual(outcome.service, readFixture().service);
  });

  it('live in the user\'s cache folder, and CONNECTOR_TOOLS_METADATA_CACHE=off turns them off', () => {
    assert.equal(MetadataModelCache.fromEnvironment({ CONNECTOR_TOOLS_CACHE: '/c' }).folder, join('/c', 'metadata'));
    assert.equal(MetadataModelCache.fromEnvironment({ XDG_CACHE_HOME: '/x' }).folder, join('/x', 'connector-tools', 'metadata'));
    assert.equal(MetadataModelCache.fromEnvironment({ CONNECTOR_TOOLS_CACHE: '/c', CONNECTOR_TOOLS_METADATA_CACHE: 'off' }).folder, undefined);
    // A relative folder would be inside whatever folder a command runs in, a project's among them: not used.
    assert.equal(MetadataModelCache.fromEnvironment({ CONNECTOR_TOOLS_CACHE: 'cache', XDG_CACHE_HOME: '.' }).folder, join(homedir(), '.cache', 'connector-tools', 'metadata'));
    const { root } = setUp();
    const cacheHome = mkdtempSync(join(tmpdir(), 'metadata-cache-'));
    const off = MetadataModelCache.fromEnvironment({ CONNECTOR_TOOLS_CACHE: cacheHome, CONNECTOR_TOOLS_METADATA_CACHE: 'off' });
    assert.ok(loadFresh(root, off).ok);
    assert.deepStrictEqual(readdirSync(cacheHome), []);
  });
});
