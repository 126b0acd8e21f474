import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { applyEdits } from '../../../server/src/core/edits';
import type { Finding } from '../../../server/src/core/findings';
import { editsOf } from '../../support/fixes';
import { lintText } from '../../../server/src/core/lint';
import { CONNECTOR_SCHEMA } from '../../../server/src/core/schema/compile';
import {
  AUTH_SCHEMES, ITEM_TYPES, LOCATIONS, METADATA_LEVELS, METHODS, CUSTOM_REQUEST_OPERATIONS, PARAMETER_MODES, PARAMETER_TYPES, SEPARATIONS,
} from '../../../server/src/core/vocabulary';

/** Schema and syntax findings only (no semantic rules), as `code@text`. */
function schemaFindings(text: string): Finding[] {
  return lintText(text, {}, []).findings;
}
function at(text: string, f: Finding): string {
  return `${f.code}@${text.slice(f.offset, f.offset + f.length)}`;
}
function summary(text: string): string[] {
  return schemaFindings(text).map((f) => at(text, f));
}

const rest = (parameter: string, extra = ''): string => `{
  "kind": "rest", "name": "T", "baseUrl": "https://api.example.com"${extra},
  "operations": [{ "id": "op", "method": "GET", "path": "/x/{id}", "parameters": [
    { "name": "id", "location": "path", "type": "string" },
    ${parameter}
  ] }]
}`;
const P = '{ "name": "q", "location": "query", "type": "string" }';

