import { modify, type Node } from 'jsonc-parser';
import { appendElementsEdits, applyEdits, editableText, setExactValueEdits, setValueEdits, type EditableText } from '../edits';
import type { TextEdit } from '../findings';
import { nestingTooDeep, parseJsonTree } from '../parse';
import { jsonOf, nodeAtPath, type JsonValue } from '../tree';
import type { ExactJson } from '../values/exactJson';
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

/** Sets (or, with undefined, removes) the value at a path; `-1` as the last segment appends to an array. */
export type Setter = (path: (string | number)[], value: JsonValue | undefined) => void;

/** Changes made inside one element of an array, through a setter whose paths start at the element. */
export type ElementEdit = (set: Setter) => void;

/**
 * A connector file's text as an import brings it up to date: one edit at a time, each keeping the comments, layout
 * and everything else the user wrote; what is added is written as a connector file is written by hand.
 */
export class ConnectorText {
  /** The text now, whose formatting is found once per version (when an edit first needs it). */
  private current: EditableText;
  /** The parse of `current`, made when first asked for after an edit. */
  private parsed: ReturnType<typeof parseJsonTree> | undefined;

  constructor(text: string) {
    this.current = editableText(text);
  }

  /** The text after every edit so far. */
  get text(): string {
    return this.current.text;
  }

  private replaceText(text: string): void {
    if (text === this.current.text) return;
    this.current = editableText(text);
    this.parsed = undefined;
  }

  private parse(): ReturnType<typeof parseJsonTree> {
    this.parsed ??= parseJsonTree(this.current.text, { allowTrailingComma: true });
    return this.parsed;
  }

  /** Why the file cannot be updated (nested deeper than any connector file is), or undefined. */
  nestingProblem(): string | undefined {
    const parsed = this.parse();
    return parsed.tooDeep === undefined ? undefined : `The existing file cannot be updated: ${nestingTooDeep(this.current.text, parsed.tooDeep)}; connector files are not nested this deep.`;
  }

  /** The file's tree now (undefined when it is not JSON, or nested too deep to read). */
  tree(): Node | undefined {
    const parsed = this.parse();
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
    this.replaceText(applyEdits(this.current.text, setValueEdits(this.current, path, value)));
  }

  /** Sets the value at a path, every number in it written with the digits it has. */
  setExact(path: (string | number)[], value: ExactJson): void {
    this.replaceText(applyEdits(this.current.text, setExactValueEdits(this.current, path, value)));
  }

  /**
   * Changes inside elements of the array under a top-level key, `edits` by element index, each as `set` would make
   * it. Each element is changed in a text of its own (from the start of its line, so indentation is worked out as in
   * the file) and all are put back in one pass: an edit of the whole file per change took minutes at thousands of
   * elements. When an element to change shares its first line with something else, each change is made in the file.
   */
  editElements(key: string, edits: ReadonlyMap<number, ElementEdit>): void {
    if (edits.size === 0) return;
    const { text, formatting } = this.current;
    const array = nodeAtPath(this.tree(), [key]);
    const elements = array?.type === 'array' ? array.children ?? [] : [];
    const lineBefore = (node: Node): string => text.slice(text.lastIndexOf('\n', node.offset - 1) + 1, node.offset);
    const apart = [...edits.keys()].every((index) => {
      const node = elements[index];
      return node !== undefined && /^[ \t]*$/.test(lineBefore(node));
    });
    if (!apart) {
      for (const [index, edit] of edits) edit((path, value) => this.set([key, index, ...path], value));
      return;
    }
    const replacements: TextEdit[] = [];
    for (const [index, edit] of edits) {
      const node = elements[index] as Node;
      const indent = lineBefore(node);
      const original = indent + text.slice(node.offset, node.offset + node.length);
      let part = original;
      edit((path, value) => {
        part = applyEdits(part, setValueEdits({ text: part, formatting }, path, value));
      });
      if (part !== original) replacements.push({ offset: node.offset, length: node.length, content: part.slice(indent.length) });
    }
    this.replaceText(applyEdits(text, replacements));
  }

  /** Adds a top-level property right after the first of `after` the file has (else at the end), keeping the rest as written. */
  insert(key: string, value: JsonValue, after: readonly string[]): void {
    this.replaceText(applyEdits(this.current.text, modify(this.current.text, [key], value, {
      formattingOptions: this.current.formatting,
      getInsertionIndex: (properties) => {
        const index = after.map((p) => properties.indexOf(p)).find((i) => i >= 0);
        return index === undefined ? properties.length : index + 1;
      },
    })));
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
    const { eol } = this.current.formatting;
    this.replaceText(applyEdits(this.current.text, appendElementsEdits(this.current, array, items, (value, indent) => printConnectorJson(value, indent).replace(/\n/g, eol))));
  }
}
