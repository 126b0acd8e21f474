// A cache's own bound: the files written last are kept, older ones and the partial files of a killed writer go,
// and nothing else in the folder is touched.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { keepNewest } from '../../server/src/files/wholeFile';
import { backdate } from '../support/files';

test('keepNewest keeps the files written last, removes older ones and abandoned partial files, and nothing else', () => {
  const folder = mkdtempSync(join(tmpdir(), 'keep-newest-'));
  const write = (name: string, secondsAgo: number): void => {
    writeFileSync(join(folder, name), name);
    backdate(join(folder, name), secondsAgo);
  };
  write('a.json', 40);
  write('b.json', 10);
  write('c.json', 30);
  write('d.json', 20);
  write('notes.txt', 500);
  write('b.json.4242.0123456789ab.tmp', 7_200);
  write('c.json.4343.ba9876543210.tmp', 60);
  keepNewest(folder, (name) => name.endsWith('.json'), 2);
  assert.deepEqual(readdirSync(folder).sort(), ['b.json', 'c.json.4343.ba9876543210.tmp', 'd.json', 'notes.txt']);
  assert.doesNotThrow(() => keepNewest(join(folder, 'missing'), () => true, 1));
});
