import { closeMatches, spend, suggestionBudget, type SuggestionBudget } from '../closeMatches';
import { boundOperations, containerChild, containerNames, derivesFrom, keyOf, memberOf, navigationOf, propertiesOf, qualifyName, shortName, sourcesOfType, structuredType, typeLabel } from './lookups';
import type { EdmActionImport, EdmEntitySet, EdmFunctionImport, EdmNavigationProperty, EdmOperation, EdmProperty, EdmSingleton, EdmStructuredType, ServiceMetadata, TypeRef } from './model';
import { checkKeyPredicate, checkOperationArguments, type ArgumentProblem } from './arguments';
import { locatePath, pathSegments, type Range, type RawSegment } from './pathSyntax';
import { shapeOf } from './primitives';

/** What the path addresses after a segment. */
export type PathState =
  | { kind: 'root' }
  | { kind: 'collection'; type: EdmStructuredType; source?: EdmEntitySet | EdmSingleton; containment?: EdmNavigationProperty }
  | { kind: 'entity'; type: EdmStructuredType; source?: EdmEntitySet | EdmSingleton; containment?: EdmNavigationProperty }
  | { kind: 'complex'; type: EdmStructuredType; collection: boolean; property?: EdmProperty }
  | { kind: 'primitive'; type: TypeRef; property?: EdmProperty }
  | { kind: 'count' }
  | { kind: 'value'; binary: boolean }
  | { kind: 'ref' }
  | { kind: 'action'; operation: EdmOperation; import?: EdmActionImport }
  | { kind: 'function'; operation: EdmOperation; import?: EdmFunctionImport; result: PathState };

/** What one segment names. */
export type SegmentMeaning =
  | { kind: 'entitySet'; set: EdmEntitySet }
  | { kind: 'singleton'; set: EdmSingleton }
  | { kind: 'actionImport'; import: EdmActionImport; operation?: EdmOperation }
  | { kind: 'functionImport'; import: EdmFunctionImport; operation?: EdmOperation }
  | { kind: 'navigation'; navigation: EdmNavigationProperty; owner: EdmStructuredType }
  | { kind: 'property'; property: EdmProperty; owner: EdmStructuredType }
  | { kind: 'cast'; type: EdmStructuredType }
  | { kind: 'operation'; operation: EdmOperation }
  | { kind: 'count' | 'value' | 'ref' };

export interface ResolvedSegment {
  raw: RawSegment;
  /** What the path addressed before this segment: what completion offers in its place. */
  before: PathState;
  meaning?: SegmentMeaning;
  /** The entity type whose key the segment's parentheses give, when they are a key predicate. */
  keyOf?: EdmStructuredType;
}

export type PathProblemKind = 'segment' | 'key' | 'parameter';

export interface PathProblem {
  kind: PathProblemKind;
  range: Range;
  message: string;
  /** Replacements that fix it, most likely first (a name the user probably meant). */
  replacements?: { range: Range; text: string; title: string }[];
  /**
   * A name the service does not have, and the names it may have meant: which of them to suggest is decided when the
   * problem is reported (`suggested`), from the budget of that check, since a path's problems are shared by checks.
   */
  unknown?: { name: string; candidates: readonly string[] };
}

export interface ResolvedPath {
  pathRange: Range;
  segments: ResolvedSegment[];
  problems: PathProblem[];
  /** What the whole path addresses; absent when it cannot be followed to its end (a problem or a stand-in segment). */
  target?: PathState;
}

/** Why the path was not followed at all. */
export type PathOutcome = { ok: true; path: ResolvedPath } | { ok: false; reason: 'other-service' | 'parameter' };

const SILENT_SEGMENTS = new Set(['$metadata', '$batch', '$all', '$crossjoin', '$entity', '$each', '$query', '$filter', '$apply', '$search']);

