// Completion and hover in a tests file: what only the connector beside it knows (its operations, their values and
// options). The file's shape (name, expect, status, ...) is the JSON Schema's, which editors complete themselves.
import { findNodeAtOffset, getLocation, type Node } from 'jsonc-parser';
import type { CompletionProposal } from '../features/completion';
import type { HoverInfo } from '../features/hover';
import type { Connector } from '../model';
import type { ParsedDocument } from '../parse';
import { describeInputs, listOperations, type InputDescription } from '../request/inputs';
import { optionId } from '../values/check';
import { nodeAtPath, propertiesOf, valueOf } from '../tree';

/** A tests file as completion and hover read it: its parse and the connector beside it (its model, if it has one). */
export interface TestsDocument {
  readonly parsed: ParsedDocument;
  readonly connector: Connector | undefined;
}

/** The value a completion inserts for an input, as a snippet: a placeholder of the right JSON type. */
function valueSnippet(input: InputDescription): string {
  if (input.options?.length) {
    const ids = input.options.map((_, i) => optionId(i)).join(',');
    return input.type === 'array' ? `["\${1|${ids}|}"]` : `"\${1|${ids}|}"`;
  }
  switch (input.type) {
    case 'integer':
    case 'number': return '${1:0}';
    case 'boolean': return '${1|true,false|}';
    case 'array': return '[$1]';
    case 'object': return '{$1}';
    case 'fileGallery': return '{ "Filename": "$1", "Data": "$2" }';
    default: return '"$1"';
  }
}

/** How an input is described: type, format, where it goes, whether it is needed, its default and description. */
export function describeInput(input: InputDescription): string {
  const type = `${input.type}${input.format ? ` (${input.format})` : ''}${input.items ? ` of ${input.items.type}` : ''}`;
  const parts = [`\`${input.name}\` — ${type}, ${input.role === 'variable' ? 'a variable inserted as text' : input.role}${input.required ? ', required' : ''}`];
  if (input.default !== undefined) parts.push(`Default: \`${JSON.stringify(input.default)}\``);
  if (input.options?.length) parts.push(`Options: ${input.options.map((o, i) => `\`${optionId(i)}\` = ${o}`).join(', ')}`);
  if (input.description) parts.push(input.description);
  return parts.join('\n\n');
}

function caseNode(root: Node | undefined, index: unknown): Node | undefined {
  return typeof index === 'number' ? nodeAtPath(root, ['cases', index]) : undefined;
}

function operationOf(root: Node | undefined, index: unknown): string | undefined {
  const value = valueOf(caseNode(root, index), 'operation')?.value;
  return typeof value === 'string' ? value : undefined;
}

/** The span a proposal replaces: the string being typed (quotes included), or nothing at the cursor. */
function replaceSpan(node: Node | undefined, offset: number): { offset: number; length: number } {
  return node && node.type === 'string' && offset >= node.offset && offset <= node.offset + node.length ? { offset: node.offset, length: node.length } : { offset, length: 0 };
}

/** Completion in a tests file: operation ids, the operation's value names, option ids and booleans. */
export function testsCompletions(tests: TestsDocument, offset: number): CompletionProposal[] {
  const { connector } = tests;
  const { text, root } = tests.parsed;
  if (!connector) return [];
  const location = getLocation(text, offset);
  const path = location.path;
  if (path[0] !== 'cases' || typeof path[1] !== 'number') return [];
  const node = root ? findNodeAtOffset(root, offset, true) : undefined;
  const replace = replaceSpan(node, offset);
  if (path.length === 3 && path[2] === 'operation' && !location.isAtPropertyKey) {
    return listOperations(connector).map((o) => ({ label: o.id, kind: 'reference', insertText: JSON.stringify(o.id), documentation: `${o.label}${o.summary ? `\n\n${o.summary}` : ''}`, replace }));
  }
  const operationId = operationOf(root, path[1]);
  const inputs = operationId === undefined ? undefined : describeInputs(connector, operationId);
  if (!inputs || path[2] !== 'values') return [];
  if (path.length === 4 && location.isAtPropertyKey) {
    const present = new Set(propertiesOf(valueOf(caseNode(root, path[1]), 'values')).map((p) => p.key));
    return inputs.filter((i) => !present.has(i.name) || i.name === path[3]).map((i) => ({
      label: i.name,
      kind: 'property',
      insertText: `${JSON.stringify(i.name)}: ${valueSnippet(i)}`,
      snippet: true,
      documentation: describeInput(i),
      replace,
    }));
  }
  if (path.length >= 4 && !location.isAtPropertyKey) {
    const input = inputs.find((i) => i.name === path[3]);
    if (input?.options?.length) return input.options.map((o, i) => ({ label: `${optionId(i)} — ${o}`, kind: 'value', insertText: JSON.stringify(optionId(i)), documentation: `Sends ${JSON.stringify(o)}.`, replace }));
    if (input?.type === 'boolean') return ['true', 'false'].map((b) => ({ label: b, kind: 'value', insertText: b, replace }));
  }
  return [];
}

/** Hover in a tests file: the operation a case sends, and what each value is. */
export function testsHover(tests: TestsDocument, offset: number): HoverInfo | undefined {
  const { connector } = tests;
  const { text, root } = tests.parsed;
  if (!connector) return undefined;
  const node = root ? findNodeAtOffset(root, offset, false) : undefined;
  if (!node) return undefined;
  const path = getLocation(text, offset).path;
  if (path[0] !== 'cases' || typeof path[1] !== 'number') return undefined;
  const span = { offset: node.offset, length: node.length };
  if (path[2] === 'operation' && path.length === 3) {
    const operation = listOperations(connector).find((o) => o.id === node.value);
    return operation ? { markdown: `**${operation.id}** — \`${operation.label}\`${operation.summary ? `\n\n${operation.summary}` : ''}`, ...span } : undefined;
  }
  if (path[2] === 'values' && typeof path[3] === 'string' && path.length === 4) {
    const operationId = operationOf(root, path[1]);
    const input = operationId === undefined ? undefined : describeInputs(connector, operationId)?.find((i) => i.name === path[3]);
    return input ? { markdown: describeInput(input), ...span } : undefined;
  }
  return undefined;
}
