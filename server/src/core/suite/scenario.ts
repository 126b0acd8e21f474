// Scenarios: a case of a tests file that is a workflow's calls in a row. Each step sends an operation; `capture`
// keeps parts of its result under names that later steps' values use as `{{name}}`. Read here, with where every
// part is written, so the checks before sending and the reports can point at it.
import type { Node } from 'jsonc-parser';
import type { Span } from '../findings';
import { variablePlaceholders } from '../placeholders';
import { readPagingFields, type PagingFields } from './pagingFields';
import { propertiesOf, spanOf, stringOffsets, valueOf } from '../tree';

/** The parts of a step's result a capture can point into. */
export const CAPTURE_ROOTS = ['status', 'headers', 'data', 'entityDescriptor'] as const;

/** The built-in placeholders, new at each occurrence. */
export const BUILT_INS = ['$uuid', '$timestamp', '$isoTimestamp', '$randomInt'] as const;

/** One capture: a name and the JSON Pointer into the step's result it takes its value from. */
export interface Capture {
  name: string;
  pointer: string;
  nameSpan: Span;
  /** The pointer's string. */
  span: Span;
}

/** A `{{name}}` in a step's values, where it is written in the tests file. */
export interface PlaceholderUse {
  name: string;
  span: Span;
  /** The property of `values` it is in. */
  valueName: string;
  /** The string is exactly this one placeholder (so the captured value goes in as it is, typed). */
  whole: boolean;
}

/** One step of a scenario; `paging` and `maxPagesSpan` as a case's. */
export interface TestStep extends PagingFields {
  index: number;
  /** The step's own name, or `step N (operation)`. */
  label: string;
  operationId: string;
  span: Span;
  operationSpan: Span;
  valuesNode?: Node;
  /** The `expect` object, when there is one (read by the caller, as a case's). */
  expectNode?: Node;
  captures: Capture[];
  placeholders: PlaceholderUse[];
  always: boolean;
}

/** A scenario: a named case with steps. */
export interface Scenario {
  index: number;
  name: string;
  span: Span;
  nameSpan: Span;
  steps: TestStep[];
}

/** The placeholders in every string below a values node, with their places in the text. */
function placeholderUses(text: string, valuesNode: Node | undefined): PlaceholderUse[] {
  const uses: PlaceholderUse[] = [];
  const visit = (node: Node, valueName: string, depth: number): void => {
    if (depth > 64) return;
    if (node.type === 'string' && typeof node.value === 'string') {
      const found = variablePlaceholders(node.value);
      const whole = found.length === 1 && found[0]?.index === 0 && found[0].length === node.value.length;
      const offsetOf = stringOffsets(text, node);
      for (const p of found) {
        const start = offsetOf(p.index);
        const end = offsetOf(p.index + p.length);
        uses.push({ name: p.name, span: { offset: start, length: end - start }, valueName, whole });
      }
      return;
    }
    for (const child of node.type === 'property' ? node.children?.slice(1) ?? [] : node.children ?? []) visit(child, valueName, depth + 1);
  };
  for (const entry of propertiesOf(valuesNode)) if (entry.valueNode) visit(entry.valueNode, entry.key, 0);
  return uses;
}

/** Reads the steps of a case node that has `steps`; steps without an operation are left to the schema's messages. */
export function readScenario(text: string, node: Node, index: number): Scenario | undefined {
  const name = valueOf(node, 'name');
  const list = valueOf(node, 'steps');
  if (typeof name?.value !== 'string' || list?.type !== 'array') return undefined;
  const steps: TestStep[] = [];
  for (const [stepIndex, stepNode] of (list.children ?? []).entries()) {
    if (stepNode.type !== 'object') continue;
    const operation = valueOf(stepNode, 'operation');
    if (typeof operation?.value !== 'string') continue;
    const stepName = valueOf(stepNode, 'name');
    const values = valueOf(stepNode, 'values');
    const expect = valueOf(stepNode, 'expect');
    const captures: Capture[] = [];
    for (const entry of propertiesOf(valueOf(stepNode, 'capture'))) {
      if (entry.valueNode?.type === 'string') captures.push({ name: entry.key, pointer: entry.valueNode.value as string, nameSpan: spanOf(entry.keyNode), span: spanOf(entry.valueNode) });
    }
    const valuesNode = values?.type === 'object' ? values : undefined;
    steps.push({
      index: stepIndex,
      label: typeof stepName?.value === 'string' && stepName.value.trim() ? stepName.value : `step ${stepIndex + 1} (${operation.value})`,
      operationId: operation.value,
      span: spanOf(stepNode),
      operationSpan: spanOf(operation),
      ...(valuesNode ? { valuesNode } : {}),
      ...(expect?.type === 'object' ? { expectNode: expect } : {}),
      captures,
      placeholders: placeholderUses(text, valuesNode),
      always: valueOf(stepNode, 'always')?.value === true,
      ...readPagingFields(stepNode),
    });
  }
  return { index, name: name.value, span: spanOf(node), nameSpan: spanOf(name), steps };
}

/** A JSON Pointer's reference tokens (RFC 6901), or a message saying why it is no pointer. */
export function pointerTokens(pointer: string): { ok: true; tokens: string[] } | { ok: false; message: string } {
  if (pointer === '') return { ok: false, message: 'The pointer "" is the whole result; start it with /status, /headers, /data or /entityDescriptor.' };
  if (!pointer.startsWith('/')) return { ok: false, message: `'${pointer}' is no JSON Pointer: it starts with '/', e.g. "/data/OrderNo".` };
  const raw = pointer.slice(1).split('/');
  if (raw.some((t) => /~(?![01])/.test(t))) return { ok: false, message: `'${pointer}' has a '~' that is neither ~0 (for ~) nor ~1 (for /).` };
  return { ok: true, tokens: raw.map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~')) };
}