/** The state a navigation source (entity set, singleton) or a navigation property leads to. */
function stateOfSource(service: ServiceMetadata, source: EdmEntitySet | EdmSingleton): PathState | undefined {
  const type = structuredType(service, source.kind === 'entitySet' ? source.entityType : source.type);
  if (!type) return undefined;
  return source.kind === 'entitySet' ? { kind: 'collection', type, source } : { kind: 'entity', type, source };
}

/** The state a value of a type leads to (property values, function results). */
export function stateOfType(service: ServiceMetadata, type: TypeRef, property?: EdmProperty, source?: EdmEntitySet | EdmSingleton): PathState {
  const shape = shapeOf(service, type.name);
  if (shape.kind === 'structured') {
    const structured = structuredType(service, shape.name);
    if (structured?.kind === 'entityType') return type.collection ? { kind: 'collection', type: structured, ...(source ? { source } : {}) } : { kind: 'entity', type: structured, ...(source ? { source } : {}) };
    if (structured) return { kind: 'complex', type: structured, collection: type.collection, ...(property ? { property } : {}) };
  }
  return { kind: 'primitive', type, ...(property ? { property } : {}) };
}

/** The entity set a navigation property leads to, from the source's bindings (or the only set of its type). */
function targetSource(service: ServiceMetadata, from: EdmEntitySet | EdmSingleton | undefined, navigation: EdmNavigationProperty): EdmEntitySet | EdmSingleton | undefined {
  const bound = from?.bindings.get(navigation.name) ?? [...(from?.bindings ?? [])].find(([path]) => path.endsWith(`/${navigation.name}`))?.[1];
  if (bound) {
    const child = containerChild(service, bound.slice(bound.lastIndexOf('/') + 1));
    if (child?.kind === 'entitySet' || child?.kind === 'singleton') return child;
  }
  const candidates = sourcesOfType(service, navigation.type.name);
  return candidates.length === 1 ? candidates[0] : undefined;
}

/**
 * The suggestions of one scope (a check of a file, an import): one budget of comparisons for all its unknown names,
 * and what each name was already found to mean, so that a name written again is suggested for again.
 */
export interface PathSuggestions {
  budget: SuggestionBudget;
  made: WeakMap<readonly string[], Map<string, readonly string[]>>;
}

/** A fresh scope of suggestions. */
export function pathSuggestions(): PathSuggestions {
  return { budget: suggestionBudget(), made: new WeakMap() };
}

/** A problem's message and replacements, with the names it most likely meant while the scope's budget lasts. */
export function suggested(problem: PathProblem, scope: PathSuggestions = pathSuggestions()): Pick<PathProblem, 'message' | 'replacements'> {
  const { message, replacements, unknown, range } = problem;
  if (!unknown) return { message, ...(replacements ? { replacements } : {}) };
  let made = scope.made.get(unknown.candidates);
  if (!made) scope.made.set(unknown.candidates, (made = new Map()));
  let close = made.get(unknown.name);
  if (!close) {
    // Past the budget the name is not compared, and nothing is remembered of it.
    if (!spend(scope.budget, unknown.candidates.length)) close = [];
    else made.set(unknown.name, (close = closeMatches(unknown.name, unknown.candidates)));
  }
  return {
    message: close.length ? `${message} Did you mean '${close[0]}'?` : message,
    ...(close.length ? { replacements: close.map((c) => ({ range, text: c, title: `Change to '${c}'` })) } : {}),
  };
}

// The names a segment after an entity (properties, navigation, bound operations) or a collection (bound operations,
// $count) may name, listed once per type: the same list for every request, so each is lower-cased once.
const SINGLE_NAMES = new WeakMap<EdmStructuredType, readonly string[]>();
const COLLECTION_NAMES = new WeakMap<EdmStructuredType, readonly string[]>();

function namesAfter(service: ServiceMetadata, type: EdmStructuredType, single: boolean): readonly string[] {
  const lists = single ? SINGLE_NAMES : COLLECTION_NAMES;
  let names = lists.get(type);
  if (!names) {
    names = [
      ...(single ? [...propertiesOf(service, type).keys(), ...navigationOf(service, type).keys()] : []),
      ...boundOperations(service, type, !single).map((o) => o.qualifiedName),
      ...(single ? [] : ['$count']),
    ];
    lists.set(type, names);
  }
  return names;
}

