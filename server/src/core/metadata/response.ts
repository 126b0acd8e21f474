import type { Node } from 'jsonc-parser';
import type { JsonValue } from '../tree';
import { closeMatches, suggestionBudget } from '../closeMatches';
import { memberOf, navigationOf, propertiesOf, shortName, structuredType } from './lookups';
import type { EdmStructuredType, ServiceMetadata } from './model';
import { splitOutside } from './pathSyntax';
import { jsonTypeOfEdm, shapeOf } from './primitives';
import type { PathState } from './resourcePath';
import type { Span } from '../findings';

/** What `$select` and `$expand` ask for: the selected names (undefined: all) and each expanded navigation's own. */
export interface Selection {
  select?: Set<string>;
  expand: Map<string, Selection>;
}

/** Reads `$select` and `$expand` values (nested options in parentheses included) into a selection. */
export function selectionOf(select: string | undefined, expand: string | undefined, depth = 0): Selection {
  const selection: Selection = { expand: new Map() };
  if (select !== undefined && select.trim() !== '' && !select.includes('{')) {
    const names = splitOutside(select, 0, ',').map((p) => p.text.replace(/\(.*$/s, '').trim().split('/')[0] ?? '').filter(Boolean);
    if (!names.includes('*')) selection.select = new Set(names);
  }
  if (expand !== undefined && depth < 16 && !expand.includes('{')) {
    for (const { text } of splitOutside(expand, 0, ',')) {
      const open = text.indexOf('(');
      const name = (open >= 0 ? text.slice(0, open) : text).trim().split('/')[0] ?? '';
      if (!name || name === '*') continue;
      const inner = open >= 0 ? text.slice(open + 1, text.lastIndexOf(')') > open ? text.lastIndexOf(')') : undefined) : '';
      const options = new Map(splitOutside(inner, 0, ';').map(({ text: o }) => {
        const eq = o.indexOf('=');
        return [o.slice(0, eq).trim().toLowerCase(), o.slice(eq + 1)] as const;
      }));
      selection.expand.set(name, selectionOf(options.get('$select'), options.get('$expand'), depth + 1));
    }
  }
  return selection;
}

/** The response's shape: a wrapper with `value` for collections and primitives, the entity itself otherwise. */
function wrapped(state: PathState): { kind: 'entity' | 'complex'; type: EdmStructuredType; collection: boolean } | { kind: 'primitive'; name: string; collection: boolean } | undefined {
  if (state.kind === 'collection' || state.kind === 'entity') return { kind: 'entity', type: state.type, collection: state.kind === 'collection' };
  if (state.kind === 'complex') return { kind: 'complex', type: state.type, collection: state.collection };
  if (state.kind === 'primitive') return { kind: 'primitive', name: state.type.name, collection: state.type.collection };
  return undefined;
}

function skeleton(service: ServiceMetadata, type: EdmStructuredType, selection: Selection, depth: number): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const property of propertiesOf(service, type).values()) {
    if (selection.select && !selection.select.has(property.name)) continue;
    if (property.type.name === 'Edm.Stream') continue;
    const complex = shapeOf(service, property.type.name).kind === 'structured' ? structuredType(service, property.type.name) : undefined;
    const value: JsonValue = complex && depth < 8 ? skeleton(service, complex, { expand: new Map() }, depth + 1) : sampleOf(service, property.type.name);
    out[property.name] = property.type.collection ? [value] : value;
  }
  for (const [name, nested] of selection.expand) {
    const navigation = navigationOf(service, type).get(name);
    const target = navigation ? structuredType(service, navigation.type.name) : undefined;
    if (!navigation || !target || depth >= 8) continue;
    const value = skeleton(service, target, nested, depth + 1);
    out[name] = navigation.type.collection ? [value] : value;
  }
  return out;
}

function sampleOf(service: ServiceMetadata, name: string): JsonValue {
  const json = jsonTypeOfEdm(service, { name, collection: false });
  return json === 'number' ? 0 : json === 'boolean' ? false : json === 'object' ? {} : json === 'any' ? null : '';
}

/** The response structure a request's result has: every selected property and expanded navigation, sample values by type. */
export function generateResponseStructure(service: ServiceMetadata, result: PathState, selection: Selection): JsonValue | undefined {
  const shape = wrapped(result);
  if (!shape) return undefined;
  if (shape.kind === 'primitive') return { value: shape.collection ? [sampleOf(service, shape.name)] : sampleOf(service, shape.name) };
  const body = skeleton(service, shape.type, shape.kind === 'entity' ? selection : { expand: new Map() }, 0);
  return shape.collection ? { value: [body] } : body;
}

/** A response structure entry that does not fit the result. */
export interface StructureProblem {
  span: Span;
  message: string;
  replacements?: { span: Span; text: string; title: string }[];
}

function jsonKindOf(node: Node): string {
  return node.type === 'null' ? 'any' : node.type;
}

const KIND_WORD: Readonly<Record<string, string>> = { string: 'a string', number: 'a number', boolean: 'a boolean', object: 'an object', array: 'an array' };

class StructureChecker {
  readonly problems: StructureProblem[] = [];
  /** What suggesting names may still cost in this structure, and each type's member names, listed once. */
  private readonly suggestions = suggestionBudget();
  private readonly memberNames = new Map<EdmStructuredType, string[]>();

  constructor(private readonly service: ServiceMetadata) {}

  private add(node: Node, message: string, replacements?: StructureProblem['replacements']): void {
    this.problems.push({ span: { offset: node.offset, length: node.length }, message, ...(replacements?.length ? { replacements } : {}) });
  }

