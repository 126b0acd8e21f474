import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyEdits, editableText } from '../../../server/src/core/edits';
import { lintText } from '../../../server/src/core/lint';
import { fillRequiredFix, generateResponseStructureFix } from '../../../server/src/core/metadata/actions';
import { metadataCompletions, metadataHover } from '../../../server/src/core/metadata/assist';
import type { ODataConnector } from '../../../server/src/core/model';
import { withCursor } from '../../support/cursor';
import { FIXTURE_SERVICE, WITH_METADATA, customRequest, shopConnector } from '../../support/metadataFixture';

function at(marked: string): { text: string; offset: number; connector: ODataConnector; root: NonNullable<ReturnType<typeof lintText>['parsed']['root']> } {
  const { text, offset } = withCursor(marked);
  const { parsed, connector } = lintText(text);
  assert.ok(connector?.kind === 'odata' && parsed.root);
  return { text, offset, connector, root: parsed.root };
}

function complete(marked: string): { labels: string[]; apply(label: string): string } {
  const { text, offset, connector, root } = at(marked);
  const items = metadataCompletions(FIXTURE_SERVICE, connector, root, text, offset) ?? [];
  return {
    labels: items.map((i) => i.label),
    apply(label) {
      const item = items.find((i) => i.label === label);
      assert.ok(item, `no proposal ${label}; got ${items.map((i) => i.label).join(', ')}`);
      return applyEdits(text, [{ offset: item.replace.offset, length: item.replace.length, content: item.insertText }]);
    },
  };
}

function hover(marked: string): string {
  const { text, offset, connector, root } = at(marked);
  return metadataHover(FIXTURE_SERVICE, connector, root, text, offset)?.markdown ?? '';
}

const request = (operation: string, url: string, extra = ''): string => shopConnector([customRequest(operation, url, extra)]);

describe('completion from the metadata', () => {
  it('offers entity sets, singletons and operation imports at the start of the url, replacing the name typed', () => {
    const result = complete(request('read', 'Ord|'));
    assert.ok(['Orders', 'Customers', 'Documents', 'Me', 'TopOrders', 'ResetAll'].every((l) => result.labels.includes(l)));
    assert.match(result.apply('Orders'), /"url": "Orders"/);
    assert.match(complete(request('read', '|')).apply('TopOrders'), /"url": "TopOrders\(\)"/);
  });

  it('offers properties, navigation, bound operations and casts after an entity; $count and casts after a collection', () => {
    const entity = complete(request('read', "Orders('A')/|")).labels;
    assert.ok(['Status', 'Lines', 'Customer', 'Shop.Sales.Release', 'Shop.Sales.Total', 'Shop.Sales.SpecialOrder'].every((l) => entity.includes(l)));
    const collection = complete(request('read', 'Orders/|')).labels;
    assert.ok(collection.includes('$count') && collection.includes('Shop.Sales.SpecialOrder') && !collection.includes('Status'));
  });

  it('offers the key with its names and types inside parentheses', () => {
    const keys = complete(request('read', "Orders('A')/Lines(|)"));
    assert.ok(keys.labels.includes("OrderNo='{orderNo}',LineNo={lineNo}"));
    assert.match(keys.apply("OrderNo='{orderNo}',LineNo={lineNo}"), /Lines\(OrderNo='\{orderNo\}',LineNo=\{lineNo\}\)/);
  });

  it('offers properties in $select and navigation in $expand, after a slash those of the path', () => {
    assert.ok(complete(request('read', 'Orders', '"query": { "$select": "OrderNo,|" }')).labels.includes('Amount'));
    assert.deepEqual(complete(request('read', 'Orders', '"query": { "$expand": "|" }')).labels, ['Lines', 'Customer']);
    assert.deepEqual(complete(request('read', 'Orders', '"query": { "$select": "Address/|" }')).labels, ['Street', 'City']);
  });

  it('offers body members not yet written, required ones first, quoted for the JSON text', () => {
    const body = complete(request('create', 'Orders', '"body": "{ \\"OrderNo\\": \\"A\\", |}"'));
    assert.equal(body.labels[0], 'CustomerNo');
    assert.ok(!body.labels.includes('OrderNo'));
    assert.match(body.apply('Amount'), /"body": "\{ \\"OrderNo\\": \\"A\\", \\"Amount\\": \}"/);
  });

  it('offers response structure entries of the type at each depth', () => {
    assert.ok(complete(request('read', 'Orders', '"query": { "$expand": "Lines" }, "responseStructure": { "value": [{ "Lines": [{ | }] }] }')).labels.includes('PartNo'));
    assert.ok(complete(request('read', "Orders('A')", '"responseStructure": { | }')).labels.includes('Amount'));
  });

  it('says nothing outside a Custom request', () => {
    const { text, offset, connector, root } = at(shopConnector([customRequest('read', 'Orders')]).replace('"name": "Test"', '"name": "T|est"'));
    assert.equal(metadataCompletions(FIXTURE_SERVICE, connector, root, text, offset), undefined);
  });
});

