import type { Node } from 'jsonc-parser';
import { closeMatches, listedNames } from '../../closeMatches';
import { refName } from '../../values/model';
import { propertiesOf } from '../../tree';
import { modelNames, quoted } from '../restShared';
import type { ModelRule } from '../types';

function* refsIn(node: Node | undefined, depth = 0): Generator<Node> {
  if (!node || depth > 64) return;
  if (node.type === 'object') {
    for (const { key, valueNode } of propertiesOf(node)) {
      if (key === '$ref' && valueNode?.type === 'string') yield valueNode;
      else yield* refsIn(valueNode, depth + 1);
    }
  } else if (node.type === 'array') {
    for (const child of node.children ?? []) yield* refsIn(child, depth + 1);
  }
}

/**
 * Whether a model's text can hold a `$ref` key: written as is, or with an escape (a backslash) in it. Most models
 * have none, and their nodes need not be made to find out.
 */
function mayHoldRef(text: string, node: Node | undefined): boolean {
  if (!node) return false;
  const source = text.slice(node.offset, node.offset + node.length);
  return source.includes('$ref') || source.includes('\\');
}

/** A `$ref` inside a model names another model; one that names nothing leaves values unchecked. */
export const unknownModelRef: ModelRule<'models'> = {
  id: 'unknown-model-ref',
  subject: 'model',
  reads: { models: true },
  defaultSeverity: 'error',
  docs: {
    summary: 'A `$ref` in a model that does not name a model in `models` (`"#/models/Name"`).',
    why: 'A model refers to another model as "#/models/Name", and object values are checked against their model before sending; a reference to a model that does not exist leaves that part of the value unchecked and unknown to the platform.',
    fix: 'Changes the reference to the closest defined model.',
  },
  check(model, { text, connector, report }) {
    if (!mayHoldRef(text, model.node)) return;
    const names = modelNames(connector.models);
    for (const ref of refsIn(model.node)) {
      const value = String(ref.value);
      const name = refName(value);
      if (name !== undefined && names.set.has(name)) continue;
      const [close] = closeMatches(name ?? value, names.list, 1, names.suggestions);
      report({
        at: ref,
        message: `${JSON.stringify(value)} does not name a model in 'models'.${close ? ` Did you mean ${quoted(close)}?` : ` Write "#/models/<Name>" with one of ${listedNames(names.list, quoted) || 'the defined models'}.`}`,
        ...(close ? { fixes: [{ title: `Change to '#/models/${close}'`, edits: [{ offset: ref.offset, length: ref.length, content: JSON.stringify(`#/models/${close}`) }], preferred: true }] } : {}),
      });
    }
  },
};
