import type { Node } from 'jsonc-parser';
import type { ConnectorDocument } from '../document';
import { pathPlaceholders, variablePlaceholders } from '../placeholders';
import { stringOffsets } from '../tree';
import { checkValue } from '../values/check';
import { exactOfNode } from '../values/exactJson';
import { specOfParameter } from '../values/spec';
import { jsonText, scalarText } from '../values/write';
import { objectKindAt } from './context';
import { propertyDescription, VALUE_DOCS } from './descriptions';
import { locate } from './locate';
import { requestLinePreview } from '../request/rest';
import { PROPERTY } from '../parse/jsonTree';

/** Hover text (Markdown) and the span it is about. */
export interface HoverInfo {
  markdown: string;
  offset: number;
  length: number;
}

function placeholderAt(text: string, node: Node, offset: number, double: boolean): { name: string; offset: number; length: number } | undefined {
  const value = String(node.value);
  const offsetOf = stringOffsets(text, node);
  for (const p of double ? variablePlaceholders(value) : pathPlaceholders(value)) {
    const start = offsetOf(p.index);
    const end = offsetOf(p.index + p.length);
    if (offset >= start && offset < end) return { name: p.name, offset: start, length: end - start };
  }
  return undefined;
}

/** What the thing under the cursor means and does at run time. */
export function hoverAt(document: ConnectorDocument, offset: number): HoverInfo | undefined {
  const { text, tree } = document.parsed;
  const { connector } = document;
  const at = tree ? tree.nodeAt(offset, false) : -1;
  if (!tree || at < 0) return undefined;
  const node = tree.node(at);
  const span = { offset: node.offset, length: node.length };
  const parent = tree.parent(at);
  const property = parent >= 0 && tree.kind(parent) === PROPERTY ? parent : -1;
  const isKey = property >= 0 && at === property + 1;
  const path = tree.path(at);
  const holder = objectKindAt(property >= 0 ? tree.path(tree.parent(property) >= 0 ? tree.parent(property) : property) : []);
  const here = locate(document, offset);

  if (isKey && typeof node.value === 'string') {
    const description = propertyDescription(holder, node.value);
    return description ? { markdown: `**${node.value}**: ${description}`, ...span } : undefined;
  }
  const key = property >= 0 ? tree.key(property) : undefined;

  // The parameter behind a {placeholder} in a path, and the one behind {{name}} in a template.
  if (node.type === 'string' && (key === 'path' || key === 'template') && here.operation) {
    const placeholder = placeholderAt(text, node, offset, key === 'template');
    if (placeholder) {
      const parameter = here.operation.parameters.find((p) => p.name?.value === placeholder.name && (key === 'template' || p.location?.value === 'path'));
      const markdown = parameter
        ? `**${placeholder.name}**: ${parameter.location?.value ?? '?'} parameter, ${parameter.type?.value ?? '?'}${parameter.required?.value || parameter.location?.value === 'path' ? ', required' : ''}${parameter.description ? `\n\n${parameter.description.value}` : ''}`
        : `**${placeholder.name}**: no ${key === 'path' ? 'path ' : ''}parameter has this name.`;
      return { markdown, offset: placeholder.offset, length: placeholder.length };
    }
  }
  // An option: its id in the machine step.
  if (path.length >= 2 && path[path.length - 2] === 'options' && typeof path[path.length - 1] === 'number') {
    const index = Number(path[path.length - 1]);
    return { markdown: `Option **c${index + 1}**: a workflow supplies ${JSON.stringify(node.value)} as \`"c${index + 1}"\`.`, ...span };
  }
  // A default: what the values module makes of it, as it would be sent.
  if (key === 'default' && here.parameter && !isKey) {
    const spec = specOfParameter(here.parameter);
    if (spec) {
      const checked = checkValue(spec, exactOfNode(node, text));
      const body = here.parameter.location?.value === 'body';
      const markdown = checked.ok
        ? `Sent as \`${body ? jsonText(checked.value) : scalarText(checked.value)}\`${body ? ' (JSON body)' : ''} when no value is supplied.`
        : `This default does not fit: it ${checked.message}.`;
      return { markdown, ...span };
    }
  }
  // The operation's request line, on its id, method or path.
  if (connector?.kind === 'rest' && here.operation && !here.parameter && (key === 'id' || key === 'method' || key === 'path')) {
    return { markdown: `\`\`\`http\n${requestLinePreview(connector, here.operation)}\n\`\`\``, ...span };
  }
  if (key && typeof node.value === 'string') {
    const docs = VALUE_DOCS[key]?.[node.value];
    if (docs) return { markdown: `**${node.value}**: ${docs}`, ...span };
  }
  return undefined;
}
