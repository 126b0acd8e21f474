import { inlineJson, inlineJsonWithin } from '../edits';
import type { JsonValue } from '../tree';

/** Lines longer than this are broken up; shorter objects and arrays stay on one line, as people write them. */
const WIDTH = 120;

/**
 * JSON as a connector file is written by hand: two-space indentation, and an object or array on one line when it
 * fits (`{ "name": "petId", "location": "path", "type": "integer" }`). Whether one fits is found without writing a
 * large value out whole at every level.
 */
export function printConnectorJson(value: JsonValue, indent = '', prefix = ''): string {
  if (value === null || typeof value !== 'object') return inlineJson(value);
  const inline = inlineJsonWithin(value, WIDTH - indent.length - prefix.length);
  if (inline !== undefined) return inline;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    return `[\n${value.map((item) => `${inner}${printConnectorJson(item, inner)}`).join(',\n')}\n${indent}]`;
  }
  return `{\n${Object.entries(value).map(([key, item]) => {
    const label = `${JSON.stringify(key)}: `;
    return `${inner}${label}${printConnectorJson(item, inner, label)}`;
  }).join(',\n')}\n${indent}}`;
}
