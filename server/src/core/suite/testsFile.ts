// Expectations: `NAME.tests.json` beside `NAME.connector.json` lists cases, each an operation, its values and what
// the answer must be. Read once here for `connector test`, the editor's checks and the Testing view.
import type { ValidateFunction } from 'ajv';
import type { Node } from 'jsonc-parser';
import { duplicateKeyFindings } from '../duplicateKeys';
import { suggestionBudget } from '../closeMatches';
import { sortFindings, type Finding, type Span } from '../findings';
import type { Connector } from '../model';
import { parseDocument } from '../parse';
import { describeInputs, listOperations, type BodyTexts } from '../request/inputs';
import type { SuppliedValues } from '../request/types';
import { mapSchemaErrors } from '../schema/mapErrors';
import { jsonOf, propertiesOf, spanOf, valueOf } from '../tree';
import { exactOfNode, type ExactJson } from '../values/exactJson';
import { checkOperationValues, suggestion } from '../request/valuesFile';
import { compiledTestsValidator } from './testsValidator';
import { maxPagesAloneFinding, readPagingFields, type PagingFields } from './pagingFields';
import { readScenario, type Scenario } from './scenario';
import { checkScenario, missingValueFindings } from './scenarioChecks';

/** `NAME.tests.json` for `NAME.connector.json`. */
export const TESTS_FILE_SUFFIX = '.tests.json';

/** What one case expects; each part keeps where it is written, so a failure points at it. */
export interface Expectation {
  status?: { value: number; span: Span };
  /** The partial JSON the data must match (its node: numbers are read with their own digits). */
  data?: Node;
  headers: { name: string; value: string | boolean; span: Span }[];
  maxMs?: { value: number; span: Span };
  /** The `expect` object itself. */
  span: Span;
}

/** One case of a tests file. */
/** One case; `paging` and `maxPagesSpan` from its `allPages` and `maxPages`. */
export interface TestCase extends PagingFields {
  index: number;
  name: string;
  operationId: string;
  /** The whole case object, and its name's string. */
  span: Span;
  nameSpan: Span;
  operationSpan: Span;
  valuesNode?: Node;
  expect: Expectation;
}

/** A tests file as read: its cases (those with a name, an operation and an expectation) and its own problems. */
export interface TestsFile {
  text: string;
  cases: TestCase[];
  /** The cases with `steps`, each with its index among all cases (so cases and scenarios run in file order). */
  scenarios: Scenario[];
  /** Syntax and shape; the connector-dependent checks are `checkTestsFile`'s. */
  findings: Finding[];
}

let validator: ValidateFunction | undefined;

/** The tests file schema's validator, made when the first tests file is read and kept. */
function testsValidator(): ValidateFunction {
  validator ??= compiledTestsValidator();
  return validator;
}

function finding(code: string, span: Span, message: string, severity: Finding['severity'] = 'error'): Finding {
  return { code, severity, message, offset: span.offset, length: span.length };
}

/** What an `expect` object asks for, each part with its place. */
export function readExpectation(node: Node): Expectation {
  const expectation: Expectation = { headers: [], span: spanOf(node) };
  const status = valueOf(node, 'status');
  if (status?.type === 'number' && Number.isInteger(status.value)) expectation.status = { value: status.value as number, span: spanOf(status) };
  const data = valueOf(node, 'data');
  if (data) expectation.data = data;
  const maxMs = valueOf(node, 'maxMs');
  if (maxMs?.type === 'number' && (maxMs.value as number) > 0) expectation.maxMs = { value: maxMs.value as number, span: spanOf(maxMs) };
  for (const entry of propertiesOf(valueOf(node, 'headers'))) {
    const value = entry.valueNode?.value;
    if (entry.valueNode && (typeof value === 'string' || typeof value === 'boolean')) expectation.headers.push({ name: entry.key, value, span: spanOf(entry.valueNode) });
  }
  return expectation;
}

