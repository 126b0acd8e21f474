import type { RestParameter } from '../model';
import type { JsonValue } from '../tree';
import { patternMismatch } from '../pattern';
import { JsonNumber, type ExactJson } from './exactJson';

/** A parameter's constraints by name (`maxLength`, `minimum`, ...), as the file gives them. */
export type Constraints = Partial<Record<string, JsonValue>>;

/** The constraints a REST parameter declares. */
export function constraintsOf(parameter: RestParameter): Constraints {
  return Object.fromEntries(parameter.constraints.map((c) => [c.name, c.field.value]));
}


/** What a canonical value breaks among its parameter's constraints (length, pattern, range, item count). */
export function constraintProblems(constraints: Constraints, value: ExactJson, name: string): string[] {
  const out: string[] = [];
  const limit = (c: string): number | undefined => (typeof constraints[c] === 'number' ? constraints[c] : undefined);
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
    const numeric = Number(value.text);
    const max = limit('maximum');
    const min = limit('minimum');
    if (max !== undefined && (flag('exclusiveMaximum') ? numeric >= max : numeric > max)) out.push(`'${name}' is ${value.text}; it must be ${flag('exclusiveMaximum') ? 'less than' : 'at most'} ${max}.`);
    if (min !== undefined && (flag('exclusiveMinimum') ? numeric <= min : numeric < min)) out.push(`'${name}' is ${value.text}; it must be ${flag('exclusiveMinimum') ? 'more than' : 'at least'} ${min}.`);
  }
  if (Array.isArray(value)) {
    const max = limit('maxItems');
    const min = limit('minItems');
    if (max !== undefined && value.length > max) out.push(`'${name}' has ${value.length} items; at most ${max} are allowed.`);
    if (min !== undefined && value.length < min) out.push(`'${name}' has ${value.length} items; at least ${min} are needed.`);
  }
  return out;
}
