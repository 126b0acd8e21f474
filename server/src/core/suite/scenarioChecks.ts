// What is wrong with a scenario before anything is sent: an operation the connector lacks, a placeholder no earlier
// step captures, a capture pointing into a part the result cannot have, a value of the wrong type. The editor and
// `connector test` both show these, at the place in the tests file.
import type { Node } from 'jsonc-parser';
import { suggestionBudget, type SuggestionBudget } from '../closeMatches';
import type { Finding, Span } from '../findings';
import type { Connector, CustomRequest } from '../model';
import { describeInputs, inputsByName, listOperations, unitWithId, type BodyTexts, type InputDescription } from '../request/inputs';
import { checkOperationValues, suggestion } from '../request/valuesFile';
import { propertiesOf, spanOf } from '../tree';
import { checkValue } from '../values/check';
import type { ExactJson } from '../values/exactJson';
import { maxPagesAloneFinding } from './pagingFields';
import { BUILT_INS, CAPTURE_ROOTS, pointerTokens, type Capture, type Scenario, type TestStep } from './scenario';

function finding(code: string, span: Span, message: string, severity: Finding['severity'] = 'error'): Finding {
  return { code, severity, message, offset: span.offset, length: span.length };
}

/** A value of the kind a built-in gives, to judge it against an input's type before anything is sent. */
const BUILT_IN_SAMPLES: Record<(typeof BUILT_INS)[number], ExactJson> = {
  $uuid: '00000000-0000-4000-8000-000000000000',
  $timestamp: 1_700_000_000,
  $isoTimestamp: '2026-01-01T00:00:00.000Z',
  $randomInt: 1,
};

function isBuiltIn(name: string): name is (typeof BUILT_INS)[number] {
  return (BUILT_INS as readonly string[]).includes(name);
}

/** Required values a case or step gives none of (nor a default), at its `values` (or its operation when it has none). */
export function missingValueFindings(who: string, operationId: string, inputs: readonly InputDescription[], valuesNode: Node | undefined, operationSpan: Span): Finding[] {
  const given = new Set(propertiesOf(valuesNode).filter((p) => p.valueNode && p.valueNode.type !== 'null').map((p) => p.key));
  // A body-file variable is only known when the file was read; a variable counts as required like a path parameter.
  return inputs.filter((input) => input.required && !given.has(input.name) && (input.default === undefined || input.default === null)).map((input) => finding(
    'tests-missing-value', valuesNode ? spanOf(valuesNode) : operationSpan, `${who} gives no value for '${input.name}', which '${operationId}' needs. Add "${input.name}": ... to "values".`,
  ));
}

/** Whether the step's result can hold what a capture points at; a message saying why not, otherwise undefined. */
function impossiblePointer(capture: Capture, connector: Connector, operationId: string): string | undefined {
  const parsed = pointerTokens(capture.pointer);
  if (!parsed.ok) return parsed.message;
  const [root, ...rest] = parsed.tokens;
  if (!(CAPTURE_ROOTS as readonly string[]).includes(root ?? '')) {
    return `A step's result has ${CAPTURE_ROOTS.map((r) => `/${r}`).join(', ')}; '${capture.pointer}' starts with '/${root ?? ''}'.${suggestion(root ?? '', [...CAPTURE_ROOTS])}`;
  }
  if (root === 'status' && rest.length) return `'/status' is a number: '${capture.pointer}' cannot point inside it. Capture "/status".`;
  if (root === 'headers' && rest.length > 1) return `A header's value is a string: '${capture.pointer}' cannot point inside it. Capture "/headers/${rest[0] ?? ''}".`;
  if (root === 'headers' && rest[0] !== undefined && rest[0] !== rest[0].toLowerCase()) return `Header names in a result are lower-case: write '/headers/${rest[0].toLowerCase()}'.`;
  if (root === 'entityDescriptor') {
    const request = connector.kind === 'odata' ? (unitWithId(connector, operationId) as CustomRequest | undefined) : undefined;
    if (request?.operation?.value !== 'create' || request.includeEntityDescriptor?.value !== true) {
      return `'${operationId}' returns no entity descriptor: only an OData create with "includeEntityDescriptor": true does.`;
    }
  }
  return undefined;
}