/** Operations named by a segment: qualified (alias or namespace) or, leniently, unqualified. */
function operationsNamed(candidates: readonly EdmOperation[], service: ServiceMetadata, name: string): EdmOperation[] {
  const qualified = qualifyName(service, name);
  const exact = candidates.filter((o) => o.qualifiedName === qualified);
  return exact.length ? exact : name.includes('.') ? [] : candidates.filter((o) => o.name === name);
}

function castTarget(service: ServiceMetadata, name: string, from: EdmStructuredType): EdmStructuredType | undefined {
  if (!name.includes('.')) return undefined;
  const type = structuredType(service, qualifyName(service, name));
  return type && derivesFrom(service, type, from) ? type : undefined;
}

function problemsOfArguments(kind: PathProblemKind, list: readonly ArgumentProblem[]): PathProblem[] {
  return list.map((p) => ({ kind, range: p.range, message: p.message, ...(p.replacements ? { replacements: p.replacements } : {}) }));
}

/** What follows `state` when a segment names `segment`; problems are added; undefined stops the walk. */
class PathWalker {
  readonly problems: PathProblem[] = [];

  constructor(private readonly service: ServiceMetadata) {}

  private fail(kind: PathProblemKind, range: Range, message: string, replacements?: PathProblem['replacements']): undefined {
    this.problems.push({ kind, range, message, ...(replacements?.length ? { replacements } : {}) });
    return undefined;
  }

  private unknown(range: Range, name: string, candidates: readonly string[], what: string): undefined {
    this.problems.push({ kind: 'segment', range, message: what, unknown: { name, candidates } });
    return undefined;
  }

  /** A key predicate on a collection, checked; the entity it addresses. */
  private keyed(segment: ResolvedSegment, state: Extract<PathState, { kind: 'collection' }>): PathState {
    const args = segment.raw.args;
    if (!args) return state;
    segment.keyOf = state.type;
    this.problems.push(...problemsOfArguments('key', checkKeyPredicate(this.service, state.type, args)));
    return { ...state, kind: 'entity' };
  }

  private noArguments(segment: ResolvedSegment, what: string): void {
    if (segment.raw.args) this.fail('segment', { start: segment.raw.args.range.start - 1, end: segment.raw.args.range.end + 1 }, `${what} takes no parentheses here.`);
  }

  private callOperation(segment: ResolvedSegment, overloads: EdmOperation[], bound: boolean): PathState | undefined {
    const raw = segment.raw;
    const operation = overloads[0] as EdmOperation;
    if (operation.kind === 'action') {
      segment.meaning = { kind: 'operation', operation };
      if (raw.args && raw.args.text.trim() !== '') this.fail('parameter', raw.args.range, `Action '${operation.name}' takes its parameters in the JSON body, not in the url.`);
      return { kind: 'action', operation };
    }
    const chosen = checkOperationArguments(this.service, overloads, raw.args, bound, raw.nameRange);
    segment.meaning = { kind: 'operation', operation: chosen.operation };
    this.problems.push(...problemsOfArguments('parameter', chosen.problems));
    const returns = chosen.operation.returnType;
    const result: PathState = returns ? stateOfType(this.service, returns) : { kind: 'primitive', type: { name: 'Edm.Untyped', collection: false } };
    return { kind: 'function', operation: chosen.operation, result };
  }

