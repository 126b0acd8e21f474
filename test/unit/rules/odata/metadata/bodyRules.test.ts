// The four body rules share one check; each has its own table.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintText } from '../../../../../server/src/core/lint';
import { bodyValueType } from '../../../../../server/src/core/rules/odata/metadata/bodyValueType';
import { operationParameter } from '../../../../../server/src/core/rules/odata/metadata/operationParameter';
import { missingRequiredProperty } from '../../../../../server/src/core/rules/odata/metadata/missingRequiredProperty';
import { readOnlyInBody } from '../../../../../server/src/core/rules/odata/metadata/readOnlyInBody';
import { unknownBodyProperty } from '../../../../../server/src/core/rules/odata/metadata/unknownBodyProperty';
import { customRequest, FIXTURE_XML, fixtureSource, readService, shopConnector, WITH_METADATA } from '../../../../support/metadataFixture';
import { ruleTable } from '../../../../support/ruleTable';

const send = (operation: string, url: string, body: string): string => shopConnector([customRequest(operation, url, `"headers": { "If-Match": "*" }, "body": ${JSON.stringify(body)}`)]);
const create = (body: string): string => send('create', 'Orders', body);
const update = (body: string): string => send('update', "Orders('A')", body);

ruleTable(unknownBodyProperty, [
  { name: 'known properties, navigation, binds and annotations pass', text: create('{ "OrderNo": "{{no}}", "CustomerNo": "C", "Address": { "City": "Oslo" }, "Lines": [{ "OrderNo": "A", "LineNo": 1 }], "Customer@odata.bind": "Customers(01234567-89ab-cdef-0123-456789abcdef)", "@odata.type": "#Shop.Sales.Order" }') },
  { name: 'a derived type named by @odata.type brings its properties', text: create('{ "@odata.type": "#Shop.Sales.SpecialOrder", "OrderNo": "A", "CustomerNo": "C", "Priority": 1 }') },
  { name: 'a misspelt property, fixed', text: create('{ "OrderNo": "A", "CustomerNo": "C", "Amout": 1 }'), expect: [{ at: '\\"Amout\\"', message: /Did you mean 'Amount'/ }], fixed: create('{ "OrderNo": "A", "CustomerNo": "C", "Amount": 1 }') },
  { name: 'an unknown member of a complex value', text: update('{ "Address": { "Town": "Oslo" } }'), expect: [{ at: '\\"Town\\"', message: /not a property of Address/ }] },
  { name: 'a bind of an unknown navigation property', text: update('{ "Client@odata.bind": "Customers(01234567-89ab-cdef-0123-456789abcdef)" }'), expect: [{ at: '\\"Client@odata.bind\\"', message: /not a navigation property/ }] },
], WITH_METADATA);

ruleTable(bodyValueType, [
  { name: 'values of each type pass; {{variables}} stand for any value', text: update('{ "Status": "Released", "Amount": "12.50", "Quantity": 3, "Due": "2026-11-30", "Ref": "01234567-89ab-cdef-0123-456789abcdef", "Urgent": {{urgent}}, "Tags": ["a"], "OrderDate": null }') },
  { name: 'a string for a number', text: update('{ "Quantity": "3" }'), expect: [{ at: '\\"3\\"', message: /a number \(Edm.Int32\)/ }] },
  { name: 'a quoted variable for a number', text: update('{ "Quantity": "{{qty}}" }'), expect: [{ at: '\\"{{qty}}\\"', message: /quotes around the variable/ }] },
  { name: 'an unknown enum member', text: update('{ "Status": "Open" }'), expect: [{ at: '\\"Open\\"', message: /one of 'Planned', 'Released', 'Closed'/ }] },
  { name: 'a date in the wrong form', text: update('{ "Due": "30.11.2026" }'), expect: [{ at: '\\"30.11.2026\\"', message: /date such as 2026-11-22/ }] },
  { name: 'null for a non-nullable property', text: update('{ "CustomerNo": null }'), expect: [{ at: 'null', message: /cannot be null/ }] },
  { name: 'an object where a collection is', text: update('{ "Tags": "a" }'), expect: [{ at: '\\"a\\"', message: /collection/ }] },
  { name: 'a number out of the Int32 range', text: update('{ "Quantity": 3000000000 }'), expect: [{ at: '3000000000', message: /-2147483648 to 2147483647/ }] },
], WITH_METADATA);

