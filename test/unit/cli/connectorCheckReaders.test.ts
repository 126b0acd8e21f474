import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { connectorCheckOptions, type FolderReaders } from '../../../server/src/cli/connectorCheck';

// A run over many connectors (connector lint) makes each folder's readers once and reads each metadata file its
// connectors name once; a single check (request, test) reads the file as it is now.

const ROOT = join(__dirname, '..', '..', '..');

describe('connectorCheckOptions with the readers of a run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'connector-readers-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, '.git'));
  const metadataPath = join(dir, 'service.metadata.xml');

  it('shares one folder\'s readers between its connectors and reads a metadata file once in the run', () => {
    writeFileSync(metadataPath, readFileSync(join(ROOT, 'examples', 'ifs-orders.metadata.xml')));
    const readers = new Map<string, FolderReaders>();
    const first = connectorCheckOptions(join(dir, 'a.connector.json'), { readers });
    assert.equal(first.metadata?.load('service.metadata.xml').ok, true);
    rmSync(metadataPath);
    const second = connectorCheckOptions(join(dir, 'b.connector.json'), { readers });
    assert.equal(second.metadata, first.metadata);
    assert.equal(second.readBodyFile, first.readBodyFile);
    assert.equal(second.metadata?.load('service.metadata.xml').ok, true, 'read once in the run');
    assert.equal(readers.size, 1);
  });

  it('reads the metadata file again for a check outside a run', () => {
    writeFileSync(metadataPath, readFileSync(join(ROOT, 'examples', 'ifs-orders.metadata.xml')));
    assert.equal(connectorCheckOptions(join(dir, 'a.connector.json')).metadata?.load('service.metadata.xml').ok, true);
    rmSync(metadataPath);
    const outcome = connectorCheckOptions(join(dir, 'a.connector.json')).metadata?.load('service.metadata.xml');
    assert.equal(outcome?.ok, false);
    assert.match(outcome.ok ? '' : outcome.message, /does not exist/);
  });
});
