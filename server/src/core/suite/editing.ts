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
import { BUILT_INS } from './scenario';

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

/** Text as a Markdown code span that shows it whole: fenced by more backticks than any run of them inside it. */
function markdownCode(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** How an input is described: type, format, where it goes, whether it is needed, its default and description. */
export function describeInput(input: InputDescription): string {
  const type = `${input.type}${input.format ? ` (${input.format})` : ''}${input.items ? ` of ${input.items.type}` : ''}`;
  const parts = [`\`${input.name}\` — ${type}, ${input.role === 'variable' ? 'a variable inserted as text' : input.role}${input.required ? ', required' : ''}`];
  if (input.default !== undefined) parts.push(`Default: ${markdownCode(input.default)}`);
  if (input.options?.length) parts.push(`Options: ${input.options.map((o, i) => `\`${optionId(i)}\` = ${o}`).join(', ')}`);
  if (input.description) parts.push(input.description);
  return parts.join('\n\n');
}

/** What sends an operation at a place: a case, or a scenario's step; `rest` is the path inside it. */
interface Sender {
  node: Node | undefined;
  rest: Segment[];
  /** For a step: its scenario's steps node and its index there. */
  step?: { steps: Node | undefined; index: number };
}

type Segment = string | number;

function senderAt(root: Node | undefined, path: readonly Segment[]): Sender | undefined {
  if (path[0] !== 'cases' || typeof path[1] !== 'number') return undefined;
  if (path[2] === 'steps' && typeof path[3] === 'number') {
    const steps = nodeAtPath(root, ['cases', path[1], 'steps']);
    return { node: nodeAtPath(root, ['cases', path[1], 'steps', path[3]]), rest: path.slice(4), step: { steps, index: path[3] } };
  }
  return { node: nodeAtPath(root, ['cases', path[1]]), rest: path.slice(2) };
}

function operationOf(sender: Sender): string | undefined {
  const value = valueOf(sender.node, 'operation')?.value;
  return typeof value === 'string' ? value : undefined;
}

/** The names a step's values may use: what earlier steps capture, then the built-ins. */
function placeholderNames(sender: Sender): { name: string; documentation: string }[] {
  if (!sender.step) return [];
  const earlier = (sender.step.steps?.children ?? []).slice(0, sender.step.index);
  const captured = new Map<string, string>();
  for (const [index, step] of earlier.entries()) {
    for (const entry of propertiesOf(valueOf(step, 'capture'))) {
      if (typeof entry.valueNode?.value === 'string') captured.set(entry.key, `Captured by step ${index + 1} (${String(valueOf(step, 'operation')?.value ?? '?')}) from ${entry.valueNode.value}.`);
    }
  }
  const builtIns: Record<(typeof BUILT_INS)[number], string> = {
    $uuid: 'A new random UUID at each occurrence.',
    $timestamp: 'The time now, in Unix seconds (a number).',
    $isoTimestamp: 'The time now, as an ISO 8601 text (UTC).',
    $randomInt: 'A new random whole number (within 32 bits) at each occurrence.',
  };
  return [...[...captured].map(([name, documentation]) => ({ name, documentation })), ...BUILT_INS.map((name) => ({ name, documentation: builtIns[name] }))];
}

/** Inside a string being typed after `{{`: where the name starts, or undefined. */
function openPlaceholderAt(text: string, node: Node | undefined, offset: number): number | undefined {
  if (node?.type !== 'string' || offset <= node.offset || offset >= node.offset + node.length) return undefined;
  const before = text.slice(node.offset + 1, offset);
  const open = before.lastIndexOf('{{');
  if (open < 0 || before.indexOf('}}', open) >= 0) return undefined;
  return node.offset + 1 + open + 2;
}

/** The span a proposal replaces: the string being typed (quotes included), or nothing at the cursor. */
function replaceSpan(node: Node | undefined, offset: number): { offset: number; length: number } {
  return node && node.type === 'string' && offset >= node.offset && offset <= node.offset + node.length ? { offset: node.offset, length: node.length } : { offset, length: 0 };
}

/** Completion in a tests file (cases and scenario steps): operation ids, value names, option ids, booleans, and after `{{` the names earlier steps capture and the built-ins. */
export function testsCompletions(tests: TestsDocument, offset: number): CompletionProposal[] {
  const { connector } = tests;
  const { text, root } = tests.parsed;
  if (!connector) return [];
  const location = getLocation(text, offset);
  const sender = senderAt(root, location.path);
  if (!sender) return [];
  const path = sender.rest;
  const node = root ? findNodeAtOffset(root, offset, true) : undefined;
  const replace = replaceSpan(node, offset);
  if (path.length === 1 && path[0] === 'operation' && !location.isAtPropertyKey) {
    return listOperations(connector).map((o) => ({ label: o.id, kind: 'reference', insertText: JSON.stringify(o.id), documentation: `${o.label}${o.summary ? `\n\n${o.summary}` : ''}`, replace }));
  }
  const nameStart = path[0] === 'values' && !location.isAtPropertyKey ? openPlaceholderAt(text, node, offset) : undefined;
  if (nameStart !== undefined) {
    return placeholderNames(sender).map((p) => ({ label: p.name, kind: 'value', insertText: `${p.name}}}`, documentation: p.documentation, replace: { offset: nameStart, length: offset - nameStart } }));
  }
  const operationId = operationOf(sender);
  const inputs = operationId === undefined ? undefined : describeInputs(connector, operationId);
  if (!inputs || path[0] !== 'values') return [];
  if (path.length === 2 && location.isAtPropertyKey) {
    const present = new Set(propertiesOf(valueOf(sender.node, 'values')).map((p) => p.key));
    return inputs.filter((i) => !present.has(i.name) || i.name === path[1]).map((i) => ({
      label: i.name,
      kind: 'property',
      insertText: `${JSON.stringify(i.name)}: ${valueSnippet(i)}`,
      snippet: true,
      documentation: describeInput(i),
      replace,
    }));
  }
  if (path.length >= 2 && !location.isAtPropertyKey) {
    const input = inputs.find((i) => i.name === path[1]);
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
  const sender = senderAt(root, getLocation(text, offset).path);
  if (!sender) return undefined;
  const path = sender.rest;
  const span = { offset: node.offset, length: node.length };
  if (path[0] === 'operation' && path.length === 1) {
    const operation = listOperations(connector).find((o) => o.id === node.value);
    return operation ? { markdown: `**${operation.id}** — \`${operation.label}\`${operation.summary ? `\n\n${operation.summary}` : ''}`, ...span } : undefined;
  }
  if (path[0] === 'values' && typeof path[1] === 'string' && path.length === 2) {
    const operationId = operationOf(sender);
    const input = operationId === undefined ? undefined : describeInputs(connector, operationId)?.find((i) => i.name === path[1]);
    return input ? { markdown: describeInput(input), ...span } : undefined;
  }
  return undefined;
}