describe('hover from the metadata', () => {
  it('shows an entity set with its type, key and restrictions', () => {
    assert.match(hover(request('read', "Docu|ments('D')")), /entity set of Document · key DocNo \(Edm.String\)[\s\S]*no create · no update · no delete/);
    assert.match(hover(request('read', "Ord|ers('A')")), /needs If-Match/);
  });

  it('shows a property with its type, key, nullability, description and what the service does with it', () => {
    assert.match(hover(request('read', "Orders(Order|No='A')")), /\*\*OrderNo\*\*: Edm.String · key · not nullable · immutable[\s\S]*The order number/);
    assert.match(hover(request('read', "Orders('A')/Sta|tus")), /Status \(Planned, Released, Closed\) · not nullable · default Planned/);
    assert.match(hover(request('read', 'Orders', '"query": { "$select": "Order|Date" }')), /computed by the service/);
    assert.match(hover(request('create', 'Orders', '"body": "{ \\"Cust|omerNo\\": \\"C\\" }"')), /CustomerNo\*\*: Edm.String · not nullable/);
    assert.match(hover(request('read', "Orders('A')", '"responseStructure": { "Am|ount": 0 }')), /Amount\*\*: Edm.Decimal/);
  });

  it('shows an operation with its signature and how to call it', () => {
    assert.match(hover(request('action', "Orders('A')/Shop.Sales.Rel|ease")), /Action\*\* `Release\(Reason: Edm.String, Notify\?: Edm.Boolean\)`[\s\S]*POST/);
    assert.match(hover(request('function', 'TopOrd|ers(Count=1)')), /TopOrders\(Count: Edm.Int32\) → Collection\(Order\)/);
  });
});

describe('code actions from the metadata', () => {
  it('generates the response structure from the type, honouring $select and $expand', () => {
    const text = request('read', 'Orders', '"query": { "$select": "OrderNo,Amount", "$expand": "Lines($select=PartNo)" }');
    const { connector } = lintText(text, WITH_METADATA);
    assert.ok(connector?.kind === 'odata');
    const fix = generateResponseStructureFix(FIXTURE_SERVICE, connector, connector.customRequests[0] as never, editableText(text));
    assert.ok(fix);
    const after = applyEdits(text, fix.edits);
    assert.match(after, /"responseStructure": \{ "value": \[\{ "OrderNo": "", "Amount": 0, "Lines": \[\{ "PartNo": "" \}\] \}\] \}/);
    assert.deepEqual(lintText(after, WITH_METADATA).findings.filter((f) => f.code === 'response-structure'), []);
  });

  it('generates the structure of the created entity for a create, and completes its members', () => {
    const text = request('create', 'Orders', '"query": { "$select": "OrderNo" }, "body": "{ \\"OrderNo\\": \\"{{no}}\\", \\"CustomerNo\\": \\"C1\\" }"');
    const { connector } = lintText(text, WITH_METADATA);
    assert.ok(connector?.kind === 'odata');
    const fix = generateResponseStructureFix(FIXTURE_SERVICE, connector, connector.customRequests[0] as never, editableText(text));
    assert.ok(fix);
    const after = applyEdits(text, fix.edits);
    assert.match(after, /"responseStructure": \{ "OrderNo": "" \}/);
    assert.deepEqual(lintText(after, WITH_METADATA).findings.filter((f) => f.code === 'response-structure'), []);
    assert.ok(complete(request('create', 'Orders', '"responseStructure": { | }')).labels.includes('Amount'));
  });

  it('adds the properties a create needs to its body, and writes a body when there is none', () => {
    for (const [extra, expected] of [
      ['"body": "{ \\"OrderNo\\": \\"{{no}}\\" }"', '"body": "{ \\"OrderNo\\": \\"{{no}}\\", \\"CustomerNo\\": \\"\\" }"'],
      ['', '"body": "{ \\"OrderNo\\": \\"\\", \\"CustomerNo\\": \\"\\" }"'],
    ] as const) {
      const text = request('create', 'Orders', extra);
      const { connector } = lintText(text);
      assert.ok(connector?.kind === 'odata');
      const fix = fillRequiredFix(FIXTURE_SERVICE, connector, connector.customRequests[0] as never, editableText(text));
      assert.ok(fix);
      const after = applyEdits(text, fix.edits);
      assert.ok(after.includes(expected), after);
      assert.deepEqual(lintText(after, WITH_METADATA).findings.filter((f) => f.code === 'missing-required-property'), []);
    }
  });
});
