import type { RestParameter } from '../model';
import { patternMismatch } from '../pattern';
import { JsonNumber, numberText, type ExactJson } from './exactJson';
import { compareDecimals } from './numbers';

/** A parameter's constraints by name (`maxLength`, `minimum`, ...), as the file writes them (numbers with their own digits). */
export type Constraints = Partial<Record<string, ExactJson>>;

/** The constraints a REST parameter declares. */
export function constraintsOf(parameter: RestParameter): Constraints {
  return Object.fromEntries(parameter.constraints.map((c) => [c.name, c.field.exact]));
}

/** A numeric constraint's digits, or undefined when it is not a number. */
function boundText(value: ExactJson | undefined): string | undefined {
  return value instanceof JsonNumber || typeof value === 'number' ? numberText(value) : undefined;
}


/** What a canonical value breaks among its parameter's constraints (length, pattern, range, item count). */
export function constraintProblems(constraints: Constraints, value: ExactJson, name: string): string[] {
  const out: string[] = [];
  const limit = (c: string): number | undefined => {
    const text = boundText(constraints[c]);
    return text === undefined ? undefined : Number(text);
  };
  const flag = (c: string): boolean => constraints[c] === true;
  if (typeof value === 'string') {
    // Lengths count characters (code points), as JSON Schema does.
    const length = [...value].length;
    const max = limit('maxLength');
    const min = limit('minLength');
    if (max !== undefined && length > max) out.push(`'${name}' is ${length} characters long; at most ${max} are allowed.`);
    if (min !== undefined && length < min) out.push(`'${name}' is ${length} characters long; at least ${min} are needed.`);
    const pattern = constraints.pattern;
    // The one place a pattern judges a value: linear time, whatever the pattern (see core/pattern.ts).
    const mismatch = typeof pattern === 'string' ? patternMismatch(pattern, value, name) : undefined;
    if (mismatch) out.push(mismatch);
  }
  if (value instanceof JsonNumber) {
    // Compared digit by digit: past 2^53 two different whole numbers can be the same 64-bit float.
    const max = boundText(constraints.maximum);
    const min = boundText(constraints.minimum);
    const aboveMax = max === undefined ? 0 : compareDecimals(value.text, max);
    const belowMin = min === undefined ? 0 : compareDecimals(min, value.text);
    if (max !== undefined && (flag('exclusiveMaximum') ? aboveMax >= 0 : aboveMax > 0)) out.push(`'${name}' is ${value.text}; it must be ${flag('exclusiveMaximum') ? 'less than' : 'at most'} ${max}.`);
    if (min !== undefined && (flag('exclusiveMinimum') ? belowMin >= 0 : belowMin > 0)) out.push(`'${name}' is ${value.text}; it must be ${flag('exclusiveMinimum') ? 'more than' : 'at least'} ${min}.`);
  }
  if (Array.isArray(value)) {
    const max = limit('maxItems');
    const min = limit('minItems');
    if (max !== undefined && value.length > max) out.push(`'${name}' has ${value.length} items; at most ${max} are allowed.`);
    if (min !== undefined && value.length < min) out.push(`'${name}' has ${value.length} items; at least ${min} are needed.`);
  }
  return out;
}
