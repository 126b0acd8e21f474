import { addPropertyEdits, appendToArrayEdits } from '../../edits';
import type { Span } from '../../findings';
import type { RestParameter } from '../../model';
import { PAIRWISE_MAX } from '../../pairwise';
import { quoted, spansInString } from '../restShared';
import type { OperationRule } from '../types';

/** Every `{name}` in a path needs a path parameter of that name. */
export const pathPlaceholderWithoutParameter: OperationRule = {
  id: 'path-placeholder-without-parameter',
  subject: 'operation',
  defaultSeverity: 'error',
  docs: {
    summary: 'A `{name}` in an operation\'s `path` with no parameter of that name in location `path`.',
    why: 'Each {name} in the path becomes a path parameter whose value the workflow supplies; a placeholder without a parameter is sent literally, braces included.',
    fix: 'Adds a required string path parameter with that name.',
  },
  check(operation, context) {
    const { facts, text, report } = context;
    const path = operation.path;
    if (!path) return;
    const placeholders = facts.pathPlaceholders;
    if (placeholders.length === 0) return;
    const parameters = facts.in('path');
    const declared = parameters.length > PAIRWISE_MAX ? new Set(parameters.map((p) => p.name?.value)) : undefined;
    let spanOf: ((index: number, length: number) => Span) | undefined;
    for (const placeholder of placeholders) {
      if (declared ? declared.has(placeholder.name) : namesParameter(parameters, placeholder.name)) continue;
      spanOf ??= spansInString(text, path.node);
      const at = spanOf(placeholder.index, placeholder.length);
      if (placeholder.name === '') {
        report({ at, message: `The path ${quoted(path.value)} has empty braces '{}'. Write the parameter's name inside them, e.g. '{id}'.` });
        continue;
      }
      const parameter = { name: placeholder.name, location: 'path', type: 'string', required: true };
      const edits = operation.parametersNode
        ? appendToArrayEdits(context, operation.parametersNode, parameter)
        : addPropertyEdits(context, operation.node, 'parameters', [parameter]);
      report({
        at,
        message: `'{${placeholder.name}}' in the path has no path parameter. Add a parameter ${quoted(placeholder.name)} with location 'path'.`,
        fixes: [{ title: `Add path parameter '${placeholder.name}'`, edits, preferred: true }],
      });
    }
  },
};

/** Whether one of a few path parameters is named `name`. */
function namesParameter(parameters: readonly RestParameter[], name: string): boolean {
  for (const parameter of parameters) if (parameter.name?.value === name) return true;
  return false;
}