  private typeMismatch(node: Node, expected: string, what: string, typeName: string): void {
    const actual = jsonKindOf(node);
    if (expected === 'any' || actual === 'any' || actual === expected) return;
    this.add(node, `${what} is ${typeName}, ${KIND_WORD[expected] ?? expected} in the response, but the structure has ${KIND_WORD[actual] ?? actual}.`);
  }

  /** Checks an object of the structure against an entity or complex type and what the request selects. */
  entity(node: Node, type: EdmStructuredType, selection: Selection | undefined, path: string): void {
    if (node.type !== 'object') {
      this.typeMismatch(node, 'object', path || 'The result', shortName(type.qualifiedName));
      return;
    }
    for (const member of node.children ?? []) {
      const keyNode = member.children?.[0];
      const valueNode = member.children?.[1];
      const name = keyNode?.value;
      if (!keyNode || !valueNode || typeof name !== 'string' || name.includes('@')) continue;
      const where = path ? `${path}.${name}` : `'${name}'`;
      const found = memberOf(this.service, type, name);
      if (!found) {
        if (type.openType) continue;
        let candidates = this.memberNames.get(type);
        if (!candidates) this.memberNames.set(type, (candidates = [...propertiesOf(this.service, type).keys(), ...navigationOf(this.service, type).keys()]));
        const close = closeMatches(name, candidates, 3, this.suggestions);
        this.add(keyNode, `${shortName(type.qualifiedName)} has no property '${name}', so the response never has it.${close.length ? ` Did you mean '${close[0]}'?` : ''}`, close.map((c) => ({ span: { offset: keyNode.offset, length: keyNode.length }, text: JSON.stringify(c), title: `Change to '${c}'` })));
        continue;
      }
      if (found.kind === 'property') {
        if (selection?.select && !selection.select.has(name)) {
          this.add(keyNode, `'${name}' is not in $select, so the response does not have it. Add it to $select or remove it here.`);
          continue;
        }
        if (found.type.name === 'Edm.Stream') {
          this.add(keyNode, `'${name}' is a stream (binary content), which a JSON response does not carry.`);
          continue;
        }
        this.value(valueNode, found.type, where);
        continue;
      }
      const nested = selection?.expand.get(name);
      if (selection && !nested) {
        this.add(keyNode, `'${name}' is a navigation property that is not in $expand, so the response does not have it. Add "$expand": "${name}", or remove it here.`);
        continue;
      }
      const target = structuredType(this.service, found.type.name);
      if (!target) continue;
      if (found.type.collection) {
        if (valueNode.type !== 'array') this.typeMismatch(valueNode, 'array', where, `Collection(${shortName(target.qualifiedName)})`);
        else for (const item of (valueNode.children ?? []).slice(0, 1)) this.entity(item, target, nested, `${where}[0]`);
      } else if (valueNode.type !== 'null') this.entity(valueNode, target, nested, where);
    }
  }

  value(node: Node, type: { name: string; collection: boolean }, what: string): void {
    if (type.collection) {
      if (node.type !== 'array') return this.typeMismatch(node, 'array', what, `Collection(${type.name})`);
      const [first] = node.children ?? [];
      if (first) this.value(first, { name: type.name, collection: false }, `${what}[0]`);
      return;
    }
    const complex = shapeOf(this.service, type.name).kind === 'structured' ? structuredType(this.service, type.name) : undefined;
    if (complex && node.type === 'object') return this.entity(node, complex, undefined, what);
    this.typeMismatch(node, jsonTypeOfEdm(this.service, type), what, shortName(type.name));
  }
}

/**
 * Checks a response structure (a node of the connector file) against what the request returns: properties the
 * type does not have or the request does not select or expand, and JSON types that differ.
 */
export function checkResponseStructure(service: ServiceMetadata, result: PathState, structure: Node, selection: Selection): StructureProblem[] {
  const shape = wrapped(result);
  const checker = new StructureChecker(service);
  if (!shape) return [];
  if (shape.collection || shape.kind === 'primitive') {
    if (structure.type !== 'object') return [{ span: { offset: structure.offset, length: structure.length }, message: `The response is an object with 'value' (${shape.collection ? 'an array' : 'the value'}); write the structure as { "value": ${shape.collection ? '[ ... ]' : '...'} }.` }];
    for (const member of structure.children ?? []) {
      const keyNode = member.children?.[0];
      const valueNode = member.children?.[1];
      const name = keyNode?.value;
      if (!keyNode || !valueNode || typeof name !== 'string' || name.includes('@')) continue;
      if (name !== 'value') {
        checker.problems.push({ span: { offset: keyNode.offset, length: keyNode.length }, message: `The response of this request holds its ${shape.collection ? 'items' : 'value'} in 'value' (and annotations such as '@odata.count'); '${name}' is not in it.${shape.kind !== 'primitive' && memberOf(service, shape.type, name) ? ` '${name}' belongs inside "value": [ { ... } ].` : ''}` });
        continue;
      }
      if (shape.kind === 'primitive') checker.value(valueNode, { name: shape.name, collection: shape.collection }, "'value'");
      else if (valueNode.type !== 'array') checker.problems.push({ span: { offset: valueNode.offset, length: valueNode.length }, message: `'value' is an array of ${shortName(shape.type.qualifiedName)} in the response; write it as [ { ... } ].` });
      else for (const item of (valueNode.children ?? []).slice(0, 1)) checker.entity(item, shape.type, shape.kind === 'entity' ? selection : undefined, "'value'[0]");
    }
    return checker.problems;
  }
  checker.entity(structure, shape.type, shape.kind === 'entity' ? selection : undefined, '');
  return checker.problems;
}

