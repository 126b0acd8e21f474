import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { RULE_IDS } from '../../server/src/core';
import { ProjectConfigFiles } from '../../server/src/io/projectConfigFiles';
import { makeTempFolder } from '../support/cli';

test('a run reads its project file once; the editor reads it again once it changes', () => {
  const folder = makeTempFolder({
    '.git/HEAD': 'ref: refs/heads/main\n',
    'connector-tools.json': '{ "rules": { "header-credential": "off" } }',
    'a.connector.json': '{}',
    'b.connector.json': '{}',
  });
  try {
    const run = ProjectConfigFiles.forOneRun(RULE_IDS);
    const editor = new ProjectConfigFiles(RULE_IDS);
    const a = join(folder.path, 'a.connector.json');
    const b = join(folder.path, 'b.connector.json');
    assert.deepEqual(run.forFile(a).overrides, { 'header-credential': 'off' });
    assert.deepEqual(editor.forFile(a).overrides, { 'header-credential': 'off' });
    // A longer file: its size tells the change without waiting for the clock.
    writeFileSync(join(folder.path, 'connector-tools.json'), '{ "rules": { "header-credential": "error", "format-without-effect": "off" } }');
    assert.deepEqual(run.forFile(b).overrides, { 'header-credential': 'off' }, 'one run judges every file by the project file as it first read it');
    assert.equal(run.forFile(b).source, run.forFile(a).source);
    assert.deepEqual(editor.forFile(b).overrides, { 'header-credential': 'error', 'format-without-effect': 'off' });
  } finally {
    folder.remove();
  }
});
