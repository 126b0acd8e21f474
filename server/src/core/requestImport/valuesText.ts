// The examples of an import in a values file (NAME.values.json): a new file, or an existing one with what is new
// added. An operation's entry the user has is theirs: only names it lacks are added, comments and values kept.
import { ConnectorText } from '../importing/connectorText';
import { printConnectorJson } from '../importing/printConnector';
import type { JsonValue } from '../tree';
import { isJsonObject, JsonNumber, stringifyExact, type ExactJson } from '../values/exactJson';

/** The values file's new text and what changed in it, or why it cannot be updated. */
export type ValuesUpdate = { ok: true; text: string; changes: string[] } | { ok: false; problem: string };

/** A value as plain JSON when every number in it reads back with its own digits; undefined when one would not. */
function plainWhereExact(value: ExactJson): JsonValue | undefined {
  if (value instanceof JsonNumber) return String(Number(value.text)) === value.text ? Number(value.text) : undefined;
  if (Array.isArray(value)) {
    const items = value.map(plainWhereExact);
    return items.every((i) => i !== undefined) ? (items as JsonValue[]) : undefined;
  }
  if (!isJsonObject(value)) return value as JsonValue;
  const out: { [key: string]: JsonValue } = {};
  for (const [key, member] of Object.entries(value)) {
    const plain = plainWhereExact(member);
    if (plain === undefined) return undefined;
    Object.defineProperty(out, key, { value: plain, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** A new values file, written as a connector file is written by hand; numbers that JSON would round keep their digits. */
function newValuesFile(examples: Readonly<Record<string, Record<string, ExactJson>>>): string {
  const entries = Object.entries(examples).map(([id, values]) => {
    const plain = plainWhereExact(values);
    const printed = plain !== undefined ? printConnectorJson(plain, '  ', `${JSON.stringify(id)}: `) : stringifyExact(values);
    return `  ${JSON.stringify(id)}: ${printed}`;
  });
  return `{\n${entries.join(',\n')}\n}\n`;
}

/** The values file with the examples of each operation added where it has none. */
export function valuesFileText(existing: string | undefined, examples: Readonly<Record<string, Record<string, ExactJson>>>): ValuesUpdate {
  if (existing === undefined || existing.trim() === '') return { ok: true, text: newValuesFile(examples), changes: Object.keys(examples).map((id) => `Values of '${id}' added.`) };
  const file = new ConnectorText(existing);
  const tooDeep = file.nestingProblem();
  if (tooDeep !== undefined) return { ok: false, problem: tooDeep.replace('existing file', 'values file') };
  if (file.tree()?.type !== 'object') return { ok: false, problem: 'The values file is not a JSON object; fix it or move it aside.' };
  const root = file.json();
  const changes: string[] = [];
  for (const [id, values] of Object.entries(examples)) {
    const entry = root[id];
    if (entry === undefined) {
      file.setExact([id], values);
      changes.push(`Values of '${id}' added.`);
      continue;
    }
    if (!isJsonObject(entry as ExactJson)) continue;
    const added = Object.keys(values).filter((name) => !Object.prototype.hasOwnProperty.call(entry, name));
    for (const name of added) file.setExact([id, name], values[name] as ExactJson);
    if (added.length > 0) changes.push(`Values of '${id}': ${added.map((n) => `'${n}'`).join(', ')} added (the values you have are kept).`);
  }
  const text = file.text;
  return { ok: true, text: text.endsWith('\n') ? text : `${text}\n`, changes };
}
