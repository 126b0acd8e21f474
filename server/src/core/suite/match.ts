// Whether an answer is what a case expects. Each failure says what was expected, what came, and where in the
// tests file the expectation is written, so a report, a JUnit file and the editor can all point at it.
import type { Node } from 'jsonc-parser';
import type { Span } from '../findings';
import type { ConnectorResult } from '../http/types';
import { propertiesOf, spanOf } from '../tree';
import { exactOfNode, isJsonObject, JsonNumber, numberText, stringifyExact, type ExactJson } from '../values/exactJson';
import { compareDecimals } from '../values/numbers';
import type { Expectation } from './testsFile';

/** One unmet expectation. `expected` and `actual` are JSON texts (pretty-printed), for diffs. */
export interface Failure {
  kind: 'status' | 'header' | 'data' | 'time' | 'response' | 'capture';
  /** Where in the answer: `status`, `headers.content-type`, `data.value[0].Status`, `time`. */
  path: string;
  message: string;
  expected?: string;
  actual?: string;
  /** The expectation in the tests file. */
  at?: Span;
}

/** A path step: `.name`, `["odd name"]` or `[3]`. */
function step(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return /^[A-Za-z_$@][\w$@.-]*$/.test(key) && !key.includes('..') ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function typeName(value: ExactJson | undefined): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof JsonNumber) return 'a number';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** The answer's part as JSON text, its numbers with the service's digits. */
function pretty(value: ExactJson | undefined): string {
  return value === undefined ? '(missing)' : stringifyExact(value, 2);
}

/** The expectation's JSON text as written (its numbers keep their digits). */
function written(node: Node, text: string): string {
  return node.type === 'object' || node.type === 'array' ? stringifyExact(exactOfNode(node, text), 2) : text.slice(node.offset, node.offset + node.length);
}

function scalarMatches(node: Node, text: string, actual: ExactJson): boolean {
  switch (node.type) {
    case 'null': return actual === null;
    case 'boolean':
    case 'string': return actual === node.value;
    case 'number': {
      if (typeof actual !== 'number' && !(actual instanceof JsonNumber)) return false;
      // Both as their decimal texts, compared by value: 1.0 is 1, and 9007199254740993 is not 9007199254740992.
      return compareDecimals(text.slice(node.offset, node.offset + node.length), numberText(actual)) === 0;
    }
    default: return false;
  }
}

/** Partial matching: listed properties and array elements must match; more in the answer is fine. */
export function matchData(node: Node, text: string, actual: ExactJson | undefined, path: string, out: Failure[], depth = 0): void {
  const fail = (message: string, actualValue: ExactJson | undefined): void => {
    out.push({ kind: 'data', path, message, expected: written(node, text), actual: pretty(actualValue), at: spanOf(node) });
  };
  if (depth > 256) return;
  if (node.type === 'object') {
    if (!isJsonObject(actual)) return fail(`${path}: expected an object, got ${typeName(actual)}`, actual);
    for (const entry of propertiesOf(node)) {
      if (!entry.valueNode) continue;
      const childPath = step(path, entry.key);
      if (!Object.prototype.hasOwnProperty.call(actual, entry.key)) {
        out.push({ kind: 'data', path: childPath, message: `${childPath}: missing`, expected: written(entry.valueNode, text), actual: '(missing)', at: spanOf(entry.property) });
        continue;
      }
      matchData(entry.valueNode, text, actual[entry.key], childPath, out, depth + 1);
    }
    return;
  }
  if (node.type === 'array') {
    if (!Array.isArray(actual)) return fail(`${path}: expected an array, got ${typeName(actual)}`, actual);
    for (const [index, element] of (node.children ?? []).entries()) {
      const childPath = step(path, index);
      if (index >= actual.length) {
        out.push({ kind: 'data', path: childPath, message: `${childPath}: missing (the answer has ${actual.length} element${actual.length === 1 ? '' : 's'})`, expected: written(element, text), actual: '(missing)', at: spanOf(element) });
        continue;
      }
      matchData(element, text, actual[index], childPath, out, depth + 1);
    }
    return;
  }
  if (actual === undefined || !scalarMatches(node, text, actual)) fail(`${path}: expected ${written(node, text)}, got ${actual === undefined ? 'nothing' : stringifyExact(actual)}`, actual);
}

/** Response headers by lower-case name. */
function headerIndex(headers: Readonly<Record<string, string>>): Map<string, string> {
  return new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** Every unmet expectation of a case, for an answer (the result a workflow receives, and every response header). */
export function checkExpectation(expect: Expectation, text: string, result: ConnectorResult, responseHeaders: Readonly<Record<string, string>>): Failure[] {
  const failures: Failure[] = [];
  if (result.status === 0) {
    return [{ kind: 'response', path: 'response', message: `no response: ${result.errors.join(' ')}`, at: expect.span }];
  }
  if (result.pages !== undefined && result.errors.length > 0 && result.status >= 200 && result.status < 300) {
    // Each page answered, but not all of them were read: the joined rows are not the list the case asked for.
    return [{ kind: 'response', path: 'pages', message: `not every page was read (${result.pages} read): ${result.errors.join(' ')}`, at: expect.span }];
  }
  if (expect.status && expect.status.value !== result.status) {
    const reason = result.errors.length ? ` (${result.errors.join(' ')})` : '';
    failures.push({ kind: 'status', path: 'status', message: `status: expected ${expect.status.value}, got ${result.status}${reason}`, expected: String(expect.status.value), actual: String(result.status), at: expect.status.span });
  }
  const headers = headerIndex(responseHeaders);
  for (const header of expect.headers) {
    const actual = headers.get(header.name.toLowerCase());
    const path = `headers.${header.name.toLowerCase()}`;
    if (header.value === true && actual === undefined) failures.push({ kind: 'header', path, message: `${path}: expected the header, it is not there`, expected: '(present)', actual: '(missing)', at: header.span });
    else if (header.value === false && actual !== undefined) failures.push({ kind: 'header', path, message: `${path}: expected no such header, got ${JSON.stringify(actual)}`, expected: '(absent)', actual: JSON.stringify(actual), at: header.span });
    else if (typeof header.value === 'string' && actual?.trim() !== header.value.trim()) {
      failures.push({ kind: 'header', path, message: `${path}: expected ${JSON.stringify(header.value)}, got ${actual === undefined ? 'no such header' : JSON.stringify(actual)}`, expected: JSON.stringify(header.value), actual: actual === undefined ? '(missing)' : JSON.stringify(actual), at: header.span });
    }
  }
  if (expect.data) matchData(expect.data, text, result.data, 'data', failures);
  if (expect.maxMs && result.timing.totalMs > expect.maxMs.value) {
    failures.push({ kind: 'time', path: 'time', message: `time: expected at most ${expect.maxMs.value} ms, took ${Math.round(result.timing.totalMs)} ms`, expected: `${expect.maxMs.value} ms`, actual: `${Math.round(result.timing.totalMs)} ms`, at: expect.maxMs.span });
  }
  return failures;
}