/** Reads a tests file's text: syntax, duplicate keys and shape; every problem is a finding (never a throw). */
export function readTestsFile(text: string): TestsFile {
  const parsed = parseDocument(text);
  const findings: Finding[] = [...parsed.syntaxFindings, ...duplicateKeyFindings(text, parsed.root)];
  const cases: TestCase[] = [];
  const scenarios: Scenario[] = [];
  const root = parsed.root;
  if (!root) return { text, cases, scenarios, findings };
  if (root.type !== 'object') {
    findings.push(finding('wrong-type', { offset: root.offset, length: Math.min(root.length, 1) }, 'A tests file holds one object: { "cases": [ { "name": ..., "operation": ..., "values": { ... }, "expect": { ... } } ] }.'));
    return { text, cases, scenarios, findings };
  }
  const validate = testsValidator();
  if (!validate(jsonOf(root))) findings.push(...mapSchemaErrors(validate.errors ?? [], text, root, parsed.syntaxFindings.map((f) => f.offset)));
  const list = valueOf(root, 'cases');
  for (const [index, node] of (list?.type === 'array' ? list.children ?? [] : []).entries()) {
    if (node.type !== 'object') continue;
    if (valueOf(node, 'steps')) {
      const scenario = readScenario(text, node, index);
      if (scenario) scenarios.push(scenario);
      continue;
    }
    const name = valueOf(node, 'name');
    const operation = valueOf(node, 'operation');
    const expect = valueOf(node, 'expect');
    const values = valueOf(node, 'values');
    if (typeof name?.value !== 'string' || typeof operation?.value !== 'string' || expect?.type !== 'object') continue;
    cases.push({
      index,
      name: name.value,
      operationId: operation.value,
      span: spanOf(node),
      nameSpan: spanOf(name),
      operationSpan: spanOf(operation),
      ...(values?.type === 'object' ? { valuesNode: values } : {}),
      expect: readExpectation(expect),
      ...readPagingFields(node),
    });
  }
  sortFindings(findings);
  return { text, cases, scenarios, findings };
}

/** The values a case sends, numbers with their own digits. */
export function caseValues(file: TestsFile, testCase: TestCase): SuppliedValues {
  const out: Record<string, ExactJson> = {};
  for (const entry of propertiesOf(testCase.valuesNode)) if (entry.valueNode) out[entry.key] = exactOfNode(entry.valueNode, file.text);
  return out;
}

/**
 * Checks a tests file against its connector: shape, unknown operations, values that are unknown or do not fit
 * (the values module's judge, as for values files), required values no case gives, and names used twice.
 */
export function checkTestsFile(file: TestsFile, connector: Connector | undefined, bodyTexts?: BodyTexts): Finding[] {
  const findings = [...file.findings];
  const seen = new Map<string, TestCase>();
  const scenarioNames = new Set<string>();
  // The ids an unknown operation is compared with, listed once; one budget for the whole file's suggestions.
  let known: string[] | undefined;
  const budget = suggestionBudget();
  for (const testCase of file.cases) {
    const first = seen.get(testCase.name);
    if (first) findings.push(finding('tests-duplicate-name', testCase.nameSpan, `Another case is already named '${testCase.name}'; reports and the Testing view tell cases apart by name. Rename one.`, 'warning'));
    else seen.set(testCase.name, testCase);
    if (testCase.expect.status === undefined && testCase.expect.data === undefined && testCase.expect.headers.length === 0 && testCase.expect.maxMs === undefined) {
      findings.push(finding('tests-nothing-expected', testCase.expect.span, `Case '${testCase.name}' expects nothing, so it always passes. Add "status", "data", "headers" or "maxMs".`, 'warning'));
    }
    findings.push(...maxPagesAloneFinding(`Case '${testCase.name}'`, testCase));
    if (!connector || connector.kind === undefined) continue;
    const inputs = describeInputs(connector, testCase.operationId, bodyTexts);
    if (!inputs) {
      known ??= listOperations(connector).map((o) => o.id);
      findings.push(finding('tests-unknown-operation', testCase.operationSpan, `The connector has no operation '${testCase.operationId}'.${suggestion(testCase.operationId, known, budget)}`));
      continue;
    }
    if (testCase.valuesNode) findings.push(...checkOperationValues(file.text, testCase.operationId, inputs, testCase.valuesNode, budget));
    findings.push(...missingValueFindings(`Case '${testCase.name}'`, testCase.operationId, inputs, testCase.valuesNode, testCase.operationSpan));
  }
  for (const scenario of file.scenarios) {
    const first = seen.get(scenario.name);
    if (first || scenarioNames.has(scenario.name)) findings.push(finding('tests-duplicate-name', scenario.nameSpan, `Another case is already named '${scenario.name}'; reports and the Testing view tell cases apart by name. Rename one.`, 'warning'));
    scenarioNames.add(scenario.name);
    findings.push(...checkScenario(file.text, scenario, connector, bodyTexts, budget));
  }
  sortFindings(findings);
  return findings;
}
