// "Save as expectation": a real answer becomes a case of NAME.tests.json, written into the file with its comments
// and layout kept (or into a new file).
import { editableText, setExactValueEdits } from '../edits';
import type { TextEdit } from '../findings';
import { parseDocument } from '../parse';
import type { SuppliedValues } from '../request/types';
import { propertiesOf, valueOf } from '../tree';
import { stringifyExact, type ExactJson } from '../values/exactJson';

/** What a new case holds: the operation, the values it was sent with, and the answer's status and data (numbers as the service wrote them). */
export interface NewCase {
  operationId: string;
  values: SuppliedValues;
  status: number;
  data?: ExactJson;
}

/** A name no case of the file has yet: `getPet answers 200`, then `getPet answers 200 (2)`, ... */
export function freshCaseName(text: string | undefined, base: string): string {
  const root = text === undefined ? undefined : parseDocument(text).root;
  const names = new Set((valueOf(root, 'cases')?.children ?? []).map((c) => valueOf(c, 'name')?.value).filter((n): n is string => typeof n === 'string'));
  if (!names.has(base)) return base;
  let n = 2;
  while (names.has(`${base} (${n})`)) n++;
  return `${base} (${n})`;
}

/** The case as JSON: values and data keep every digit when written. */
function caseValue(name: string, added: NewCase): ExactJson {
  return {
    name,
    operation: added.operationId,
    ...(Object.keys(added.values).length ? { values: added.values as { [key: string]: ExactJson } } : {}),
    expect: { status: added.status, ...(added.data !== undefined ? { data: added.data } : {}) },
  };
}

/**
 * Adds a case at the end of `cases`: edits to the existing text, or the whole text of a new tests file when there
 * is none (`text` undefined). The case's name is returned too, for showing it.
 */
export function addCase(text: string | undefined, added: NewCase): { name: string; edits?: TextEdit[]; newText?: string } | { problem: string } {
  const name = freshCaseName(text, `${added.operationId} answers ${added.status}`);
  const value = caseValue(name, added);
  if (text === undefined || text.trim() === '') return { name, newText: `${stringifyExact({ cases: [value] }, 2)}\n` };
  const root = parseDocument(text).root;
  if (root?.type !== 'object') return { problem: 'The tests file is not a JSON object; fix it first.' };
  const cases = propertiesOf(root).find((p) => p.key === 'cases')?.valueNode;
  if (cases && cases.type !== 'array') return { problem: "The tests file's \"cases\" is not an array; fix it first." };
  const target = editableText(text);
  const edits = cases ? setExactValueEdits(target, ['cases', -1], value) : setExactValueEdits(target, ['cases'], [value]);
  const { eol } = target.formatting;
  return { name, edits: edits.map((e) => ({ ...e, content: e.content.replace(/\r?\n/g, eol) })) };
}
