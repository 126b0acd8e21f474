import { inlineJson } from '../edits';
import type { JsonValue } from '../tree';

/** Lines longer than this are broken up; shorter objects and arrays stay on one line, as people write them. */
const WIDTH = 120;

/**
 * The one-line form of a value (as inlineJson writes it) when it has at most `budget` characters; undefined as soon
 * as it is longer, so a large value is never written out whole only to be broken up.
 */
function inlineWithin(value: JsonValue, budget: number): string | undefined {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    return text.length <= budget ? text : undefined;
  }
  const parts: string[] = [];
  let used = 4;
  const entries: [string | undefined, JsonValue][] = Array.isArray(value) ? value.map((v) => [undefined, v]) : Object.entries(value);
  if (entries.length === 0) return Array.isArray(value) ? '[]' : '{}';
  for (const [key, item] of entries) {
    const label = key === undefined ? '' : `${JSON.stringify(key)}: `;
    const text = inlineWithin(item, budget - used - label.length);
    if (text === undefined) return undefined;
    parts.push(`${label}${text}`);
    used += label.length + text.length + 2;
    if (used > budget) return undefined;
  }
  const text = Array.isArray(value) ? `[${parts.join(', ')}]` : `{ ${parts.join(', ')} }`;
  return text.length <= budget ? text : undefined;
}

/**
 * JSON as a connector file is written by hand: two-space indentation, and an object or array on one line when it
 * fits (`{ "name": "petId", "location": "path", "type": "integer" }`).
 */
export function printConnectorJson(value: JsonValue, indent = '', prefix = ''): string {
  const inline = inlineWithin(value, WIDTH - indent.length - prefix.length);
  if (inline !== undefined) return inline;
  if (value === null || typeof value !== 'object') return inlineJson(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    return `[\n${value.map((item) => `${inner}${printConnectorJson(item, inner)}`).join(',\n')}\n${indent}]`;
  }
  return `{\n${Object.entries(value).map(([key, item]) => {
    const label = `${JSON.stringify(key)}: `;
    return `${inner}${label}${printConnectorJson(item, inner, label)}`;
  }).join(',\n')}\n${indent}}`;
}
