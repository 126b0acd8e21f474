import { modify, type Node } from 'jsonc-parser';
import { appendElementsEdits, applyEdits, formattingFor, setValueEdits } from '../edits';
import { nestingTooDeep, parseJsonTree } from '../parse';
import { jsonOf, nodeAtPath, type JsonValue } from '../tree';
import { printConnectorJson } from './printConnector';

type JsonObject = { [key: string]: JsonValue };

/** Equal as JSON values (key order ignored). */
export function sameJson(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  const ao = a as JsonObject;
  const bo = b as JsonObject;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  return [...keys].every((k) => sameJson(ao[k], bo[k]));
}

/**
 * A connector file's text as an import brings it up to date: one edit at a time, each keeping the comments, layout
 * and everything else the user wrote; what is added is written as a connector file is written by hand.
 */
export class ConnectorText {
  private current: string;

  constructor(text: string) {
    this.current = text;
  }

  /** The text after every edit so far. */
  get text(): string {
    return this.current;
  }

  /** Why the file cannot be updated (nested deeper than any connector file is), or undefined. */
  nestingProblem(): string | undefined {
    const parsed = parseJsonTree(this.current, { allowTrailingComma: true });
    return parsed.tooDeep === undefined ? undefined : `The existing file cannot be updated: ${nestingTooDeep(this.current, parsed.tooDeep)}; connector files are not nested this deep.`;
  }

  /** The file's tree now (undefined when it is not JSON, or nested too deep to read). */
  tree(): Node | undefined {
    const parsed = parseJsonTree(this.current, { allowTrailingComma: true });
    return parsed.tooDeep === undefined ? parsed.root : undefined;
  }

  /** The file as JSON now; an empty object when its top level is not one. */
  json(): JsonObject {
    const root = this.tree();
    const value = root ? jsonOf(root) : undefined;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
  }

  /** Sets (or, with undefined, removes) the value at a path; `-1` as the last segment appends to an array. */
  set(path: (string | number)[], value: JsonValue | undefined): void {
    this.current = applyEdits(this.current, setValueEdits(this.current, path, value));
  }

  /** Adds a top-level property right after the first of `after` the file has (else at the end), keeping the rest as written. */
  insert(key: string, value: JsonValue, after: readonly string[]): void {
    this.current = applyEdits(this.current, modify(this.current, [key], value, {
      formattingOptions: formattingFor(this.current),
      getInsertionIndex: (properties) => {
        const index = after.map((p) => properties.indexOf(p)).find((i) => i >= 0);
        return index === undefined ? properties.length : index + 1;
      },
    }));
  }

  /** Appends items to the array under a top-level key (created when missing), each printed as a person would write it. */
  append(key: string, items: readonly JsonValue[]): void {
    if (items.length === 0) return;
    let array = nodeAtPath(this.tree(), [key]);
    if (array?.type !== 'array') {
      this.set([key], []);
      array = nodeAtPath(this.tree(), [key]);
    }
    if (array?.type !== 'array') return;
    const eol = formattingFor(this.current).eol ?? '\n';
    this.current = applyEdits(this.current, appendElementsEdits(this.current, array, items, (value, indent) => printConnectorJson(value, indent).replace(/\n/g, eol)));
  }
}
