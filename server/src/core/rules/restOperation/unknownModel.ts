import { closeMatches, listedNames } from '../../closeMatches';
import { modelNames, parameterName, quoted } from '../restShared';
import type { ParameterRule } from '../types';

/** An object body names a model defined in `models`; so does a body array of objects that names one. */
export const unknownModel: ParameterRule<'models'> = {
  id: 'unknown-model',
  subject: 'parameter',
  reads: { models: true },
  defaultSeverity: 'error',
  docs: {
    summary: 'An `object` body parameter without a `model`, or an object body or a body array of objects naming a model that `models` does not define.',
    why: "An object parameter is an instance of a model defined in the connector's models; a name that matches no model leaves its shape unknown.",
    fix: 'Changes the name to the closest defined model.',
  },
  check(parameter, { connector, report }) {
    const type = parameter.type?.value;
    if ((type !== 'object' && type !== 'array') || parameter.location?.value !== 'body' || !parameter.type) return;
    const names = modelNames(connector.models);
    const model = parameter.model;
    // An array's objects may be free; when it names their model, the name must be one.
    if (!model && type === 'array') return;
    if (!model) {
      report({
        at: parameter.type.node,
        message: `Object body ${quoted(parameterName(parameter))} needs a 'model' naming its shape in 'models'${names.list.length ? ` (${listedNames(names.list, quoted)})` : ''}.`,
      });
      return;
    }
    if (names.set.has(model.value)) return;
    const [close] = closeMatches(model.value, names.list, 1, names.suggestions);
    report({
      at: model.node,
      message: `Model ${quoted(model.value)} is not defined in 'models'.${close ? ` Did you mean ${quoted(close)}?` : ' Define it under "models".'}`,
      ...(close
        ? { fixes: [{ title: `Change to '${close}'`, edits: [{ offset: model.node.offset, length: model.node.length, content: JSON.stringify(close) }], preferred: true }] }
        : {}),
    });
  },
};
