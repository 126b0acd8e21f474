import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { lintText } from '../../../server/src/core/lint';
import { MetadataFiles } from '../../../server/src/files/metadataFiles';
import { FIXTURE_XML, customRequest, shopConnector } from '../../support/metadataFixture';

function workspace(): string {
  return mkdtempSync(join(tmpdir(), 'metadata-files-'));
}

describe('metadata files', () => {
  it('are parsed once per version and shared by every connector that names them', () => {
    const root = workspace();
    writeFileSync(join(root, 'shop.metadata.xml'), FIXTURE_XML);
    mkdirSync(join(root, 'sub'));
    const files = new MetadataFiles();
    const a = files.sourceFor(root, [root]).load('shop.metadata.xml');
    const b = files.sourceFor(join(root, 'sub'), [root]).load('../shop.metadata.xml');
    assert.ok(a.ok && b.ok);
    assert.equal(a.service, b.service, 'one parsed service for both connectors');
    assert.equal(files.generation, 0);
  });

  it('pick up a change on disk (new size or time), and a file event forgets the old version', () => {
    const root = workspace();
    const path = join(root, 'shop.metadata.xml');
    writeFileSync(path, FIXTURE_XML);
    const files = new MetadataFiles();
    const source = files.sourceFor(root, [root]);
    const first = source.load('shop.metadata.xml');
    writeFileSync(path, FIXTURE_XML.replace('<EntitySet Name="Orders"', '<EntitySet Name="SalesOrders"'));
    utimesSync(path, new Date(), new Date(Date.now() + 5000));
    const second = source.load('shop.metadata.xml');
    assert.ok(first.ok && second.ok);
    assert.notEqual(first.service, second.service);
    assert.ok(second.service.container?.children.has('SalesOrders'));
    assert.equal(source.generation, 1, 'findings made with the old version are stale');
    assert.equal(files.changed(path), true);
    assert.equal(files.changed(join(root, 'other.xml')), false, 'an unknown file changes nothing');
    assert.equal(source.generation, 2);
  });

  it('must be inside the workspace: a path or a symlink out of it is refused before reading', () => {
    const root = workspace();
    const outside = workspace();
    writeFileSync(join(outside, 'secret.xml'), FIXTURE_XML);
    symlinkSync(join(outside, 'secret.xml'), join(root, 'link.xml'));
    const source = new MetadataFiles().sourceFor(root, [root]);
    for (const given of ['../' + outside.split('/').pop() + '/secret.xml', join(outside, 'secret.xml'), 'link.xml']) {
      const outcome = source.load(given);
      assert.equal(outcome.ok, false);
      assert.match(outcome.ok ? '' : outcome.message, /outside the workspace/);
    }
  });

  it('say why a file cannot be used: missing, a folder, not metadata', () => {
    const root = workspace();
    mkdirSync(join(root, 'folder.xml'));
    writeFileSync(join(root, 'page.xml'), '<html><body>Sign in</body></html>');
    const source = new MetadataFiles().sourceFor(root, [root]);
    const message = (given: string): string => {
      const outcome = source.load(given);
      return outcome.ok ? '' : outcome.message;
    };
    assert.match(message('missing.xml'), /does not exist/);
    assert.match(message('folder.xml'), /not a regular file/);
    assert.match(message('page.xml'), /not an OData metadata document/);
  });

  it('turn on the checks in lint, and their problem is a finding on "metadata"', () => {
    const root = workspace();
    writeFileSync(join(root, 'shop.metadata.xml'), FIXTURE_XML);
    const metadata = new MetadataFiles().sourceFor(root, [root]);
    const text = shopConnector([customRequest('read', 'Ordrs')]);
    assert.deepEqual(lintText(text, { metadata }).findings.map((f) => f.code), ['unknown-resource']);
    assert.deepEqual(lintText(text.replace('shop.metadata.xml', 'gone.xml'), { metadata }).findings.map((f) => f.code), ['metadata-file']);
    assert.deepEqual(lintText(text).findings.map((f) => f.code), [], 'without a source, everything works as without metadata');
  });
});
