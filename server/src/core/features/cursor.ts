// Where the cursor is in the JSON, as jsonc-parser's getLocation says (the path, and whether a property name is being
// written), found without reading the file from its start: the tree names the innermost container around the
// cursor, and only that container is read, from its opening bracket to the cursor. Its path and the state the
// reading starts in come from the tree; what is read inside it is exactly what getLocation would read there.
import { getLocation, type JSONPath } from 'jsonc-parser';
import type { ConnectorDocument } from '../document';
import { ARRAY, OBJECT, PROPERTY, type JsonTree } from '../parse/jsonTree';

/** Containers wider than this are not read from their start when the cursor is past their last child. */
const WIDE = 64;

/** getLocation over the container starting at `start`, its path given, as if the text before it had been read. */
function locationFrom(text: string, tree: JsonTree, start: number, offset: number): { path: JSONPath; atKey: boolean } {
  const from = tree.offset(start);
  const to = Math.max(offset + 1, from + tree.length(start));
  const inner = getLocation(text.slice(from, Math.min(text.length, to)), offset - from);
  // An object's reading starts the same anywhere; an array's here is a property's value or the root, read in place
  // after ':' or at the start, with no property key pending: as getLocation starts.
  return { path: [...tree.path(start), ...inner.path], atKey: inner.isAtPropertyKey };
}

/** Whether a comma separates `from` from `to` (whitespace and comments skipped). */
function commaBetween(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 44 /* , */) return true;
    if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      while (i < to && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42 /* * */) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? to : end + 1;
    }
  }
  return false;
}

/** The innermost object or array the cursor is inside: after its opening bracket, up to its closing one. */
function containerAt(text: string, tree: JsonTree, offset: number): number {
  for (let node = tree.nodeAt(offset, true); node >= 0; node = tree.parent(node)) {
    const kind = tree.kind(node);
    if (kind !== OBJECT && kind !== ARRAY) continue;
    const end = tree.offset(node) + tree.length(node);
    const closed = text.charCodeAt(end - 1) === (kind === OBJECT ? 125 : 93);
    if (offset > tree.offset(node) && (offset < end || (!closed && offset === end))) return node;
  }
  return -1;
}

/** Where the cursor is: the JSON path and whether a property name (not a value) is being written. */
export function cursorLocation(document: ConnectorDocument, offset: number): { path: JSONPath; atKey: boolean } {
  const { text, tree } = document.parsed;
  const whole = (): { path: JSONPath; atKey: boolean } => {
    const location = getLocation(text, offset);
    return { path: location.path, atKey: location.isAtPropertyKey };
  };
  // A file with syntax errors is read as getLocation reads it: recovery can make the tree's structure differ.
  if (!tree || tree.size === 0 || document.parsed.syntaxFindings.length > 0) return whole();
  let container = containerAt(text, tree, offset);
  if (container < 0) return whole();
  // An array holds no property keys; what getLocation says inside it depends on what came before it: start
  // reading at the nearest container that is an object, or an array that is a property's value (read after ':').
  while (tree.kind(container) === ARRAY && container !== 0 && tree.kind(tree.parent(container)) !== PROPERTY) container = tree.parent(container);
  if (tree.kind(container) === ARRAY && tree.end(container) - container > WIDE) {
    // Between two elements of a wide array (the operations): read only the element before the cursor.
    const children = tree.children(container);
    let before = -1;
    for (let low = 0, high = children.length - 1; low <= high;) {
      const middle = (low + high) >> 1;
      if (tree.offset(children[middle] as number) < offset) {
        before = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    const element = children[before];
    if (element !== undefined && tree.kind(element) === OBJECT && offset >= tree.offset(element) + tree.length(element)) {
      const afterElement = getLocation(text.slice(tree.offset(element), tree.offset(element) + tree.length(element)), tree.length(element) + 1);
      const comma = commaBetween(text, tree.offset(element) + tree.length(element), offset);
      return { path: [...tree.path(container), before + (comma ? 1 : 0)], atKey: afterElement.isAtPropertyKey };
    }
  }
  return locationFrom(text, tree, container, offset);
}