describe('connector schema', () => {
  test('the valid examples have no schema findings', () => {
    for (const file of ['petstore.connector.json', 'ifs-orders.connector.json']) {
      const text = readFileSync(join(__dirname, '..', '..', '..', 'examples', file), 'utf8');
      assert.deepEqual(summary(text), [], file);
    }
  });

  test("the schema's enums are vocabulary.ts's lists (they cannot drift)", () => {
    const defs = (CONNECTOR_SCHEMA as { $defs: Record<string, { properties: Record<string, { enum?: unknown[] }> }> }).$defs;
    const enumOf = (def: string, property: string): unknown[] | undefined => defs[def]?.properties[property]?.enum;
    assert.deepEqual(enumOf('parameter', 'location'), [...LOCATIONS]);
    assert.deepEqual(enumOf('parameter', 'type'), [...PARAMETER_TYPES]);
    assert.deepEqual(enumOf('parameter', 'separation'), [...SEPARATIONS]);
    assert.deepEqual(enumOf('items', 'separation'), [...SEPARATIONS]);
    assert.deepEqual(enumOf('items', 'type'), [...ITEM_TYPES]);
    assert.deepEqual(enumOf('restOperation', 'method'), [...METHODS]);
    assert.deepEqual(enumOf('customRequest', 'operation'), [...CUSTOM_REQUEST_OPERATIONS]);
    assert.deepEqual(enumOf('customRequest', 'parameterMode'), [...PARAMETER_MODES]);
    assert.deepEqual(enumOf('customRequest', 'metadataLevel'), [...METADATA_LEVELS]);
    assert.deepEqual(enumOf('authorization', 'scheme'), [...AUTH_SCHEMES]);
  });

  test('a missing property is reported on its parent key, or the opening brace of an unnamed object', () => {
    const noBaseUrl = '{ "kind": "rest", "name": "T" }';
    assert.deepEqual(summary(noBaseUrl), ['missing-property@{']);
    const parameter = rest('{ "name": "q", "type": "string" }');
    const findings = schemaFindings(parameter);
    assert.deepEqual(findings.map((f) => at(parameter, f)), ['missing-property@{']);
    assert.equal(findings[0]?.offset, parameter.indexOf('{ "name": "q"'));
    assert.match(findings[0]?.message ?? '', /Parameter 'q' needs 'location' \(one of 'path', 'query'/);
    const auth = '{ "kind": "rest", "name": "T", "baseUrl": "https://a.b", "authorization": { "scheme": "apiKey", "in": "header", "secret": "k" } }';
    assert.deepEqual(summary(auth), ['missing-property@"authorization"']);
  });

  test('an unknown property is reported on its key, with a rename fix to the closest name', () => {
    const text = rest('{ "name": "q", "location": "query", "type": "string", "requried": true }');
    const [finding] = schemaFindings(text);
    assert.equal(finding && at(text, finding), 'unknown-property@"requried"');
    assert.match(finding?.message ?? '', /Did you mean 'required'\?/);
    const fixed = applyEdits(text, editsOf(text, finding?.fixes?.[0]));
    assert.deepEqual(summary(fixed), []);
    assert.ok(fixed.includes('"required": true'));
  });

  test('a property of the other kind is reported on its key and removed by the fix', () => {
    const text = rest(P, ',\n  "connectorVersion": "2.1.17"');
    const [finding] = schemaFindings(text);
    assert.equal(finding && at(text, finding), 'property-not-for-kind@"connectorVersion"');
    assert.match(finding?.message ?? '', /belongs to OData connectors/);
    assert.deepEqual(summary(applyEdits(text, editsOf(text, finding?.fixes?.[0]))), []);
    const odata = '{ "kind": "odata", "name": "T", "baseUrl": "https://a.b", "operations": [] }';
    assert.deepEqual(summary(odata), ['property-not-for-kind@"operations"']);
  });

  for (const [written, canonical, parameter] of [
    ['Query', 'query', '{ "name": "q", "location": "Query", "type": "string" }'],
    ['Csv', 'csv', '{ "name": "q", "location": "query", "type": "array", "items": { "type": "string" }, "separation": "Csv" }'],
    ['FileGallery', 'fileGallery', '{ "name": "q", "location": "form", "type": "FileGallery" }'],
    ['Computed parameter', 'computed', '{ "name": "q", "location": "query", "type": "Computed parameter", "template": "{{id}}" }'],
  ] as const) {
    test(`the UI spelling "${written}" is an invalid value with a preferred fix to "${canonical}"`, () => {
      const text = rest(parameter);
      const findings = schemaFindings(text);
      assert.deepEqual(findings.map((f) => at(text, f)), [`invalid-value@"${written}"`]);
      const fix = findings[0]?.fixes?.[0];
      assert.equal(fix?.preferred, true);
      assert.deepEqual(summary(applyEdits(text, editsOf(text, fix))), []);
    });
  }

  test('"Only path" is fixed to "onlyPath" in a Custom request', () => {
    const text = '{ "kind": "odata", "name": "T", "baseUrl": "https://a.b/odata", "connectorVersion": "2.1.17", "customRequests": [{ "id": "r", "operation": "read", "url": "X", "parameterMode": "Only path" }] }';
    const [finding] = schemaFindings(text);
    assert.equal(finding && at(text, finding), 'invalid-value@"Only path"');
    assert.deepEqual(summary(applyEdits(text, editsOf(text, finding?.fixes?.[0]))), []);
  });

  test('a typo that is not a UI spelling gets "did you mean" and a fix that is not preferred', () => {
    const text = rest('{ "name": "q", "location": "quary", "type": "string" }');
    const [finding] = schemaFindings(text);
    assert.match(finding?.message ?? '', /Did you mean 'query'\?/);
    assert.equal(finding?.fixes?.[0]?.preferred, undefined);
  });

  test('a wrong JSON type is one finding, with a fix for quoted booleans', () => {
    const text = rest('{ "name": "q", "location": "query", "type": "string", "required": "true" }');
    const findings = schemaFindings(text);
    assert.deepEqual(findings.map((f) => at(text, f)), ['wrong-type@"true"']);
    assert.match(findings[0]?.message ?? '', /'required' must be true or false, not a string/);
    assert.deepEqual(summary(applyEdits(text, editsOf(text, findings[0]?.fixes?.[0]))), []);
    // A number where a non-empty string belongs: the type, not the length as well.
    assert.deepEqual(summary(rest('{ "name": 5, "location": "query", "type": "string" }')), ['wrong-type@5']);
    assert.deepEqual(summary(rest('{ "name": "q", "location": 5, "type": "string" }')), ['invalid-value@5']);
  });

  test('a number JSON cannot hold, or a fraction where a whole number belongs, is named by its own digits', () => {
    const huge = rest('{ "name": "q", "location": "query", "type": "integer", "maximum": 1e400 }');
    const [beyond] = schemaFindings(huge);
    assert.deepEqual(schemaFindings(huge).map((f) => at(huge, f)), ['invalid-value@1e400']);
    assert.equal(beyond?.message, "'maximum' is 1e400, beyond the range of a 64-bit number. Write a number within it.");
    const negative = rest('{ "name": "q", "location": "query", "type": "number", "minimum": -1e400 }');
    assert.match(schemaFindings(negative)[0]?.message ?? '', /'minimum' is -1e400, beyond the range/);
    const fraction = rest('{ "name": "q", "location": "query", "type": "string", "maxLength": 2.5 }');
    assert.deepEqual(schemaFindings(fraction).map((f) => at(fraction, f)), ['wrong-type@2.5']);
    assert.equal(schemaFindings(fraction)[0]?.message, "'maxLength' must be a whole number, not 2.5.");
    const tooLong = rest('{ "name": "q", "location": "query", "type": "string", "maxLength": 1e400 }');
    assert.match(schemaFindings(tooLong)[0]?.message ?? '', /'maxLength' is 1e400, beyond the range of a 64-bit number/);
  });

  test('malformed base URLs, versions and patterns are invalid formats on the value', () => {
    assert.deepEqual(summary('{ "kind": "rest", "name": "T", "baseUrl": "api.example.com" }'), ['invalid-format@"api.example.com"']);
    assert.deepEqual(summary('{ "kind": "odata", "name": "T", "baseUrl": "https://a.b", "connectorVersion": "2.1" }'), ['invalid-format@"2.1"']);
    const pattern = rest('{ "name": "q", "location": "query", "type": "string", "pattern": "(" }');
    const findings = schemaFindings(pattern);
    assert.deepEqual(findings.map((f) => at(pattern, f)), ['invalid-format@"("']);
    assert.match(findings[0]?.message ?? '', /not a valid regular expression/);
  });

  test('a syntax error does not hide other problems, nor invent missing properties', () => {
    const text = `{
  "kind": "rest", "name": "T", "baseUrl": "https://a.b",
  "operations": [{ "id": "op", "method": "GET", "path": "/x" "parameters": [] }],
  "advanced": { "enforce": true }
}`;
    const codes = schemaFindings(text).map((f) => f.code);
    assert.ok(codes.includes('syntax-error'));
    assert.ok(codes.includes('unknown-property'), codes.join());
    assert.ok(!codes.includes('missing-property'), codes.join());
  });

  test('a file that is not an object says what a connector file holds', () => {
    assert.deepEqual(summary('[1]').map((s) => s.split('@')[0]), ['wrong-type']);
  });
});

test('20,000 unknown properties of one object, with syntax errors elsewhere: each reported on its key, the closest allowed name suggested', { timeout: 120_000 }, () => {
  const count = 20_000;
  const extras = Array.from({ length: count }, (_, i) => `"extra${i}": 1`).join(', ');
  // Each operation is cut off by a syntax error before its method and path.
  const broken = Array.from({ length: 2_000 }, (_, i) => `{ "id": "o${i}", @ }`).join(', ');
  const text = `{ "kind": "rest", "name": "T", "baseUrl": "https://a.example", ${extras}, "descripton": "d", "operations": [${broken}] }`;
  const findings = lintText(text).findings;
  const unknown = findings.filter((f) => f.code === 'unknown-property');
  assert.equal(unknown.length, count + 1);
  assert.equal(text.slice(unknown[count - 1]?.offset, (unknown[count - 1]?.offset ?? 0) + (unknown[count - 1]?.length ?? 0)), `"extra${count - 1}"`);
  assert.match(unknown[count]?.message ?? '', /^Unknown property 'descripton' in .*\. Did you mean 'description'\?$/);
  // What each operation lacks is cut off by its syntax error: not reported as missing.
  assert.equal(findings.filter((f) => f.code === 'missing-property').length, 0);
  assert.ok(findings.filter((f) => f.code.startsWith('syntax') || f.code.includes('json')).length >= 2_000, [...new Set(findings.map((f) => f.code))].join());
});
