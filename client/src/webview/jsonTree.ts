import { isJsonObject, JsonNumber, numberText, type ExactJson } from '../../../server/src/core';
import { el, text, type ElementNode, type ViewNode } from './viewNode';

type Json = ExactJson;

/** Arrays longer than this are shown in groups, each built when opened. */
export const GROUP_SIZE = 100;

function isContainer(value: Json): value is Json[] | { [key: string]: Json } {
  return Array.isArray(value) || isJsonObject(value);
}

function scalar(value: Json): ViewNode {
  if (value === null) return el('span', 'json-null', ['null']);
  if (typeof value === 'string') return el('span', 'json-string', [JSON.stringify(value)]);
  // A number as the service wrote it: a plain number's text is its own (the reader keeps any other as a JsonNumber).
  if (typeof value === 'number' || value instanceof JsonNumber) return el('span', 'json-number', [numberText(value)]);
  if (typeof value === 'boolean') return el('span', 'json-boolean', [String(value)]);
  return text(String(value));
}

function summaryOf(value: Json[] | { [key: string]: Json }): string {
  if (Array.isArray(value)) return `[…] ${value.length} item${value.length === 1 ? '' : 's'}`;
  const keys = Object.keys(value).length;
  return `{…} ${keys} key${keys === 1 ? '' : 's'}`;
}

function label(key: string | undefined): ViewNode[] {
  return key === undefined ? [] : [el('span', 'json-key', [key]), text(': ')];
}

function entriesOf(value: Json[] | { [key: string]: Json }, from: number, to: number): ViewNode[] {
  if (Array.isArray(value)) {
    return value.slice(from, to).map((item, i) => jsonNode(item, String(from + i), false));
  }
  return Object.entries(value).slice(from, to).map(([k, v]) => jsonNode(v, JSON.stringify(k), false));
}

/** Entries from..to, split into at most GROUP_SIZE groups (groups of groups for very long lists), as DevTools does. */
function rangeOf(value: Json[] | { [key: string]: Json }, from: number, to: number): ViewNode[] {
  const count = to - from;
  if (count <= GROUP_SIZE) return entriesOf(value, from, to);
  let bucket = GROUP_SIZE;
  while (count / bucket > GROUP_SIZE) bucket *= GROUP_SIZE;
  const groups: ViewNode[] = [];
  for (let start = from; start < to; start += bucket) {
    const end = Math.min(to, start + bucket);
    groups.push(
      el('details', 'json-group', [el('summary', undefined, [`${start} … ${end - 1}`])], {
        lazyChildren: () => rangeOf(value, start, end),
      }),
    );
  }
  return groups;
}

function childrenOf(value: Json[] | { [key: string]: Json }): ViewNode[] {
  return rangeOf(value, 0, Array.isArray(value) ? value.length : Object.keys(value).length);
}

/** A collapsible tree for a JSON value; containers build their children only when opened. */
export function jsonNode(value: Json, key: string | undefined, open: boolean): ViewNode {
  if (!isContainer(value)) return el('div', 'json-leaf', [...label(key), scalar(value)]);
  const node: ElementNode = el('details', 'json-node', [el('summary', undefined, [...label(key), el('span', 'json-summary', [summaryOf(value)])])], {
    lazyChildren: () => childrenOf(value),
    open,
  });
  return node;
}
