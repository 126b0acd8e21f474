import { inlineJson } from '../edits';
import type { JsonValue } from '../tree';

/** Lines longer than this are broken up; shorter objects and arrays stay on one line, as people write them. */
const WIDTH = 120;

/**
 * JSON as a connector file is written by hand: two-space indentation, and an object or array on one line when it
 * fits (`{ "name": "petId", "location": "path", "type": "integer" }`).
 */
export function printConnectorJson(value: JsonValue, indent = '', prefix = ''): string {
  const inline = inlineJson(value);
  if (value === null || typeof value !== 'object' || indent.length + prefix.length + inline.length <= WIDTH) return inline;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${printConnectorJson(item, inner)}`).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([key, item]) => {
    const label = `${JSON.stringify(key)}: `;
    return `${inner}${label}${printConnectorJson(item, inner, label)}`;
  }).join(',\n')}\n${indent}}`;
}
