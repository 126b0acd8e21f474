// The rules that look names up (parameters, path placeholders, headers, options) compare a few of them pairwise and
// look many up in a table: both ways must report exactly what the rule says, on either side of the switch.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { getLanguageService } from '../../../server/src/core';
import { PAIRWISE_MAX } from '../../../server/src/core/pairwise';
import { operation, restConnector } from '../../support/connectorText';

interface Parameter { name: string; location: string }

// Names that repeat, differ only in case, or hold nothing but a placeholder's braces would trim.
const NAME = fc.constantFrom('id', 'Id', 'ID', 'x', 'X-Trace', 'x-trace', 'a', 'b', 'é', 'É');
const PARAMETER = fc.record({ name: NAME, location: fc.constantFrom('query', 'header', 'path') });
// Lists from none to past the switch, so that both ways are taken.
const PARAMETERS = fc.array(PARAMETER, { maxLength: PAIRWISE_MAX * 2 + 4 });
const PLACEHOLDERS = fc.array(NAME, { maxLength: PAIRWISE_MAX * 2 + 4 });

/** The connector, each parameter on its own line (its findings are told by line), and the line of the path. */
function connectorOf(parameters: readonly Parameter[], placeholders: readonly string[]): string {
  const path = `/r${placeholders.map((name) => `/{${name}}`).join('')}`;
  return restConnector([operation('op', 'GET', path, parameters.map((p) => `{ "name": "${p.name}", "location": "${p.location}", "type": "string", "required": true }`))]);
}

/** The findings of one rule, as (line, message) of each, in order. */
function reported(text: string, code: string): { line: number; message: string }[] {
  return getLanguageService().check(text).result.findings
    .filter((f) => f.code === code)
    .map((f) => ({ line: text.slice(0, f.offset).split('\n').length, message: f.message }));
}

/** The line of parameter `i` in connectorOf's text. */
const parameterLine = (text: string, i: number): number => text.split('\n').findIndex((l) => l.includes('"location"')) + 1 + i;

test('duplicate-parameter reports each parameter whose name and location an earlier one has, header names without case', () => {
  fc.assert(fc.property(PARAMETERS, (parameters) => {
    const text = connectorOf(parameters, []);
    const expected = parameters.flatMap((p, i) => parameters.slice(0, i).some((q) => q.location === p.location
      && (q.name === p.name || (p.location === 'header' && q.name.toLowerCase() === p.name.toLowerCase()))) ? [parameterLine(text, i)] : []);
    assert.deepEqual(reported(text, 'duplicate-parameter').map((f) => f.line), expected);
  }), { numRuns: 300 });
});

test('path-parameter-not-in-path reports each path parameter the path has no placeholder for', () => {
  fc.assert(fc.property(PARAMETERS, PLACEHOLDERS, (parameters, placeholders) => {
    const text = connectorOf(parameters, placeholders);
    const expected = parameters.flatMap((p, i) => p.location === 'path' && !placeholders.includes(p.name) ? [parameterLine(text, i)] : []);
    assert.deepEqual(reported(text, 'path-parameter-not-in-path').map((f) => f.line), expected);
  }), { numRuns: 300 });
});

test('path-placeholder-without-parameter reports each placeholder no path parameter is named for, in path order', () => {
  fc.assert(fc.property(PARAMETERS, PLACEHOLDERS, (parameters, placeholders) => {
    const text = connectorOf(parameters, placeholders);
    const pathNames = new Set(parameters.filter((p) => p.location === 'path').map((p) => p.name));
    const expected = placeholders.filter((name) => !pathNames.has(name)).map((name) => `'{${name}}' in the path has no path parameter. Add a parameter '${name}' with location 'path'.`);
    assert.deepEqual(reported(text, 'path-placeholder-without-parameter').map((f) => f.message), expected);
  }), { numRuns: 300 });
});

// Header names: case variants of a few, each spelling once in `headers` (a spelling twice is a duplicate key).
const HEADER_NAMES = fc.uniqueArray(fc.tuple(fc.constantFrom('Accept', 'X-Trace', 'X-Id', 'Ümlaut', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'), fc.integer({ min: 0, max: 3 }))
  .map(([name, variant]) => [name, name.toLowerCase(), name.toUpperCase(), `${name}-${variant}`][variant] as string), { maxLength: PAIRWISE_MAX * 2 + 4 });

test('duplicate-header reports each fixed header named as an earlier one, and each header parameter named as a fixed header, without case', () => {
  fc.assert(fc.property(HEADER_NAMES, fc.array(NAME, { maxLength: 4 }), (headers, parameterNames) => {
    const headersJson = `{ ${headers.map((name) => `"${name}": "v"`).join(', ')} }`;
    const text = restConnector([operation('op', 'GET', '/r', parameterNames.map((name) => `{ "name": "${name}", "location": "header", "type": "string" }`), headersJson)]);
    const firstOf = (name: string, before: number): string | undefined => headers.slice(0, before).find((h) => h.toLowerCase() === name.toLowerCase());
    const expected = [
      ...headers.flatMap((name, i) => {
        const first = firstOf(name, i);
        return first === undefined ? [] : [`The header '${name}' is already set here as '${first}'; header names are compared without case. Keep one.`];
      }),
      ...parameterNames.flatMap((name) => {
        const fixed = firstOf(name, headers.length);
        return fixed === undefined ? [] : [`Header parameter '${name}' sets the same header as '${fixed}' in 'headers' (names are compared without case); only one can be sent. Remove one of them.`];
      }),
    ].sort();
    assert.deepEqual(reported(text, 'duplicate-header').map((f) => f.message).sort(), expected);
  }), { numRuns: 300 });
});

test('duplicate-option reports each option whose value an earlier one has, naming the first one\'s id', () => {
  const OPTIONS = fc.array(fc.oneof(fc.constantFrom('new', 'open', 'Open', 'done', 'é'), fc.constantFrom(1, true, null)), { maxLength: PAIRWISE_MAX * 2 + 4 });
  fc.assert(fc.property(OPTIONS, (options) => {
    const text = restConnector([operation('op', 'GET', '/r', [`{ "name": "status", "location": "query", "type": "string", "options": ${JSON.stringify(options)} }`])]);
    const expected = options.flatMap((value, index) => {
      const first = options.indexOf(value);
      return typeof value === 'string' && first < index ? [`Option '${value}' of 'status' is already c${first + 1}; as c${index + 1} it is a duplicate. Remove it (later options move up one id).`] : [];
    });
    assert.deepEqual(reported(text, 'duplicate-option').map((f) => f.message), expected);
  }), { numRuns: 300 });
});
