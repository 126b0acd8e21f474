import { addPropertyEdits, appendToArrayEdits } from '../../edits';
import { pathPlaceholders } from '../../placeholders';
import { parametersIn, quoted, spanInString } from '../restShared';
import type { RestRule } from '../types';

/** Every `{name}` in a path needs a path parameter of that name. */
export const pathPlaceholderWithoutParameter: RestRule = {
  id: 'path-placeholder-without-parameter',
  appliesTo: 'rest',
  defaultSeverity: 'error',
  docs: {
    summary: 'A `{name}` in an operation\'s `path` with no parameter of that name in location `path`.',
    why: 'Each {name} in the path becomes a path parameter whose value the workflow supplies; a placeholder without a parameter is sent literally, braces included.',
    fix: 'Adds a required string path parameter with that name.',
  },
  check(connector, context) {
    for (const operation of connector.operations) {
      const path = operation.path;
      if (!path) continue;
      const declared = new Set(parametersIn(operation, 'path').map((p) => p.name?.value));
      for (const placeholder of pathPlaceholders(path.value)) {
        if (declared.has(placeholder.name)) continue;
        const at = spanInString(context.text, path.node, placeholder.index, placeholder.length);
        if (placeholder.name === '') {
          context.report({ at, message: `The path ${quoted(path.value)} has empty braces '{}'. Write the parameter's name inside them, e.g. '{id}'.` });
          continue;
        }
        const parameter = { name: placeholder.name, location: 'path', type: 'string', required: true };
        const edits = operation.parametersNode
          ? appendToArrayEdits(context.text, operation.parametersNode, parameter)
          : addPropertyEdits(context.text, operation.node, 'parameters', [parameter]);
        context.report({
          at,
          message: `'{${placeholder.name}}' in the path has no path parameter. Add a parameter ${quoted(placeholder.name)} with location 'path'.`,
          fixes: [{ title: `Add path parameter '${placeholder.name}'`, edits, preferred: true }],
        });
      }
    }
  },
};
