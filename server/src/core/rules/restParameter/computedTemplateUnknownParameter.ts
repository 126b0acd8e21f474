import { closeMatches } from '../../closeMatches';
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
    for (const parameter of computed) {
      const template = parameter.template;
      const spanOf = spansInString(context.text, template.node);
      for (const reference of templateReferences(template.value)) {
        if (names.includes(reference.name)) continue;
        const at = spanOf(reference.index, reference.length);
        const [close] = closeMatches(reference.name, names.filter((n) => n !== parameterName(parameter)), 1);
        context.report({
          at,
          message: `The template of ${quoted(parameterName(parameter))} uses '{{${reference.name}}}', but the operation has no parameter ${quoted(reference.name)}.${close ? ` Did you mean ${quoted(close)}?` : ''}`,
          ...(close ? { fixes: [{ title: `Change to '{{${close}}}'`, edits: [{ ...at, content: `{{${close}}}` }], preferred: true }] } : {}),
        });
      }
    }
  },
};
