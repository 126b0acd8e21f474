import type { Node } from 'jsonc-parser';
import { parseJsonTree } from '../parse';
import { closeMatches, listedNames, suggestionBudget } from '../closeMatches';
import { variableLengthAt } from '../placeholders';
import { fillVariables } from '../request/bodyTemplate';
import { LONGEST_REMEMBERED, TextKeyed } from '../rememberedByText';
import { callerParameters, isOptionalParameter } from './arguments';
import { annotation, derivesFrom, isMandatory, isReadOnly, navigationOf, propertiesOf, qualifyName, shortName, structuredType } from './lookups';
import type { EdmOperation, EdmParameter, EdmStructuredType, ServiceMetadata, TypeRef } from './model';
import { TERMS } from './model';
import type { Range } from './pathSyntax';
import { jsonScalarProblem, jsonTypeOfEdm, shapeOf } from './primitives';

/** Which check a body problem belongs to (each is its own rule). */
export type BodyProblemKind = 'unknown-property' | 'value-type' | 'read-only' | 'missing-required' | 'parameter';

export interface BodyProblem {
  kind: BodyProblemKind;
  /** Range in the body text (as the connector's string holds it, placeholders unfilled). */
  range: Range;
  message: string;
  replacements?: { range: Range; text: string; title: string }[];
}

/** What a body is judged against: an entity or complex value (create, update, replace), or an action's parameters. */
export type BodySubject =
  | { kind: 'structured'; type: EdmStructuredType; operation: 'create' | 'update' | 'replace' }
  | { kind: 'action'; operation: EdmOperation };

/** A parsed body whose ranges lead back to the unfilled text, and which values are {{variables}}. */
export interface BodyTree {
  root: Node;
  range(node: Node): Range;
  isVariable(node: Node): boolean;
  /** Whether a string value holds a {{variable}} (its content is only known when sent). */
  hasVariable(node: Node): boolean;
}

/** Parses a body with its {{variables}} filled by samples; undefined when it is not JSON (another rule says so). */
export function parseBody(body: string): BodyTree | undefined {
  const filled = fillVariables(body);
  const parsed = parseJsonTree(filled.text, { disallowComments: true, allowTrailingComma: false });
  // Nested too deep or not JSON: invalid-body-json says so.
  if (parsed.tooDeep !== undefined || !parsed.root || parsed.errors.length > 0) return undefined;
  const { root } = parsed;
  const range = (node: Node): Range => {
    const start = filled.originalIndex(node.offset);
    const end = node.length === 0 ? start : filled.originalIndex(node.offset + node.length - 1) + 1;
    // A filled sample maps to its placeholder's start: the end then lies past the whole placeholder.
    const placeholder = variableLengthAt(body, start);
    return { start, end: Math.max(end, placeholder !== undefined && node.type !== 'object' && node.type !== 'array' ? start + placeholder : end) };
  };
  return {
    root,
    range,
    isVariable: (node) => body.startsWith('{{', range(node).start),
    hasVariable: (node) => node.type === 'string' && body.slice(range(node).start, range(node).end).includes('{{'),
  };
}

function jsonKind(node: Node): string {
  return node.type === 'null' ? 'null' : node.type;
}

class BodyChecker {
  readonly problems: BodyProblem[] = [];
  /** What suggesting names may still cost in this body, and each list of names suggested from, made once. */
  private readonly suggestions = suggestionBudget();
  private readonly namesLists = new Map<string, string[]>();

  constructor(private readonly service: ServiceMetadata, private readonly tree: BodyTree) {}

  private add(kind: BodyProblemKind, node: Node, message: string, replacements?: BodyProblem['replacements']): void {
    this.problems.push({ kind, range: this.tree.range(node), message, ...(replacements?.length ? { replacements } : {}) });
  }

