import type { ConnectorDocument } from '../document';
import type { Span, TextEdit } from '../findings';
import type { RestConnector, RestOperation } from '../model';
import { pathPlaceholders, variablePlaceholders } from '../placeholders';
import { stringOffsets } from '../tree';
import { locate } from './locate';

/** What a name under the cursor stands for. */
export type NamedThing =
  | { kind: 'model'; name: string; span: Span }
  | { kind: 'parameter'; name: string; operation: RestOperation; span: Span };

interface Occurrence {
  span: Span;
  /** How the span is rewritten for a new name. */
  rewrite(name: string): string;
  definition: boolean;
}

function inside(span: Span, offset: number): boolean {
  return offset >= span.offset && offset <= span.offset + span.length;
}

function placeholderSpans(text: string, node: { offset: number; length: number; value?: unknown }, double: boolean): { name: string; span: Span }[] {
  const value = String(node.value ?? '');
  const offsetOf = stringOffsets(text, node as Parameters<typeof stringOffsets>[1]);
  return (double ? variablePlaceholders(value) : pathPlaceholders(value)).map((p) => {
    const start = offsetOf(p.index);
    const end = offsetOf(p.index + p.length);
    return { name: p.name, span: { offset: start, length: end - start } };
  });
}

/** Every place a model or parameter name appears, the definition first. */
function occurrences(text: string, connector: RestConnector, thing: NamedThing): Occurrence[] {
  const out: Occurrence[] = [];
  if (thing.kind === 'model') {
    const definition = connector.models?.definitions.find((d) => d.name === thing.name);
    if (definition) out.push({ span: definition.keyNode, rewrite: (n) => JSON.stringify(n), definition: true });
    for (const operation of connector.operations) {
      for (const parameter of operation.parameters) {
        if (parameter.model?.value === thing.name) out.push({ span: parameter.model.node, rewrite: (n) => JSON.stringify(n), definition: false });
      }
    }
    return out;
  }
  const { operation, name } = thing;
  const parameter = operation.parameters.find((p) => p.name?.value === name);
  if (parameter?.name) out.push({ span: parameter.name.node, rewrite: (n) => JSON.stringify(n), definition: true });
  if (operation.path && parameter?.location?.value === 'path') {
    for (const p of placeholderSpans(text, operation.path.node, false)) {
      if (p.name === name) out.push({ span: p.span, rewrite: (n) => `{${n}}`, definition: false });
    }
  }
  for (const other of operation.parameters) {
    if (!other.template) continue;
    for (const p of placeholderSpans(text, other.template.node, true)) {
      if (p.name === name) out.push({ span: p.span, rewrite: (n) => `{{${n}}}`, definition: false });
    }
  }
  return out;
}

/** The model or parameter name at an offset: a definition, a `model` reference, or a placeholder. */
export function namedThingAt(document: ConnectorDocument, offset: number): NamedThing | undefined {
  const { connector } = document;
  const { text } = document.parsed;
  if (connector?.kind !== 'rest') return undefined;
  for (const definition of connector.models?.definitions ?? []) {
    if (inside(definition.keyNode, offset)) return { kind: 'model', name: definition.name, span: definition.keyNode };
  }
  const operation = locate(document, offset).operation;
  if (operation) {
    for (const parameter of operation.parameters) {
      if (parameter.model && inside(parameter.model.node, offset)) return { kind: 'model', name: parameter.model.value, span: parameter.model.node };
      if (parameter.name && inside(parameter.name.node, offset)) return { kind: 'parameter', name: parameter.name.value, operation, span: parameter.name.node };
      if (parameter.template && inside(parameter.template.node, offset)) {
        const hit = placeholderSpans(text, parameter.template.node, true).find((p) => inside(p.span, offset));
        if (hit) return { kind: 'parameter', name: hit.name, operation, span: hit.span };
      }
    }
    if (operation.path && inside(operation.path.node, offset)) {
      const hit = placeholderSpans(text, operation.path.node, false).find((p) => inside(p.span, offset));
      if (hit) return { kind: 'parameter', name: hit.name, operation, span: hit.span };
    }
  }
  return undefined;
}

/** Where the name at an offset is defined (a model's key, a parameter's name). */
export function definitionAt(document: ConnectorDocument, offset: number): Span | undefined {
  const { connector } = document;
  const thing = namedThingAt(document, offset);
  if (!thing || connector?.kind !== 'rest') return undefined;
  return occurrences(document.parsed.text, connector, thing).find((o) => o.definition)?.span;
}

/** Every use of the name at an offset (with its definition when asked). */
export function referencesAt(document: ConnectorDocument, offset: number, includeDefinition: boolean): Span[] {
  const { connector } = document;
  const thing = namedThingAt(document, offset);
  if (!thing || connector?.kind !== 'rest') return [];
  return occurrences(document.parsed.text, connector, thing).filter((o) => includeDefinition || !o.definition).map((o) => o.span);
}

const VALID_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** The edits that rename a model or parameter everywhere it is used, or why it cannot be renamed so. */
export function renameAt(document: ConnectorDocument, offset: number, newName: string): { edits: TextEdit[] } | { error: string } {
  const { connector } = document;
  const thing = namedThingAt(document, offset);
  if (!thing || connector?.kind !== 'rest') return { error: 'Only models and parameters can be renamed here.' };
  if (!VALID_NAME.test(newName)) return { error: `'${newName}' is not a valid name: use letters, digits, '_', '.' and '-', starting with a letter or '_'.` };
  if (newName === thing.name) return { edits: [] };
  const taken = thing.kind === 'model'
    ? connector.models?.definitions.some((d) => d.name === newName)
    : thing.operation.parameters.some((p) => p.name?.value === newName);
  if (taken) return { error: `${thing.kind === 'model' ? 'A model' : 'A parameter of this operation'} is already named '${newName}'.` };
  const found = occurrences(document.parsed.text, connector, thing);
  if (!found.some((o) => o.definition)) return { error: `'${thing.name}' is not defined, so there is nothing to rename.` };
  return { edits: found.map((o) => ({ offset: o.span.offset, length: o.span.length, content: o.rewrite(newName) })) };
}
