// A values file (`NAME.values.json`) checked against its connector's operations: each entry's problems, found with
// the values module's judge. Reading the values it holds is the values module's (values/read.ts).
import type { Node } from 'jsonc-parser';
import { firstAtLeast } from '../bisect';
import { closeMatches, listedNames, suggestionBudget, type SuggestionBudget } from '../closeMatches';
import { duplicateKeyFindings } from '../duplicateKeys';
import type { Finding } from '../findings';
import type { Connector } from '../model';
import { parseDocument } from '../parse';
import { propertiesOf } from '../tree';
import { checkValue } from '../values/check';
import { exactOfNode } from '../values/exactJson';
import { describeInputs, inputsByName, listOperations, type BodyTexts, type InputDescription } from './inputs';

/** Codes of findings in a values file (`NAME.values.json`). */
export const VALUES_FILE_CODES = ['values-not-an-object', 'values-unknown-operation', 'values-unknown-name', 'values-wrong-type'] as const;

/** A finding in a values file, with the operation whose entry it is in (none: it concerns the whole file). */
export interface ValuesFinding extends Finding {
  operationId?: string;
  /** The input the finding is about, when it is about one. */
  name?: string;
}

function finding(code: (typeof VALUES_FILE_CODES)[number], node: Node, message: string, operationId?: string, name?: string): ValuesFinding {
  return { code, severity: 'error', message, offset: node.offset, length: node.length, ...(operationId !== undefined ? { operationId } : {}), ...(name !== undefined ? { name } : {}) };
}

/** ` Did you mean 'x'?` or the known names, for a message about an unknown name (suggested within `budget`). */
export function suggestion(name: string, known: readonly string[], budget?: SuggestionBudget): string {
  const close = closeMatches(name, known, 1, budget)[0];
  return close ? ` Did you mean '${close}'?` : known.length ? ` Known: ${listedNames(known, (k) => `'${k}'`)}.` : '';
}

/** The entry of an object (its properties in file order) whose key or value holds an offset. */
function entryAround<E extends { keyNode: Node; valueNode?: Node }>(entries: readonly E[], offset: number): E | undefined {
  // The entries lie one after another: the last that starts at or before the offset is the only one that can hold it.
  const entry = entries[firstAtLeast(entries.length, (i) => (entries[i] as E).keyNode.offset, offset + 1) - 1];
  if (!entry) return undefined;
  const end = (entry.valueNode?.offset ?? entry.keyNode.offset) + (entry.valueNode?.length ?? entry.keyNode.length);
  return offset < end ? entry : undefined;
}

/**
 * Checks a values file against its connector: syntax, unknown operations and names, and every value with the
 * values module's judge. Each finding names the operation whose entry it is in, so sending one operation is
 * blocked only by its own entry. Body-file variables count as inputs when their files' texts are given.
 */
export function checkValuesFile(text: string, connector: Connector, bodyTexts?: BodyTexts): ValuesFinding[] {
  const parsed = parseDocument(text);
  const findings: ValuesFinding[] = [...parsed.syntaxFindings];
  const root = parsed.root;
  // A key written twice: JSON keeps one value, so the entry it is in (an operation's, or an operation twice) is ambiguous.
  const entries = root?.type === 'object' ? propertiesOf(root) : [];
  for (const duplicate of duplicateKeyFindings(text, root)) {
    const entry = entryAround(entries, duplicate.offset);
    findings.push({ ...duplicate, ...(entry ? { operationId: entry.key } : {}) });
  }
  if (!root) return findings;
  if (root.type !== 'object') return [...findings, finding('values-not-an-object', root, 'A values file is an object: { "<operation id>": { "<name>": <value>, ... } }.')];
  const operationIds = listOperations(connector).map((o) => o.id);
  // One budget for the whole file's suggestions: thousands of unknown names would each compare with thousands.
  const budget = suggestionBudget();
  for (const { key, keyNode, valueNode } of propertiesOf(root)) {
    const inputs = describeInputs(connector, key, bodyTexts);
    if (!inputs) {
      findings.push(finding('values-unknown-operation', keyNode, `The connector has no operation '${key}'.${suggestion(key, operationIds, budget)}`, key));
      continue;
    }
    if (!valueNode) continue;
    if (valueNode.type !== 'object') {
      findings.push(finding('values-not-an-object', valueNode, `The values of '${key}' are an object: { "<name>": <value>, ... }.`, key));
      continue;
    }
    findings.push(...checkOperationValues(text, key, inputs, valueNode, budget));
  }
  return findings;
}

/**
 * Checks one operation's values (an object node in `text`) against its inputs: unknown names and values that do
 * not fit, with the values module's judge. Shared by values files and tests files.
 */
export function checkOperationValues(text: string, operationId: string, inputs: readonly InputDescription[], valueNode: Node, budget = suggestionBudget()): ValuesFinding[] {
  const findings: ValuesFinding[] = [];
  const names = inputs.map((i) => i.name);
  const byName = inputsByName(inputs);
  for (const entry of propertiesOf(valueNode)) {
    const input = byName.get(entry.key);
    if (!input) {
      findings.push(finding('values-unknown-name', entry.keyNode, `'${operationId}' has no input '${entry.key}'.${suggestion(entry.key, names, budget)}`, operationId, entry.key));
      continue;
    }
    if (!entry.valueNode || entry.valueNode.type === 'null') continue;
    const checked = checkValue(input, exactOfNode(entry.valueNode, text));
    if (!checked.ok) findings.push(finding('values-wrong-type', entry.valueNode, `'${entry.key}' ${checked.message}.`, operationId, entry.key));
  }
  return findings;
}
