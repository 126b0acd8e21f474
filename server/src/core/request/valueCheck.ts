import type { JsonValue } from '../tree';
import type { InputDescription, InputItems } from './inputs';

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

function describe(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

function checkScalar(type: string, format: string | undefined, value: JsonValue): string | undefined {
  switch (type) {
    case 'integer':
      if (format === 'int64' && typeof value === 'string' && /^[+-]?\d+$/.test(value)) return undefined;
      if (typeof value !== 'number' || !Number.isInteger(value)) return `needs a whole number, not ${describe(value)}`;
      if (format !== 'int64' && (value < INT32_MIN || value > INT32_MAX)) return `is outside the 32-bit range; use format 'int64' for larger values`;
      return undefined;
    case 'number':
      return typeof value === 'number' ? undefined : `needs a number, not ${describe(value)}`;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `needs true or false, not ${describe(value)}`;
    case 'string':
      if (typeof value !== 'string') return `needs a string, not ${describe(value)}`;
      if (format === 'date-time' && Number.isNaN(Date.parse(value))) return `needs a date and time such as "2026-11-22T10:30:00Z", not ${JSON.stringify(value)}`;
      return undefined;
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? undefined : `needs an object, not ${describe(value)}`;
    case 'file':
    case 'stream':
      return typeof value === 'string' ? undefined : 'needs the path of a file (relative to the connector file)';
    case 'fileGallery': {
      const ok = typeof value === 'object' && value !== null && !Array.isArray(value) && typeof value.Filename === 'string' && typeof value.Data === 'string';
      return ok ? undefined : 'needs { "Filename": "name.ext", "Data": "path/to/file" }';
    }
    case 'text':
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? undefined : 'needs text (it is inserted into the body or header as written)';
    default:
      return undefined;
  }
}

function checkArray(items: InputItems | undefined, value: JsonValue): string | undefined {
  if (!Array.isArray(value)) return `needs an array, not ${describe(value)}`;
  for (const [index, element] of value.entries()) {
    const problem = items?.type === 'array' ? checkArray(items.items, element) : checkScalar(items?.type ?? 'string', items?.format, element);
    if (problem) return `item ${index + 1} ${problem}`;
  }
  return undefined;
}

/** What is wrong with a supplied value for an input (a values file entry), or undefined when it fits. */
export function checkSuppliedValue(input: InputDescription, value: JsonValue): string | undefined {
  if (input.options) {
    const ids = Array.isArray(value) ? value : [value];
    for (const id of ids) {
      const n = typeof id === 'string' && /^c\d+$/.test(id) ? Number(id.slice(1)) : 0;
      if (n < 1 || n > input.options.length) {
        return `names options by id: ${JSON.stringify(id)} is not one of ${input.options.map((o, i) => `c${i + 1} (${o})`).join(', ')}`;
      }
    }
    return undefined;
  }
  if (input.type === 'array') return checkArray(input.items, value);
  if (input.role === 'query' && input.type === 'string' && value !== null && typeof value !== 'object') return undefined;
  return checkScalar(input.type, input.format, value);
}