/** Checks one step's values: unknown names and wrong types as for a case, placeholders judged by what fills them. */
function checkStepValues(text: string, step: TestStep, inputs: readonly InputDescription[], captured: ReadonlyMap<string, Capture>, budget: SuggestionBudget): Finding[] {
  if (!step.valuesNode) return [];
  // A string with a placeholder is only known when the step runs: its type is judged here by what fills it.
  const filledLater = new Set<number>();
  const withPlaceholders = new Set(step.placeholders.map((p) => p.valueName));
  for (const entry of propertiesOf(step.valuesNode)) {
    if (entry.valueNode && withPlaceholders.has(entry.key)) filledLater.add(entry.valueNode.offset);
  }
  const findings: Finding[] = checkOperationValues(text, step.operationId, inputs, step.valuesNode, budget).filter((f) => !(f.code === 'values-wrong-type' && filledLater.has(f.offset)));
  const byName = inputsByName(inputs);
  for (const use of step.placeholders.filter((p) => p.whole)) {
    const input = byName.get(use.valueName);
    const sample = isBuiltIn(use.name) ? BUILT_IN_SAMPLES[use.name] : captured.get(use.name)?.pointer === '/status' ? 200 : undefined;
    if (!input || sample === undefined) continue;
    const checked = checkValue(input, sample);
    if (!checked.ok) findings.push(finding('tests-step-wrong-type', use.span, `'${use.valueName}' gets {{${use.name}}}, which ${typeof sample === 'number' ? 'is a number' : 'is a string'}: '${use.valueName}' ${checked.message}.`));
  }
  return findings;
}

/** Every problem of a scenario that can be found before sending, each at its place in the tests file. */
export function checkScenario(text: string, scenario: Scenario, connector: Connector | undefined, bodyTexts?: BodyTexts, budget = suggestionBudget()): Finding[] {
  const findings: Finding[] = [];
  if (scenario.steps.length === 0) findings.push(finding('tests-empty-scenario', scenario.nameSpan, `Scenario '${scenario.name}' has no steps. Add { "operation": ..., "values": { ... } } to "steps".`, 'warning'));
  const captured = new Map<string, Capture>();
  // The last step capturing each name: a placeholder not yet captured is captured later when that step is this or after.
  const lastCapture = new Map<string, number>();
  for (const s of scenario.steps) for (const c of s.captures) lastCapture.set(c.name, Math.max(lastCapture.get(c.name) ?? -Infinity, s.index));
  // The names captured so far, in the order first captured (the map's keys, kept as a list rather than copied each time).
  const capturedNames: string[] = [];
  let operationIds: string[] | undefined;
  for (const step of scenario.steps) {
    for (const use of step.placeholders) {
      if (use.name === '') findings.push(finding('tests-unknown-placeholder', use.span, 'An empty placeholder {{}}: name a captured value or a built-in ({{$uuid}}, {{$timestamp}}, {{$isoTimestamp}}, {{$randomInt}}).'));
      else if (use.name.startsWith('$')) {
        if (!isBuiltIn(use.name)) findings.push(finding('tests-unknown-placeholder', use.span, `{{${use.name}}} is no built-in.${suggestion(use.name, [...BUILT_INS])} The built-ins are ${BUILT_INS.map((b) => `{{${b}}}`).join(', ')}.`));
      } else if (!captured.has(use.name)) {
        const later = (lastCapture.get(use.name) ?? -Infinity) >= step.index;
        findings.push(finding('tests-unknown-placeholder', use.span, later
          ? `{{${use.name}}} is captured only by this step or a later one; steps run in order. Move the capture to an earlier step.`
          : `No earlier step captures '${use.name}'.${suggestion(use.name, capturedNames, budget)} Add "capture": { "${use.name}": "/data/..." } to an earlier step.`));
      }
    }
    findings.push(...maxPagesAloneFinding(`Step '${step.label}'`, step));
    const inputs = connector && connector.kind !== undefined ? describeInputs(connector, step.operationId, bodyTexts) : undefined;
    if (connector && connector.kind !== undefined && !inputs) {
      operationIds ??= listOperations(connector).map((o) => o.id);
      findings.push(finding('tests-unknown-operation', step.operationSpan, `The connector has no operation '${step.operationId}'.${suggestion(step.operationId, operationIds, budget)}`));
    }
    if (connector && inputs) {
      findings.push(...checkStepValues(text, step, inputs, captured, budget));
      findings.push(...missingValueFindings(`Step '${step.label}'`, step.operationId, inputs, step.valuesNode, step.operationSpan));
      for (const capture of step.captures) {
        const why = impossiblePointer(capture, connector, step.operationId);
        if (why) findings.push(finding('tests-impossible-capture', capture.span, why));
      }
    }
    for (const capture of step.captures) {
      if (capture.name.startsWith('$') || !/^[^{}]+$/.test(capture.name) || capture.name.trim() !== capture.name) {
        findings.push(finding('tests-capture-name', capture.nameSpan, `'${capture.name}' cannot be used as {{${capture.name}}}: a captured name has no braces, no surrounding spaces and does not start with '$' (built-ins do).`));
      }
      if (!captured.has(capture.name)) capturedNames.push(capture.name);
      captured.set(capture.name, capture);
    }
  }
  return findings;
}
