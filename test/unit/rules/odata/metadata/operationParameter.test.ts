import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintText } from '../../../../../server/src/core/lint';
import { operationParameter } from '../../../../../server/src/core/rules/odata/metadata/operationParameter';
import { customRequest, FIXTURE_XML, fixtureSource, readService, shopConnector, WITH_METADATA } from '../../../../support/metadataFixture';
import { ruleTable } from '../../../../support/ruleTable';

const body = (text: string): string => `"body": ${JSON.stringify(text)}`;

ruleTable(operationParameter, [
  { name: 'complete parameters pass', text: shopConnector([customRequest('function', 'TopOrders(Count=5)'), customRequest('function', 'TopOrders(Count=@n)'), customRequest('action', "Orders('A')/Shop.Sales.Release", body('{ "Reason": "{{reason}}", "Notify": true }'))]) },
  { name: 'a function parameter of the wrong type', text: shopConnector([customRequest('function', "TopOrders(Count='5')")]), expect: [{ at: "'5'", message: /whole number/ }] },
  { name: 'an unknown function parameter', text: shopConnector([customRequest('function', 'TopOrders(Cont=5)')]), expect: [{ at: '(Cont=5)', message: /needs 'Count'/ }, { at: 'Cont', message: /Did you mean 'Count'/ }] },
  { name: 'a function called without parentheses, fixed', text: shopConnector([customRequest('function', "Orders('A')/Shop.Sales.Total")]), expect: [{ at: 'Shop.Sales.Total', message: /called with parentheses/ }], fixed: shopConnector([customRequest('function', "Orders('A')/Shop.Sales.Total()")]) },
  { name: 'an action body without a required parameter and with an unknown one', text: shopConnector([customRequest('action', "Orders('A')/Shop.Sales.Release", body('{ "Reasn": "x" }'))]), expect: [{ at: '{ \\"Reasn\\": \\"x\\" }', message: /needs 'Reason'/ }, { at: '\\"Reasn\\"', message: /Did you mean 'Reason'/ }] },
  { name: 'an action parameter of the wrong type', text: shopConnector([customRequest('action', "Orders('A')/Shop.Sales.Release", body('{ "Reason": "x", "Notify": "yes" }'))]), expect: [{ at: '\\"yes\\"', message: /true or false/ }] },
], WITH_METADATA);

test('a call of a function of 8,000 parameters with 8,000 unknown ones: each reported, listing twenty parameters, suggestions within one budget', { timeout: 120_000 }, () => {
  const count = 8_000;
  const parameters = Array.from({ length: count }, (_, i) => `<Parameter Name="P${i}" Type="Edm.Int32" Nullable="false"/>`).join('');
  const xml = FIXTURE_XML
    .replace('<Function Name="Report">', `<Function Name="Wide">${parameters}<ReturnType Type="Edm.Int32"/></Function><Function Name="Report">`)
    .replace('<FunctionImport Name="Report"', '<FunctionImport Name="Wide" Function="S.Wide"/><FunctionImport Name="Report"');
  // Q<i> is one letter from P<i> and two or more from every other name.
  const url = `Wide(${Array.from({ length: count }, (_, i) => `Q${i}=1`).join(',')})`;
  const findings = lintText(shopConnector([customRequest('function', url)]), { metadata: fixtureSource(readService(xml)) }, [operationParameter]).findings;
  assert.equal(findings.length, count + 1);
  const listed = `Its parameters: ${Array.from({ length: 20 }, (_, i) => `P${i}`).join(', ')} and ${count - 20} more.`;
  const missing = `Function 'Wide' needs ${Array.from({ length: 20 }, (_, i) => `'P${i}' (Edm.Int32)`).join(', ')} and ${count - 20} more.`;
  assert.deepEqual(findings.filter((f) => f.message.startsWith("Function 'Wide' needs")).map((f) => f.message), [missing]);
  const unknown = findings.filter((f) => f.message.includes('has no parameter'));
  assert.equal(unknown.length, count);
  assert.equal(unknown[0]?.message, `Function 'Wide' has no parameter 'Q0'. ${listed} Did you mean 'P0'?`);
  assert.equal(unknown[count - 1]?.message, `Function 'Wide' has no parameter 'Q${count - 1}'. ${listed}`);
});