  /** Checks one value against a type; `what` names it in messages ("'Status'"). */
  value(node: Node, type: TypeRef, nullable: boolean, what: string, kind: BodyProblemKind, operation: 'create' | 'update' | 'replace' | 'action'): void {
    if (this.tree.isVariable(node)) return;
    if (node.type === 'null') {
      if (!nullable) this.add(kind, node, `${what} cannot be null (it is declared Nullable="false").`);
      return;
    }
    const expected = jsonTypeOfEdm(this.service, type);
    if (type.collection) {
      if (node.type !== 'array') return this.add(kind, node, `${what} is a collection (${type.name}): write a JSON array, not ${jsonKind(node) === 'object' ? 'an object' : `a ${jsonKind(node)}`}.`);
      for (const item of node.children ?? []) this.value(item, { name: type.name, collection: false }, true, `An item of ${what}`, kind, operation);
      return;
    }
    if (expected === 'object') {
      const structured = structuredType(this.service, shapeOf(this.service, type.name).kind === 'structured' ? type.name : '');
      if (node.type !== 'object') return this.add(kind, node, `${what} is ${structured ? shortName(structured.qualifiedName) : type.name}: write a JSON object, not ${jsonKind(node) === 'array' ? 'an array' : `a ${jsonKind(node)}`}.`);
      if (structured) this.object(node, structured, operation === 'action' ? 'replace' : operation, false);
      return;
    }
    if (expected === 'any') return;
    if (node.type === 'object' || node.type === 'array') return this.add(kind, node, `${what} is ${type.name}: write a ${expected}, not ${node.type === 'object' ? 'an object' : 'an array'}.`);
    if (this.tree.hasVariable(node)) {
      if (expected !== 'string' && !['Edm.Int64', 'Edm.Decimal'].includes(shapeOf(this.service, type.name).kind === 'primitive' ? type.name : '')) {
        this.add(kind, node, `${what} is ${type.name}: the quotes around the variable make it a JSON string. Remove them so the variable's value is inserted as a ${expected}.`);
      }
      return;
    }
    const scalar = node.value as string | number | boolean;
    const problem = jsonScalarProblem(this.service, type.name, scalar);
    if (problem) this.add(kind, node, `${what} is ${shapeOf(this.service, type.name).kind === 'enum' ? `the enumeration ${shortName(type.name)}` : type.name}: write ${problem}, not ${JSON.stringify(scalar)}.`);
  }

