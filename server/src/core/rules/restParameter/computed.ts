import type { RestOperation, RestParameter } from '../../model';
import { variablePlaceholders } from '../../placeholders';

type ComputedParameter = RestParameter & { template: NonNullable<RestParameter['template']> };

const NONE: readonly ComputedParameter[] = [];

/** The computed parameters of an operation that have a template (one shared empty list for the many operations without). */
export function computedParameters(operation: RestOperation): readonly ComputedParameter[] {
  let found: ComputedParameter[] | undefined;
  const parameters = operation.parameters;
  for (let i = 0; i < parameters.length; i++) {
    const p = parameters[i] as RestParameter;
    if (p.type?.value === 'computed' && p.template !== undefined) (found ??= []).push(p as ComputedParameter);
  }
  return found ?? NONE;
}

/** The parameter names a template refers to, in order. */
export function templateReferences(template: string): { name: string; index: number; length: number }[] {
  return variablePlaceholders(template);
}
