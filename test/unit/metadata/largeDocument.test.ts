import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { lintText } from '../../../server/src/core/lint';
import { metadataCompletions, metadataHover } from '../../../server/src/core/metadata/assist';
import type { ServiceMetadata } from '../../../server/src/core/metadata/model';
import { readCsdl } from '../../../server/src/core/metadata/readCsdl';
import { withCursor } from '../../support/cursor';
import { fixtureSource } from '../../support/metadataFixture';
import { DATAVERSE_BASE, largeMetadataText } from '../../support/largeMetadata';

const ID = '00000000-0000-0000-0000-000000000001';

function connector(requests: string[]): string {
  return `{ "kind": "odata", "name": "Dataverse", "baseUrl": "${DATAVERSE_BASE}", "connectorVersion": "2.1.17", "metadata": "dataverse.metadata.xml", "customRequests": [${requests.join(', ')}] }`;
}

describe('a large real-world document (Dataverse, 8.5 MB)', () => {
  let service: ServiceMetadata;
  before(() => {
    const read = readCsdl(largeMetadataText());
    assert.ok(read.ok, read.ok ? '' : read.problem.message);
    service = read.service;
  });

  it('is read whole: hundreds of entity types and sets, actions and functions', () => {
    const entityTypes = [...service.types.values()].filter((t) => t.kind === 'entityType').length;
    assert.ok(entityTypes >= 800, `${entityTypes} entity types`);
    assert.ok((service.container?.children.size ?? 0) >= 800);
    assert.ok(service.operations.size >= 500);
    assert.equal(service.aliases.get('mscrm'), 'Microsoft.Dynamics.CRM');
  });

  it('checks real requests: keys (GUIDs, alternate keys), navigation through base types, functions, options', () => {
    const metadata = fixtureSource(service);
    const request = (id: string, operation: string, url: string, extra = ''): string => `{ "id": "${id}", "operation": "${operation}", "url": ${JSON.stringify(url)}${extra ? `, ${extra}` : ''} }`;
    const valid = connector([
      request('a', 'read', `accounts(${ID})/primarycontactid/fullname`),
      request('b', 'read', 'accounts', '"query": { "$select": "name,revenue", "$filter": "revenue gt 1000 and statecode eq 0", "$expand": "primarycontactid($select=fullname)", "$top": 5 }'),
      request('c', 'function', 'WhoAmI()'),
      request('d', 'update', `accounts(${ID})`, '"body": "{ \\"name\\": \\"{{name}}\\", \\"revenue\\": 12.5 }"'),
      request('e', 'read', 'contacts/$count'),
    ]);
    assert.deepEqual(lintText(valid, { metadata }).findings.map((f) => `${f.code}: ${f.message}`), []);
    const broken = connector([
      request('a', 'read', 'acounts'),
      request('b', 'read', "accounts('x')"),
      request('c', 'read', 'accounts', '"query": { "$select": "nmae" }'),
      request('d', 'update', `accounts(${ID})`, '"body": "{ \\"revenu\\": 1 }"'),
    ]);
    const findings = lintText(broken, { metadata }).findings.map((f) => `${f.code}: ${f.message}`);
    assert.deepEqual(findings.map((f) => f.split(':')[0]), ['unknown-resource', 'key-predicate', 'query-option', 'unknown-body-property']);
    assert.match(findings[0] ?? '', /Did you mean 'accounts'/);
    assert.match(findings[2] ?? '', /Did you mean 'name'/);
    assert.match(findings[3] ?? '', /Did you mean 'revenue'/);
  });

  it('completes and hovers in it', () => {
    const { text, offset } = withCursor(connector(['{ "id": "a", "operation": "read", "url": "accounts(00000000-0000-0000-0000-000000000001)/|" }']));
    const { parsed, connector: model } = lintText(text);
    assert.ok(parsed.root && model?.kind === 'odata');
    const labels = (metadataCompletions(service, model, parsed.root, text, offset) ?? []).map((p) => p.label);
    assert.ok(labels.includes('name') && labels.includes('primarycontactid') && labels.length > 100, `${labels.length} proposals`);
    const hovered = withCursor(connector(['{ "id": "a", "operation": "read", "url": "acc|ounts" }']));
    const lint = lintText(hovered.text);
    assert.ok(lint.parsed.root && lint.connector?.kind === 'odata');
    assert.match(metadataHover(service, lint.connector, lint.parsed.root, hovered.text, hovered.offset)?.markdown ?? '', /entity set of account · key accountid \(Edm.Guid\)/);
  });
});