  /** Checks an entity or complex object's members; `top` marks the request's own entity (required members apply). */
  object(node: Node, type: EdmStructuredType, operation: 'create' | 'update' | 'replace', top: boolean): void {
    let actual = type;
    const members = node.children ?? [];
    const typeMember = members.find((m) => m.children?.[0]?.value === '@odata.type');
    const written = typeMember?.children?.[1]?.value;
    if (typeof written === 'string') {
      const cast = structuredType(this.service, qualifyName(this.service, written.replace(/^#/, '')));
      if (cast && derivesFrom(this.service, cast, type)) actual = cast;
    }
    const properties = propertiesOf(this.service, actual);
    const navigation = navigationOf(this.service, actual);
    const present = new Set<string>();
    for (const member of members) {
      const keyNode = member.children?.[0];
      const valueNode = member.children?.[1];
      const name = keyNode?.value;
      if (!keyNode || !valueNode || typeof name !== 'string') continue;
      if (this.tree.isVariable(keyNode)) continue;
      const at = name.indexOf('@');
      if (at === 0) continue;
      if (at > 0) {
        const base = name.slice(0, at);
        if (name.endsWith('@odata.bind') && !navigation.has(base)) this.unknown(keyNode, base, actual, this.namesOf(`${actual.qualifiedName} navigation`, () => [...navigation.keys()]), 'a navigation property', name.slice(at));
        continue;
      }
      present.add(name);
      const property = properties.get(name);
      if (property) {
        const readOnly = isReadOnly(property);
        if (readOnly) this.add('read-only', keyNode, `'${name}' is ${readOnly === 'computed' ? 'computed by the service (Core.Computed)' : 'read-only (Core.Permissions: Read)'}; a value sent for it is ignored or refused. Remove it from the body.`);
        else if (operation !== 'create' && top && annotation(property, TERMS.immutable) === true) this.add('read-only', keyNode, `'${name}' cannot be changed once created (Core.Immutable); an ${operation} must not send it. Remove it from the body.`);
        this.value(valueNode, property.type, property.nullable, `'${name}'`, 'value-type', operation);
        continue;
      }
      const nav = navigation.get(name);
      if (nav) {
        const target = structuredType(this.service, nav.type.name);
        if (!target || this.tree.isVariable(valueNode)) continue;
        if (nav.type.collection) {
          if (valueNode.type !== 'array') this.add('value-type', valueNode, `'${name}' leads to many ${shortName(target.qualifiedName)}: write a JSON array of objects.`);
          else for (const item of valueNode.children ?? []) if (item.type === 'object') this.object(item, target, operation, false);
        } else if (valueNode.type === 'object') this.object(valueNode, target, operation, false);
        else if (valueNode.type !== 'null') this.add('value-type', valueNode, `'${name}' leads to one ${shortName(target.qualifiedName)}: write a JSON object (or use "${name}@odata.bind").`);
        continue;
      }
      if (!actual.openType) this.unknown(keyNode, name, actual, this.namesOf(`${actual.qualifiedName} members`, () => [...properties.keys(), ...navigation.keys()]), 'a property');
    }
    if (!top || operation !== 'create') return;
    const missing = requiredForCreate(this.service, actual).filter((p) => !present.has(p.name));
    if (missing.length > 0) {
      const list = missing.map((p) => `'${p.name}' (${p.type.name}${p.mandatory ? ', mandatory' : ''})`).join(', ');
      const one = missing.length === 1;
      const why = missing.every((p) => p.mandatory) ? `${one ? 'it is' : 'they are'} marked mandatory` : `${one ? 'it is' : 'they are'} not nullable${missing.some((p) => p.mandatory) ? ' or marked mandatory' : ''} and ${one ? 'has' : 'have'} no default`;
      this.add('missing-required', node, `A new ${shortName(actual.qualifiedName)} needs ${list}: ${why}. Add ${one ? 'it' : 'them'} to the body.`);
    }
  }

  /** A list of names to suggest from, made the first time this body needs it. */
  private namesOf(key: string, make: () => string[]): string[] {
    let names = this.namesLists.get(key);
    if (!names) this.namesLists.set(key, (names = make()));
    return names;
  }

  private unknown(keyNode: Node, name: string, type: EdmStructuredType, candidates: string[], what: string, suffix = ''): void {
    const close = closeMatches(name, candidates, 3, this.suggestions);
    const range = this.tree.range(keyNode);
    const replacements = close.map((c) => ({ range, text: JSON.stringify(`${c}${suffix}`), title: `Change to '${c}${suffix}'` }));
    this.problems.push({ kind: 'unknown-property', range, message: `'${name}' is not ${what} of ${shortName(type.qualifiedName)}.${close.length ? ` Did you mean '${close[0]}'?` : ''}`, ...(replacements.length ? { replacements } : {}) });
  }

  /** Checks an action's body: an object of its parameters (the binding parameter excepted). */
  action(node: Node, operation: EdmOperation): void {
    const parameters = callerParameters(operation);
    if (node.type !== 'object') {
      if (parameters.length > 0) this.add('parameter', node, `The body of action '${operation.name}' is a JSON object of its parameters (${parameters.map((p) => p.name).join(', ')}).`);
      return;
    }
    const present = new Set<string>();
    const byName = new Map<string, EdmParameter>();
    for (const p of parameters) if (!byName.has(p.name)) byName.set(p.name, p);
    const names = parameters.map((p) => p.name);
    for (const member of node.children ?? []) {
      const keyNode = member.children?.[0];
      const valueNode = member.children?.[1];
      const name = keyNode?.value;
      if (!keyNode || !valueNode || typeof name !== 'string' || name.includes('@') || this.tree.isVariable(keyNode)) continue;
      present.add(name);
      const parameter = byName.get(name);
      if (!parameter) {
        const close = closeMatches(name, names, 3, this.suggestions);
        const range = this.tree.range(keyNode);
        this.problems.push({ kind: 'parameter', range, message: `Action '${operation.name}' has no parameter '${name}'.${parameters.length ? ` Its parameters: ${listedNames(names, (n) => n)}.` : ' It takes none.'}${close.length ? ` Did you mean '${close[0]}'?` : ''}`, ...(close.length ? { replacements: close.map((c) => ({ range, text: JSON.stringify(c), title: `Change to '${c}'` })) } : {}) });
        continue;
      }
      this.value(valueNode, parameter.type, parameter.nullable, `Parameter '${name}'`, 'parameter', 'action');
    }
    const missing = parameters.filter((p) => !isOptionalParameter(p) && !present.has(p.name));
    if (missing.length > 0) this.add('parameter', node, `Action '${operation.name}' needs ${missing.map((p) => `'${p.name}' (${p.type.name})`).join(', ')} in its body.`);
  }
}

function judgeBody(service: ServiceMetadata, subject: BodySubject, body: string): readonly BodyProblem[] {
  const tree = parseBody(body);
  if (!tree || tree.isVariable(tree.root)) return [];
  const checker = new BodyChecker(service, tree);
  if (subject.kind === 'action') checker.action(tree.root, subject.operation);
  else if (tree.root.type !== 'object') checker.value(tree.root, { name: subject.type.qualifiedName, collection: false }, true, 'The body', 'value-type', subject.operation);
  else checker.object(tree.root, subject.type, subject.operation, true);
  return checker.problems;
}

// Connectors of one service repeat the same bodies for the same entity or action: a body's problems (ranges within
// the body's text) are kept per entity type or action of a service, with a bound for services whose bodies keep
// changing (typing).
const verdicts = new WeakMap<ServiceMetadata, WeakMap<EdmStructuredType | EdmOperation, TextKeyed<readonly BodyProblem[]>>>();
const MAX_VERDICTS = 2000;

/** Checks a Custom request body against what it creates, changes or calls. */
export function checkBody(service: ServiceMetadata, subject: BodySubject, body: string): readonly BodyProblem[] {
  if (body.length > LONGEST_REMEMBERED) return judgeBody(service, subject, body);
  let bySubject = verdicts.get(service);
  if (!bySubject) verdicts.set(service, (bySubject = new WeakMap()));
  const owner = subject.kind === 'action' ? subject.operation : subject.type;
  let known = bySubject.get(owner);
  if (!known) bySubject.set(owner, (known = new TextKeyed(MAX_VERDICTS)));
  const key = subject.kind === 'action' ? body : `${subject.operation}\u0000${body}`;
  let problems = known.get(key);
  if (!problems) {
    problems = judgeBody(service, subject, body);
    known.set(key, problems);
  }
  return problems;
}

/** The members a create body needs: non-nullable or marked mandatory, without default, not computed. */
export function requiredForCreate(service: ServiceMetadata, type: EdmStructuredType): { name: string; type: TypeRef; mandatory: boolean }[] {
  return [...propertiesOf(service, type).values()]
    .filter((p) => (!p.nullable || isMandatory(p)) && p.defaultValue === undefined && !isReadOnly(p) && annotation(p, TERMS.computedDefaultValue) === undefined && p.type.name !== 'Edm.Stream')
    .map((p) => ({ name: p.name, type: p.type, mandatory: p.nullable }));
}

/** A sample JSON value for a type, as a body or response skeleton holds one. */
export function sampleValue(service: ServiceMetadata, type: TypeRef): string | number | boolean | [] | Record<string, never> {
  const json = jsonTypeOfEdm(service, type);
  return json === 'number' ? 0 : json === 'boolean' ? false : json === 'array' ? [] : json === 'object' ? {} : '';
}


