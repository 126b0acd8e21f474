import type { Node } from 'jsonc-parser';
import { closeMatches } from '../closeMatches';
import { duplicateKeyFindings } from '../duplicateKeys';
import type { Finding } from '../findings';
import type { Connector } from '../model';
import { parseDocument } from '../parse';
import { jsonOf, propertiesOf } from '../tree';
import { describeInputs, listOperations } from './inputs';
import type { SuppliedValues } from './types';
import { checkSuppliedValue } from './valueCheck';

/** Codes of findings in a values file (`NAME.values.json`). */
export const VALUES_FILE_CODES = ['values-not-an-object', 'values-unknown-operation', 'values-unknown-name', 'values-wrong-type'] as const;

function finding(code: (typeof VALUES_FILE_CODES)[number], node: Node, message: string): Finding {
  return { code, severity: 'error', message, offset: node.offset, length: node.length };
}

function suggestion(name: string, known: readonly string[]): string {
  const close = closeMatches(name, known, 1)[0];
  return close ? ` Did you mean '${close}'?` : known.length ? ` Known: ${known.map((k) => `'${k}'`).join(', ')}.` : '';
}

/** Checks a values file against its connector: unknown operations and names, wrong types, unknown option ids. */
export function checkValuesFile(text: string, connector: Connector): Finding[] {
  const parsed = parseDocument(text);
  const findings: Finding[] = [...parsed.syntaxFindings, ...duplicateKeyFindings(text, parsed.root)];
  const root = parsed.root;
  if (!root) return findings;
  if (root.type !== 'object') return [...findings, finding('values-not-an-object', root, 'A values file is an object: { "<operation id>": { "<name>": <value>, ... } }.')];
  const operationIds = listOperations(connector).map((o) => o.id);
  for (const { key, keyNode, valueNode } of propertiesOf(root)) {
    const inputs = describeInputs(connector, key);
    if (!inputs) {
      findings.push(finding('values-unknown-operation', keyNode, `The connector has no operation '${key}'.${suggestion(key, operationIds)}`));
      continue;
    }
    if (!valueNode) continue;
    if (valueNode.type !== 'object') {
      findings.push(finding('values-not-an-object', valueNode, `The values of '${key}' are an object: { "<name>": <value>, ... }.`));
      continue;
    }
    const names = inputs.map((i) => i.name);
    for (const entry of propertiesOf(valueNode)) {
      const input = inputs.find((i) => i.name === entry.key);
      if (!input) {
        findings.push(finding('values-unknown-name', entry.keyNode, `'${key}' has no input '${entry.key}'.${suggestion(entry.key, names)}`));
        continue;
      }
      if (!entry.valueNode) continue;
      const problem = checkSuppliedValue(input, jsonOf(entry.valueNode));
      if (problem) findings.push(finding('values-wrong-type', entry.valueNode, `'${entry.key}' ${problem}.`));
    }
  }
  return findings;
}

/** The values a values file holds for one operation (empty when it has none); read only after checking. */
export function valuesFor(text: string, operationId: string): SuppliedValues {
  const root = parseDocument(text).root;
  const entry = propertiesOf(root?.type === 'object' ? root : undefined).find((p) => p.key === operationId);
  const value = entry?.valueNode ? jsonOf(entry.valueNode) : undefined;
  return value && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
}
