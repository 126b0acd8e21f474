import { closeMatches } from '../../closeMatches';
import { eachParameter, parameterName, quoted } from '../restShared';
import type { RestRule } from '../types';

/** An object body names a model defined in `models`. */
export const unknownModel: RestRule = {
  id: 'unknown-model',
  appliesTo: 'rest',
  defaultSeverity: 'error',
  docs: {
    summary: 'An `object` body parameter without a `model`, or naming a model that `models` does not define.',
    why: "An object parameter is an instance of a model defined in the connector's models; a name that matches no model leaves its shape unknown.",
    fix: 'Changes the name to the closest defined model.',
  },
  check(connector, context) {
    const names = connector.models?.definitions.map((d) => d.name) ?? [];
    for (const { parameter } of eachParameter(connector)) {
      if (parameter.type?.value !== 'object' || parameter.location?.value !== 'body') continue;
      const model = parameter.model;
      if (!model) {
        context.report({
          at: parameter.type.node,
          message: `Object body ${quoted(parameterName(parameter))} needs a 'model' naming its shape in 'models'${names.length ? ` (${names.map(quoted).join(', ')})` : ''}.`,
        });
        continue;
      }
      if (names.includes(model.value)) continue;
      const [close] = closeMatches(model.value, names, 1);
      context.report({
        at: model.node,
        message: `Model ${quoted(model.value)} is not defined in 'models'.${close ? ` Did you mean ${quoted(close)}?` : ' Define it under "models".'}`,
        ...(close
          ? { fixes: [{ title: `Change to '${close}'`, edits: [{ offset: model.node.offset, length: model.node.length, content: JSON.stringify(close) }], preferred: true }] }
          : {}),
      });
    }
  },
};
