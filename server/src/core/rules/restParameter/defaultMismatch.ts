import type { RestParameter } from '../../model';
import { checkValue } from '../../values/check';
import { JsonNumber, type ExactJson } from '../../values/exactJson';
import { numberValueText } from '../../values/numbers';
import { specOfParameter } from '../../values/spec';
import { parameterName, quoted } from '../restShared';
import type { ParameterRule } from '../types';

const SCALAR_TYPES = ['string', 'integer', 'number', 'boolean'];

/** Whether a whole number written as a JSON number is past 2^53, where a reader that takes JSON numbers as 64-bit floats loses digits. */
function pastExactIntegers(value: ExactJson): boolean {
  if (!(value instanceof JsonNumber)) return false;
  const read = Number(value.text);
  return Number.isInteger(read) && !Number.isSafeInteger(read);
}

/** What is wrong with a default for a parameter, or undefined when it fits (judged as a supplied value is, as written). */
function problemWith(parameter: RestParameter, value: ExactJson): string | undefined {
  const spec = specOfParameter(parameter);
  if (!spec) return undefined;
  if (!SCALAR_TYPES.includes(spec.type)) return `a ${quoted(spec.type)} parameter takes no default (defaults are for string, integer, number and boolean)`;
  const checked = checkValue(spec, value);
  if (!checked.ok) return `it ${checked.message}`;
  if (spec.type === 'integer' && pastExactIntegers(value)) return `it is too large to be exact as a JSON number; write it as a string, e.g. "${numberValueText((value as JsonNumber).text)}"`;
  return undefined;
}

/** A default is supplied when the workflow gives no value, so it must be a valid value itself. */
export const defaultMismatch: ParameterRule = {
  id: 'default-mismatch',
  subject: 'parameter',
  defaultSeverity: 'error',
  docs: {
    summary: 'A `default` that does not fit the parameter, judged as a supplied value is: wrong type, a date-time that is not RFC 3339, an integer outside its range, a float outside 32 bits, an option that is not `c1`, `c2`, ..., or a default on a type that takes none.',
    why: "A default is the value used when the workflow supplies none, and it is sent exactly as a supplied value would be; one that does not fit the parameter's type or constraints fails every request that relies on it.",
  },
  check(parameter, context) {
    const fallback = parameter.default;
    if (!fallback) return;
    const problem = problemWith(parameter, fallback.exact);
    if (!problem) return;
    context.report({ at: fallback.node, message: `The default of ${quoted(parameterName(parameter))} does not fit: ${problem}.` });
  },
};
