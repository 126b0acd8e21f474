import { replaceValueEdit } from '../../edits';
import { pathPlaceholders } from '../../placeholders';
import { parametersIn, quoted } from '../restShared';
import type { RestRule } from '../types';

/** A path parameter must be declared as `{name}` in the operation's path. */
export const pathParameterNotInPath: RestRule = {
  id: 'path-parameter-not-in-path',
  appliesTo: 'rest',
  defaultSeverity: 'error',
  docs: {
    summary: 'A parameter with location `path` whose name does not appear as `{name}` in the operation\'s `path`.',
    why: "A path parameter's value goes where the path names it in braces; a path parameter that the path does not name is never sent.",
    fix: 'Appends `/{name}` to the path.',
  },
  check(connector, context) {
    for (const operation of connector.operations) {
      const path = operation.path;
      if (!path) continue;
      const declared = new Set(pathPlaceholders(path.value).map((p) => p.name));
      for (const parameter of parametersIn(operation, 'path')) {
        const name = parameter.name;
        if (!name || declared.has(name.value)) continue;
        const appended = `${path.value.replace(/\/+$/, '')}/{${name.value}}`;
        context.report({
          at: name.node,
          message: `Path parameter ${quoted(name.value)} is not declared in the path ${quoted(path.value)}. Add '{${name.value}}' to the path, or change the parameter's location.`,
          fixes: [{ title: `Change the path to '${appended}'`, edits: [replaceValueEdit(path.node, appended)] }],
        });
      }
    }
  },
};
