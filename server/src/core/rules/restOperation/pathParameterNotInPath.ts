import { withoutTrailingSlashes } from '../../http/url';
import { replaceValueEdit } from '../../edits';
import { PAIRWISE_MAX } from '../../pairwise';
import type { Placeholder } from '../../placeholders';
import { quoted } from '../restShared';
import type { OperationRule } from '../types';

/** A path parameter must be declared as `{name}` in the operation's path. */
export const pathParameterNotInPath: OperationRule = {
  id: 'path-parameter-not-in-path',
  subject: 'operation',
  defaultSeverity: 'error',
  docs: {
    summary: 'A parameter with location `path` whose name does not appear as `{name}` in the operation\'s `path`.',
    why: "A path parameter's value goes where the path names it in braces; a path parameter that the path does not name is never sent.",
    fix: 'Appends `/{name}` to the path.',
  },
  check(operation, { facts, report }) {
    const path = operation.path;
    const parameters = facts.in('path');
    if (!path || parameters.length === 0) return;
    const placeholders = facts.pathPlaceholders;
    const declared = placeholders.length > PAIRWISE_MAX ? new Set(placeholders.map((p) => p.name)) : undefined;
    for (const parameter of parameters) {
      const name = parameter.name;
      if (!name || (declared ? declared.has(name.value) : namesPlaceholder(placeholders, name.value))) continue;
      const appended = `${withoutTrailingSlashes(path.value)}/{${name.value}}`;
      report({
        at: name.node,
        message: `Path parameter ${quoted(name.value)} is not declared in the path ${quoted(path.value)}. Add '{${name.value}}' to the path, or change the parameter's location.`,
        fixes: [{ title: `Change the path to '${appended}'`, edits: [replaceValueEdit(path.node, appended)] }],
      });
    }
  },
};

/** Whether one of a few placeholders is `{name}`. */
function namesPlaceholder(placeholders: readonly Placeholder[], name: string): boolean {
  for (const placeholder of placeholders) if (placeholder.name === name) return true;
  return false;
}
