import type { RestParameter } from '../../model';
import type { JsonValue } from '../../tree';
import { eachParameter, parameterName, quoted } from '../restShared';
import type { RestRule } from '../types';

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const SCALAR_TYPES = ['string', 'integer', 'number', 'boolean'];

/** What is wrong with a default for a parameter, or undefined when it fits. */
function problemWith(parameter: RestParameter, value: JsonValue): string | undefined {
  const type = parameter.type?.value;
  const format = parameter.format?.value;
  if (!type) return undefined;
  if (!SCALAR_TYPES.includes(type)) return `a ${quoted(type)} parameter takes no default (defaults are for string, integer, number and boolean)`;
  switch (type) {
    case 'string':
      if (typeof value !== 'string') return `it must be a string, not ${JSON.stringify(value)}`;
      if (format === 'date-time' && Number.isNaN(Date.parse(value))) return `with format 'date-time' it must be a date and time such as "2026-11-22T10:30:00Z"`;
      return undefined;
    case 'integer': {
      const exact = format === 'int64' && typeof value === 'string' && /^[+-]?\d+$/.test(value);
      if (exact) return undefined;
      if (typeof value !== 'number' || !Number.isInteger(value)) return `it must be a whole number, not ${JSON.stringify(value)}`;
      if (format !== 'int64' && (value < INT32_MIN || value > INT32_MAX)) return "it is outside the 32-bit range; add \"format\": \"int64\" for larger values";
      if (!Number.isSafeInteger(value)) return 'it is too large to be exact as a JSON number; write it as a string';
      return undefined;
    }
    case 'number':
      return typeof value === 'number' ? undefined : `it must be a number, not ${JSON.stringify(value)}`;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `it must be true or false, not ${JSON.stringify(value)}`;
    default:
      return undefined;
  }
}

/** A default is supplied when the workflow gives no value, so it must be a valid value itself. */
export const defaultMismatch: RestRule = {
  id: 'default-mismatch',
  appliesTo: 'rest',
  defaultSeverity: 'error',
  docs: {
    summary: 'A `default` that does not fit the parameter: wrong JSON type, a date-time that does not parse, an integer outside its range, or a default on a type that takes none.',
    why: "A default is the value used when the workflow supplies none, and it is sent exactly as a supplied value would be; one that does not fit the parameter's type or constraints fails every request that relies on it.",
  },
  check(connector, context) {
    for (const { parameter } of eachParameter(connector)) {
      const fallback = parameter.default;
      if (!fallback) continue;
      const problem = problemWith(parameter, fallback.value);
      if (!problem) continue;
      context.report({ at: fallback.node, message: `The default of ${quoted(parameterName(parameter))} does not fit: ${problem}.` });
    }
  },
};