ruleTable(readOnlyInBody, [
  { name: 'settable properties pass', text: update('{ "Amount": 1 }') },
  { name: 'a computed property', text: update('{ "OrderDate": "2026-11-22T10:00:00Z" }'), expect: [{ at: '\\"OrderDate\\"', message: /Core.Computed/ }] },
  { name: 'a read-only property (Core.Permissions Read)', text: update('{ "ChangedBy": "me" }'), expect: [{ at: '\\"ChangedBy\\"', message: /read-only/ }] },
  { name: 'an immutable property in an update', text: update('{ "OrderNo": "B" }'), expect: [{ at: '\\"OrderNo\\"', message: /Core.Immutable/ }] },
  { name: 'an immutable property in a create passes', text: create('{ "OrderNo": "B", "CustomerNo": "C" }') },
], WITH_METADATA);

ruleTable(missingRequiredProperty, [
  { name: 'a create with every required property passes (defaults and computed keys need none)', text: shopConnector([customRequest('create', 'Orders', '"body": "{ \\"OrderNo\\": \\"A\\", \\"CustomerNo\\": \\"C\\" }"'), customRequest('create', 'Customers', '"body": "{ \\"Name\\": \\"N\\" }"')]) },
  { name: 'a create without a required property', text: create('{ "OrderNo": "A" }'), expect: [{ at: '{ \\"OrderNo\\": \\"A\\" }', message: /needs 'CustomerNo' \(Edm.String\)/ }] },
  { name: 'an update needs nothing', text: update('{ "Amount": 1 }') },
  { name: 'a body that is one variable is not judged', text: create('{{order}}') },
], WITH_METADATA);

// CAP's @mandatory: a nullable property that Common.FieldControl marks Mandatory, which CAP refuses to create without.
const MANDATORY = readService(FIXTURE_XML.replace('<Property Name="PartNo" Type="Edm.String"/>', '<Property Name="PartNo" Type="Edm.String"><Annotation Term="com.sap.vocabularies.Common.v1.FieldControl" EnumMember="com.sap.vocabularies.Common.v1.FieldControlType/Mandatory"/></Property>'));
const createLine = (body: string): string => shopConnector([customRequest('create', "Orders('A')/Lines", `"body": ${JSON.stringify(body)}`)]);

ruleTable(missingRequiredProperty, [
  { name: 'a property marked mandatory is given', text: createLine('{ "OrderNo": "A", "LineNo": 1, "PartNo": "P" }') },
  { name: 'a property marked mandatory is missing', text: createLine('{ "OrderNo": "A", "LineNo": 1 }'), expect: [{ at: '{ \\"OrderNo\\": \\"A\\", \\"LineNo\\": 1 }', message: /needs 'PartNo' \(Edm.String, mandatory\): it is marked mandatory/ }] },
], { metadata: fixtureSource(MANDATORY) });

test('a body of 8,000 unknown names for a type of 8,000 properties: each reported, suggestions within one budget per body', { timeout: 120_000 }, () => {
  const count = 8_000;
  const properties = Array.from({ length: count }, (_, i) => `<Property Name="Extra${i}" Type="Edm.String"/>`).join('');
  const options = { metadata: fixtureSource(readService(FIXTURE_XML.replace('<Property Name="Quantity" Type="Edm.Int32"/>', `<Property Name="Quantity" Type="Edm.Int32"/>${properties}`))) };
  const body = JSON.stringify({ OrderNo: 'A', CustomerNo: 'C', ...Object.fromEntries(Array.from({ length: count }, (_, i) => [`Extar${i}`, 'x'])) });
  const findings = lintText(create(body), options, [unknownBodyProperty]).findings.filter((f) => f.code === unknownBodyProperty.id);
  assert.equal(findings.length, count);
  assert.match(findings[0]?.message ?? '', /^'Extar0' is not a property of Order\. Did you mean 'Extra0'\?$/);
  assert.match(findings[count - 1]?.message ?? '', new RegExp(`^'Extar${count - 1}' is not a property of Order\\.`));
});

test('an action body of 8,000 unknown names for an action of 8,000 parameters: each reported, naming twenty parameters and how many more', { timeout: 120_000 }, () => {
  const count = 8_000;
  const parameters = Array.from({ length: count }, (_, i) => `<Parameter Name="Extra${i}" Type="Edm.String"/>`).join('');
  const options = { metadata: fixtureSource(readService(FIXTURE_XML.replace('<Parameter Name="Notify" Type="Edm.Boolean"/>', `<Parameter Name="Notify" Type="Edm.Boolean"/>${parameters}`))) };
  const body = JSON.stringify({ Reason: 'r', ...Object.fromEntries(Array.from({ length: count }, (_, i) => [`Extar${i}`, 'x'])) });
  const text = send('action', "Orders('A')/S.Release", body);
  const findings = lintText(text, options, [operationParameter]).findings.filter((f) => f.code === operationParameter.id);
  assert.equal(findings.length, count);
  assert.match(findings[count - 1]?.message ?? '', new RegExp(`^Action 'Release' has no parameter 'Extar${count - 1}'\\. Its parameters: Reason, Notify, Extra0, .*Extra17 and 7982 more\\.`));
});
