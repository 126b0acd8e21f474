import { closeMatches, spend, suggestionBudget } from '../../closeMatches';
import { parameterName, quoted, spansInString } from '../restShared';
import type { OperationRule } from '../types';
import { computedParameters, templateReferences } from './computed';

/** A template can only use the operation's parameters. */
export const computedTemplateUnknownParameter: OperationRule = {
  id: 'computed-template-unknown-parameter',
  subject: 'operation',
  defaultSeverity: 'error',
  docs: {
    summary: 'A `{{name}}` in a computed parameter\'s `template` that names no parameter of the operation.',
    why: 'A computed value is built from other parameters with {{otherParameter}} placeholders; a name that matches no parameter is sent unreplaced.',
    fix: 'Changes the name to the closest parameter name.',
  },
  check(operation, context) {
    const computed = computedParameters(operation);
    if (computed.length === 0) return;
    const names = operation.parameters.map((p) => p.name?.value).filter((n): n is string => n !== undefined);
    const known = new Set(names);
    const budget = suggestionBudget();
    for (const parameter of computed) {
      const template = parameter.template;
      const spanOf = spansInString(context.text, template.node);
      // What a template's unknown names may be changed to (the other parameters), and what each one was, found once.
      let others: string[] | undefined;
      const closest = new Map<string, string | undefined>();
      for (const reference of templateReferences(template.value)) {
        if (known.has(reference.name)) continue;
        const at = spanOf(reference.index, reference.length);
        if (!closest.has(reference.name)) {
          const own = parameterName(parameter);
          // Listing the other names costs as much as comparing with them: it is paid from the same budget.
          others ??= spend(budget, names.length) ? names.filter((n) => n !== own) : [];
          closest.set(reference.name, closeMatches(reference.name, others, 1, budget)[0]);
        }
        const close = closest.get(reference.name);
        context.report({
          at,
          message: `The template of ${quoted(parameterName(parameter))} uses '{{${reference.name}}}', but the operation has no parameter ${quoted(reference.name)}.${close ? ` Did you mean ${quoted(close)}?` : ''}`,
          ...(close ? { fixes: [{ title: `Change to '{{${close}}}'`, edits: [{ ...at, content: `{{${close}}}` }], preferred: true }] } : {}),
        });
      }
    }
  },
};
