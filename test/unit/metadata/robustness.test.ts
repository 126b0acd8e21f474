import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import { fixIn } from '../../../server/src/core/findings';
import { lintText } from '../../../server/src/core/lint';
import { metadataCompletions, metadataHover } from '../../../server/src/core/metadata/assist';
import { checkBody } from '../../../server/src/core/metadata/body';
import { parseFilter } from '../../../server/src/core/metadata/filterSyntax';
import { structuredType } from '../../../server/src/core/metadata/lookups';
import { resolvePath } from '../../../server/src/core/metadata/resourcePath';
import { FIXTURE_SERVICE, WITH_METADATA, shopConnector } from '../../support/metadataFixture';

// Urls, options and bodies are typed by hand: half-typed and hostile ones must never throw, and every range a
// finding, completion or hover gives must lie inside the text.
const PIECES = ['Orders', "('A')", '(', ')', '/', 'Lines', '(OrderNo=', "'", ',', 'LineNo=1', '$count', '$value', '$ref', 'Shop.Sales.Release', 'Shop.Sales.Total()', 'TopOrders(Count=', '{p}', '?', '$select=', '&', '%2F', '%', 'Customer', 'Me', '@a', '"', '\\', ' ', 'x', '..', 'Shop.Sales.SpecialOrder'];
const FILTER = ['Status', ' eq ', "'Released'", ' and ', ' or ', 'not ', '(', ')', ',', 'contains(', 'Lines/any(l: l/LineNo gt 1)', '1', '-', '2026-11-22', "'", '==', 'Address/City', ' in ', '{p}', '$it', '/'];
const BODY = ['{', '}', '"OrderNo"', ':', '"A"', ',', '{{v}}', '"{{v}}"', '[', ']', 'null', '1', '"Address"', '"Lines"', '"@odata.type"', '"#Shop.Sales.SpecialOrder"', ' ', '"Amount"', 'true'];

const text = (pieces: string[]) => fc.array(fc.constantFrom(...pieces), { maxLength: 14 }).map((p) => p.join(''));

it('the path resolver, the $filter parser and the body check never throw and keep ranges inside their text', () => {
  const order = structuredType(FIXTURE_SERVICE, 'Shop.Sales.Order');
  assert.ok(order);
  fc.assert(fc.property(text(PIECES), text(FILTER), text(BODY), (url, filter, body) => {
    const outcome = resolvePath(FIXTURE_SERVICE, url, 'https://x/svc');
    if (outcome.ok) for (const p of outcome.path.problems) assert.ok(p.range.start >= 0 && p.range.end <= url.length && p.range.start <= p.range.end);
    const parsed = parseFilter(filter);
    if (!parsed.ok) assert.ok(parsed.error.range.end <= Math.max(filter.length, parsed.error.range.start + 1));
    for (const p of checkBody(FIXTURE_SERVICE, { kind: 'structured', type: order, operation: 'create' }, body)) assert.ok(p.range.start >= 0 && p.range.end <= body.length);
  }), { numRuns: 3_000 });
});

it('lint, completion and hover over random Custom requests stay inside the connector file', () => {
  fc.assert(fc.property(text(PIECES), text(FILTER), text(BODY), fc.constantFrom('read', 'create', 'update', 'action', 'function', 'delete'), fc.nat(), (url, filter, body, operation, at) => {
    const file = shopConnector([`{ "id": "r", "operation": "${operation}", "url": ${JSON.stringify(url)}, "query": { "$filter": ${JSON.stringify(filter)}, "$select": ${JSON.stringify(filter)} }, "body": ${JSON.stringify(body)}, "responseStructure": { "value": [{ "OrderNo": "" }] } }`]);
    const { findings, parsed, connector } = lintText(file, WITH_METADATA);
    for (const f of findings) {
      assert.ok(f.offset >= 0 && f.offset + f.length <= file.length, `${f.code} out of range`);
      for (const fix of f.fixes ?? []) for (const e of fixIn(fix, file).edits) assert.ok(e.offset + e.length <= file.length);
    }
    if (!parsed.root || connector?.kind !== 'odata') return;
    const offset = at % file.length;
    for (const p of metadataCompletions(FIXTURE_SERVICE, connector, parsed.root, file, offset) ?? []) assert.ok(p.replace.offset >= 0 && p.replace.offset + p.replace.length <= file.length);
    const hover = metadataHover(FIXTURE_SERVICE, connector, parsed.root, file, offset);
    if (hover) assert.ok(hover.offset >= 0 && hover.offset + hover.length <= file.length);
  }), { numRuns: 1_500 });
});
