import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { lintText } from '../../../../server/src/core/lint';
import { bodyFile } from '../../../../server/src/core/rules/odata/bodyFile';
import { bodyFileReader } from '../../../../server/src/files/workspaceFiles';
import { odataConnector } from '../../../support/connectorText';

const outside = mkdtempSync(join(tmpdir(), 'connector-outside-'));
const workspace = mkdtempSync(join(tmpdir(), 'connector-bodyfile-'));
mkdirSync(join(workspace, 'bodies'));
writeFileSync(join(workspace, 'bodies', 'ok.json'), '{ "OrderNo": {{no}}, "Note": "{{note}}" }');
writeFileSync(join(workspace, 'bodies', 'bad.json'), '{ "OrderNo": "{{no}}", }');
writeFileSync(join(outside, 'secret.json'), '{}');
symlinkSync(join(outside, 'secret.json'), join(workspace, 'bodies', 'link.json'));

function findings(file: string): string[] {
  const text = odataConnector([`{ "id": "c", "operation": "create", "url": "Orders", "body": { "file": ${JSON.stringify(file)} } }`]);
  return lintText(text, { readBodyFile: bodyFileReader(workspace, [workspace]) }, [bodyFile]).findings.map((f) => `${text.slice(f.offset, f.offset + f.length)}: ${f.message}`);
}

test('body-file: a body file that exists and is JSON once filled passes', () => {
  assert.deepEqual(findings('bodies/ok.json'), []);
});

test('body-file: a missing file, a file that is not JSON, and files outside the workspace are errors on "file"', () => {
  assert.match(findings('bodies/nope.json').join(), /"bodies\/nope.json": .*does not exist/);
  assert.match(findings('bodies/bad.json').join(), /not valid JSON once its variables are filled in \(property name expected at line 1/);
  assert.match(findings('bodies/link.json').join(), /outside the workspace/);
  assert.match(findings('../../../../../etc/hostname').join(), /outside the workspace|does not exist/);
  assert.match(findings('/proc/self/environ').join(), /outside the workspace/);
});

test('body-file: without a file reader (the core alone) the rule says nothing', () => {
  const text = odataConnector(['{ "id": "c", "operation": "create", "url": "Orders", "body": { "file": "nope.json" } }']);
  assert.deepEqual(lintText(text, {}, [bodyFile]).findings, []);
});