  private fromRoot(segment: ResolvedSegment): PathState | undefined {
    const raw = segment.raw;
    const child = containerChild(this.service, raw.name);
    if (!child) return this.unknown(raw.nameRange, raw.name, containerNames(this.service), `'${raw.name}' is not an entity set, singleton, action or function of this service.`);
    if (child.kind === 'entitySet' || child.kind === 'singleton') {
      segment.meaning = child.kind === 'entitySet' ? { kind: 'entitySet', set: child } : { kind: 'singleton', set: child };
      const state = stateOfSource(this.service, child);
      if (!state) return undefined;
      if (state.kind === 'collection') return this.keyed(segment, state);
      this.noArguments(segment, `Singleton '${child.name}'`);
      return state;
    }
    if (child.kind === 'actionImport') {
      const operations = this.service.operations.get(child.action) ?? [];
      segment.meaning = { kind: 'actionImport', import: child, ...(operations[0] ? { operation: operations[0] } : {}) };
      if (!operations[0]) return undefined;
      if (raw.args && raw.args.text.trim() !== '') this.fail('parameter', raw.args.range, `Action '${child.name}' takes its parameters in the JSON body, not in the url.`);
      return { kind: 'action', operation: operations[0], import: child };
    }
    const overloads = (this.service.operations.get(child.function) ?? []).filter((o) => !o.bound);
    segment.meaning = { kind: 'functionImport', import: child, ...(overloads[0] ? { operation: overloads[0] } : {}) };
    if (!overloads[0]) return undefined;
    const called = this.callOperation(segment, overloads, false);
    segment.meaning = { kind: 'functionImport', import: child, ...(called?.kind === 'function' ? { operation: called.operation } : {}) };
    return called ? { ...called, import: child } as PathState : undefined;
  }

  private fromStructured(segment: ResolvedSegment, state: Extract<PathState, { kind: 'collection' | 'entity' | 'complex' }>): PathState | undefined {
    const raw = segment.raw;
    const name = raw.name;
    const type = state.type;
    const single = state.kind === 'entity' || (state.kind === 'complex' && !state.collection);
    if (single) {
      const member = memberOf(this.service, type, name);
      if (member?.kind === 'property') {
        segment.meaning = { kind: 'property', property: member, owner: type };
        this.noArguments(segment, `Property '${name}'`);
        return stateOfType(this.service, member.type, member);
      }
      if (member?.kind === 'navigation') {
        segment.meaning = { kind: 'navigation', navigation: member, owner: type };
        const target = structuredType(this.service, member.type.name);
        if (!target) return undefined;
        const from = state.kind === 'entity' ? state.source : undefined;
        const source = member.containsTarget ? undefined : targetSource(this.service, from, member);
        const next: PathState = member.type.collection
          ? { kind: 'collection', type: target, ...(source ? { source } : {}), ...(member.containsTarget ? { containment: member } : {}) }
          : { kind: 'entity', type: target, ...(source ? { source } : {}), ...(member.containsTarget ? { containment: member } : {}) };
        if (next.kind === 'collection') return this.keyed(segment, next);
        this.noArguments(segment, `Navigation property '${name}'`);
        return next;
      }
    }
    const cast = castTarget(this.service, name, type);
    if (cast) {
      segment.meaning = { kind: 'cast', type: cast };
      const next = { ...state, type: cast } as typeof state;
      return next.kind === 'collection' ? this.keyed(segment, next) : next;
    }
    const operations = operationsNamed(boundOperations(this.service, type, !single), this.service, name);
    if (operations.length) return this.callOperation(segment, operations, true);
    if (!single) {
      const member = memberOf(this.service, type, name);
      if (member) return this.fail('segment', raw.nameRange, `'${name}' is a property of each ${shortName(type.qualifiedName)}, but the path addresses a collection: give a key first, e.g. ${this.keyExample(type)}/${name}.`);
    }
    const what = single
      ? `'${name}' is not a property, navigation property or bound operation of ${shortName(type.qualifiedName)}.`
      : `'${name}' cannot follow a collection of ${shortName(type.qualifiedName)}: give a key in parentheses, or use $count, a type cast or a bound operation.`;
    return this.unknown(raw.nameRange, name, namesAfter(this.service, type, single), what);
  }

  private keyExample(type: EdmStructuredType): string {
    const key = keyOf(this.service, type);
    return `(${key.length === 1 ? '…' : key.map((k) => `${k}=…`).join(',')})`;
  }

