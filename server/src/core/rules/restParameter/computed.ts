import type { RestOperation, RestParameter } from '../../model';
import { variablePlaceholders } from '../../placeholders';

/** The computed parameters of an operation that have a template. */
export function computedParameters(operation: RestOperation): (RestParameter & { template: NonNullable<RestParameter['template']> })[] {
  return operation.parameters.filter(
    (p): p is RestParameter & { template: NonNullable<RestParameter['template']> } => p.type?.value === 'computed' && p.template !== undefined,
  );
}

/** The parameter names a template refers to, in order. */
export function templateReferences(template: string): { name: string; index: number; length: number }[] {
  return variablePlaceholders(template);
}