  /** The state after one segment, or undefined to stop. */
  step(segment: ResolvedSegment, state: PathState, last: boolean): PathState | undefined {
    const raw = segment.raw;
    const name = raw.name;
    if (raw.trailing) return this.fail('segment', raw.trailing, raw.trailing.start === raw.trailing.end ? `The parentheses of '${name}' are not closed.` : `Nothing may follow the closing parenthesis in a path segment; put a '/' before '${raw.text.slice(raw.trailing.start - raw.range.start)}'.`);
    if (name === '') return last && !raw.args ? state : this.fail('segment', raw.range, 'An empty path segment (two slashes in a row).');
    // A {path parameter} standing for a name: anything may follow, so nothing after it is judged.
    if (name.includes('{')) return undefined;
    if (SILENT_SEGMENTS.has(name)) return undefined;
    if (state.kind === 'count' || state.kind === 'value' || state.kind === 'ref' || state.kind === 'action') {
      return this.fail('segment', raw.range, `Nothing can follow ${state.kind === 'action' ? `action '${state.operation.name}'` : `$${state.kind}`} in a resource path.`);
    }
    if (state.kind === 'function') {
      if (!state.operation.composable) return this.fail('segment', raw.range, `Function '${state.operation.name}' is not composable: its result cannot be addressed further.`);
      return this.step(segment, state.result, last);
    }
    if (name === '$count') {
      segment.meaning = { kind: 'count' };
      const collection = state.kind === 'collection' || (state.kind === 'complex' && state.collection) || (state.kind === 'primitive' && state.type.collection);
      return collection ? { kind: 'count' } : this.fail('segment', raw.range, '$count follows a collection only.');
    }
    if (name === '$value') {
      segment.meaning = { kind: 'value' };
      if (state.kind === 'entity') return state.type.hasStream ? { kind: 'value', binary: true } : this.fail('segment', raw.range, `$value addresses the media of an entity; ${shortName(state.type.qualifiedName)} is not a media entity (no HasStream).`);
      if (state.kind === 'primitive' && !state.type.collection) return { kind: 'value', binary: state.type.name === 'Edm.Binary' || state.type.name === 'Edm.Stream' };
      return this.fail('segment', raw.range, '$value follows a single primitive property or a media entity only.');
    }
    if (name === '$ref') {
      segment.meaning = { kind: 'ref' };
      return state.kind === 'entity' || state.kind === 'collection' ? { kind: 'ref' } : this.fail('segment', raw.range, '$ref follows an entity or a collection of entities only.');
    }
    if (state.kind === 'root') return this.fromRoot(segment);
    if (state.kind === 'primitive') return this.fail('segment', raw.range, `'${name}' cannot follow a ${typeLabel(state.type)} value; only $value${state.type.collection ? ' or $count' : ''} can.`);
    return this.fromStructured(segment, state);
  }
}

/** Resolves a Custom request url's resource path against the service: each segment's meaning and what it addresses. */
export function resolvePath(service: ServiceMetadata, url: string, baseUrl: string | undefined): PathOutcome {
  const located = locatePath(url, baseUrl);
  if (!located.ok) return located;
  const raws = pathSegments(url, located.start, located.end);
  const walker = new PathWalker(service);
  const segments: ResolvedSegment[] = [];
  let state: PathState | undefined = { kind: 'root' };
  for (let i = 0; i < raws.length; i++) {
    const raw = raws[i] as RawSegment;
    const segment: ResolvedSegment = { raw, before: state };
    segments.push(segment);
    state = walker.step(segment, state, i === raws.length - 1);
    if (!state) break;
  }
  const path: ResolvedPath = { pathRange: { start: located.start, end: located.end }, segments, problems: walker.problems };
  if (state && raws.length > 0) path.target = state;
  return { ok: true, path };
}

/** The state the path's result has: a function's result, or the target itself. */
export function resultState(target: PathState): PathState {
  return target.kind === 'function' ? target.result : target;
}
