import { closeMatches, suggestionBudget, type SuggestionBudget } from '../closeMatches';
import { boundOperations, memberOf, navigationOf, propertiesOf, qualifyName, shortName, structuredType, derivesFrom } from './lookups';
import type { EdmNavigationProperty, EdmProperty, EdmStructuredType, ServiceMetadata, TypeRef } from './model';
import { FILTER_FUNCTIONS, isComparison, parseFilter, type FilterNode } from './filterSyntax';
import { splitOutside, type Range } from './pathSyntax';
import { shapeOf, urlLiteralProblem } from './primitives';

/** A problem inside one query option's value, with ranges in that value's text. */
export interface OptionProblem {
  /** Set when the option's name itself is wrong (the problem is then about the name, not the value). */
  unknownOption?: string;
  range: Range;
  message: string;
  replacements?: { range: Range; text: string; title: string }[];
}

/** A name in an option that resolved to a property: what hover shows. */
export interface OptionReference {
  range: Range;
  member: EdmProperty | EdmNavigationProperty;
  owner: EdmStructuredType;
}

export interface OptionCheck {
  problems: OptionProblem[];
  references: OptionReference[];
  /** What suggesting names may still cost in this option's value (thousands of unknown names in one). */
  suggestions?: SuggestionBudget;
}

/** A type's names that an option may name: its properties, and its navigation properties when `navigation` (listed once per type). */
const NAMES_OF_TYPE = new WeakMap<EdmStructuredType, Map<string, readonly string[]>>();

function namesOf(service: ServiceMetadata, type: EdmStructuredType, which: 'properties' | 'members' | 'navigation'): readonly string[] {
  let lists = NAMES_OF_TYPE.get(type);
  if (!lists) NAMES_OF_TYPE.set(type, (lists = new Map()));
  let names = lists.get(which);
  if (!names) {
    names = [...(which === 'navigation' ? [] : propertiesOf(service, type).keys()), ...(which === 'properties' ? [] : navigationOf(service, type).keys())];
    lists.set(which, names);
  }
  return names;
}

/** The system query options OData V4 defines. */
export const SYSTEM_QUERY_OPTIONS = ['$select', '$expand', '$filter', '$orderby', '$top', '$skip', '$count', '$search', '$format', '$skiptoken', '$levels', '$apply', '$compute', '$index', '$schemaversion', '$deltatoken', '$id'] as const;

/** What the options apply to: the type of the addressed entities, and whether it is a collection. */
export interface OptionTarget {
  type: EdmStructuredType;
  collection: boolean;
}

function unknownMember(name: string, range: Range, type: EdmStructuredType, candidates: readonly string[], what: string, out: OptionCheck): OptionProblem {
  const close = closeMatches(name, candidates, 3, (out.suggestions ??= suggestionBudget()));
  return {
    range,
    message: `'${name}' is not ${what} of ${shortName(type.qualifiedName)}.${close.length ? ` Did you mean '${close[0]}'?` : ''}`,
    ...(close.length ? { replacements: close.map((c) => ({ range, text: c, title: `Change to '${c}'` })) } : {}),
  };
}

/** Follows a property path (`Address/City`, `NS.Derived/Prop`) from a type; the last member and its owner. */
function followPath(
  service: ServiceMetadata,
  type: EdmStructuredType,
  segments: readonly { name: string; range: Range }[],
  out: OptionCheck,
  allowNavigation: boolean,
): { member?: EdmProperty | EdmNavigationProperty; owner: EdmStructuredType; type?: TypeRef } | undefined {
  let current = type;
  let last: { member?: EdmProperty | EdmNavigationProperty; owner: EdmStructuredType; type?: TypeRef } | undefined;
  for (const [i, segment] of segments.entries()) {
    if (segment.name === '$count' && last?.type?.collection) return { owner: current, type: { name: 'Edm.Int32', collection: false } };
    const member = memberOf(service, current, segment.name);
    if (!member) {
      if (segment.name.includes('.')) {
        const cast = structuredType(service, qualifyName(service, segment.name));
        if (cast && derivesFrom(service, cast, current)) {
          current = cast;
          continue;
        }
      }
      if (current.openType) return undefined;
      const candidates = namesOf(service, current, allowNavigation ? 'members' : 'properties');
      out.problems.push(unknownMember(segment.name, segment.range, current, candidates, allowNavigation ? 'a property' : 'a structural property', out));
      return undefined;
    }
    out.references.push({ range: segment.range, member, owner: current });
    last = { member, owner: current, type: member.type };
    if (member.kind === 'navigation' && !allowNavigation) {
      out.problems.push({ range: segment.range, message: `'${segment.name}' is a navigation property; here only structural properties may be named.` });
      return undefined;
    }
    const next = structuredType(service, member.type.name);
    if (i < segments.length - 1) {
      if (!next) {
        out.problems.push({ range: segments[i + 1]?.range ?? segment.range, message: `'${segment.name}' is ${member.type.name}, which has no properties.` });
        return undefined;
      }
      current = next;
    }
  }
  return last;
}

/** Splits `a/b/c` at slashes with ranges. */
function pathParts(text: string, offset: number): { name: string; range: Range }[] {
  return splitOutside(text, offset, '/').map(({ text: name, range }) => {
    const lead = name.length - name.trimStart().length;
    return { name: name.trim(), range: { start: range.start + lead, end: range.start + lead + name.trim().length } };
  });
}

/** Checks `$select`: property paths, `*` and `Namespace.*`. */
export function checkSelect(service: ServiceMetadata, target: OptionTarget, text: string, offset = 0, out: OptionCheck = { problems: [], references: [] }): OptionCheck {
  for (const item of splitOutside(text, offset, ',')) {
    const raw = item.text.replace(/\(.*$/s, '').trim();
    if (raw === '' ) {
      out.problems.push({ range: item.range, message: 'An empty item in $select (two commas in a row, or one at the end).' });
      continue;
    }
    if (raw === '*' || raw.endsWith('.*')) continue;
    const lead = item.text.length - item.text.trimStart().length;
    const parts = pathParts(raw, item.range.start + lead);
    const last = parts[parts.length - 1];
    if (last && (last.name.includes('.') && boundOperations(service, target.type, target.collection).some((o) => o.qualifiedName === qualifyName(service, last.name)))) continue;
    followPath(service, target.type, parts, out, true);
  }
  return out;
}

/** Splits `$select=A;$top=1` (options inside an expand item's parentheses). */
function nestedOptions(text: string, offset: number): { name: string; value: string; valueOffset: number; range: Range }[] {
  return splitOutside(text, offset, ';').map(({ text: part, range }) => {
    const eq = part.indexOf('=');
    const lead = part.length - part.trimStart().length;
    return eq < 0
      ? { name: part.trim(), value: '', valueOffset: range.end, range }
      : { name: part.slice(0, eq).trim(), value: part.slice(eq + 1), valueOffset: range.start + eq + 1, range: { start: range.start + lead, end: range.end } };
  });
}

/** Checks `$expand`: navigation paths with nested options (`Lines($select=PartNo;$top=5)`), `*`, `$ref`. */
export function checkExpand(service: ServiceMetadata, target: OptionTarget, text: string, offset = 0, out: OptionCheck = { problems: [], references: [] }, depth = 0): OptionCheck {
  if (depth > 16) return out;
  for (const item of splitOutside(text, offset, ',')) {
    const open = item.text.indexOf('(');
    const head = (open >= 0 ? item.text.slice(0, open) : item.text);
    const trimmed = head.trim();
    if (trimmed === '') {
      out.problems.push({ range: item.range, message: 'An empty item in $expand (two commas in a row, or one at the end).' });
      continue;
    }
    if (trimmed === '*' || trimmed.startsWith('*/')) continue;
    const lead = head.length - head.trimStart().length;
    const parts = pathParts(trimmed, item.range.start + lead).filter((p) => p.name !== '$ref' && p.name !== '$count');
    let current = target.type;
    let navigation: EdmNavigationProperty | undefined;
    for (const [i, part] of parts.entries()) {
      const member = memberOf(service, current, part.name);
      if (!member) {
        const cast = part.name.includes('.') ? structuredType(service, qualifyName(service, part.name)) : undefined;
        if (cast && derivesFrom(service, cast, current)) {
          current = cast;
          continue;
        }
        out.problems.push(unknownMember(part.name, part.range, current, namesOf(service, current, 'navigation'), i === parts.length - 1 ? 'a navigation property' : 'a property', out));
        navigation = undefined;
        break;
      }
      out.references.push({ range: part.range, member, owner: current });
      const next = structuredType(service, member.type.name);
      if (member.kind === 'property' && i === parts.length - 1) {
        out.problems.push({ range: part.range, message: `'${part.name}' is a structural property, returned without $expand; $expand takes navigation properties (${[...navigationOf(service, current).keys()].slice(0, 8).join(', ') || 'this type has none'}). Put it in $select instead.` });
        navigation = undefined;
        break;
      }
      if (!next) break;
      current = next;
      navigation = member.kind === 'navigation' ? member : undefined;
    }
    if (!navigation || open < 0) continue;
    const close = item.text.lastIndexOf(')');
    const inner = item.text.slice(open + 1, close > open ? close : undefined);
    const nestedTarget = { type: current, collection: navigation.type.collection };
    for (const option of nestedOptions(inner, item.range.start + open + 1)) {
      checkOption(service, nestedTarget, option.name, option.value, option.valueOffset, out, depth + 1);
    }
  }
  return out;
}

/** Checks `$orderby`: expressions (usually property paths), each optionally followed by asc or desc. */
export function checkOrderBy(service: ServiceMetadata, target: OptionTarget, text: string, offset = 0, out: OptionCheck = { problems: [], references: [] }): OptionCheck {
  for (const item of splitOutside(text, offset, ',')) {
    const match = /^(.*?)(\s+(asc|desc|\S+))?\s*$/s.exec(item.text);
    const expression = match?.[1] ?? item.text;
    const direction = match?.[3];
    if (direction && direction !== 'asc' && direction !== 'desc' && !/[()/]/.test(direction)) {
      const start = item.range.start + item.text.lastIndexOf(direction);
      const fix = /^asc/i.test(direction) ? 'asc' : /^desc/i.test(direction) ? 'desc' : undefined;
      out.problems.push({ range: { start, end: start + direction.length }, message: `'${direction}' is not a sort direction: write asc or desc.`, ...(fix ? { replacements: [{ range: { start, end: start + direction.length }, text: fix, title: `Change to '${fix}'` }] } : {}) });
    }
    const whole = direction && direction !== 'asc' && direction !== 'desc' && /[()/]/.test(direction) ? item.text : expression;
    if (whole.trim() === '') {
      out.problems.push({ range: item.range, message: 'An empty item in $orderby.' });
      continue;
    }
    checkFilter(service, target.type, whole, item.range.start, out, false);
  }
  return out;
}

function literalType(service: ServiceMetadata, node: FilterNode, type: EdmStructuredType, variables: ReadonlyMap<string, EdmStructuredType>): TypeRef | undefined {
  if (node.kind !== 'path' || node.lambda) return undefined;
  const [first, ...rest] = node.segments;
  const start = first && variables.get(first.name);
  const from = start ?? (first?.name === '$it' ? type : undefined);
  const segments = from ? rest : node.segments;
  let current = from ?? type;
  let last: TypeRef | undefined;
  for (const segment of segments) {
    const member = memberOf(service, current, segment.name);
    if (!member) return undefined;
    last = member.type;
    const next = structuredType(service, member.type.name);
    if (next) current = next;
  }
  return last;
}

/** Checks a $filter expression: its syntax, the properties it names, and literals compared with them. */
export function checkFilter(service: ServiceMetadata, type: EdmStructuredType, text: string, offset = 0, out: OptionCheck = { problems: [], references: [] }, whole = true): OptionCheck {
  const parsed = parseFilter(text);
  if (!parsed.ok) {
    out.problems.push({ range: { start: offset + parsed.error.range.start, end: offset + parsed.error.range.end }, message: `${whole ? '$filter' : 'This expression'} is not valid: ${parsed.error.message}.` });
    return out;
  }
  const shift = (range: Range): Range => ({ start: range.start + offset, end: range.end + offset });
  const visit = (node: FilterNode, variables: ReadonlyMap<string, EdmStructuredType>): void => {
    switch (node.kind) {
      case 'literal': return;
      case 'list': node.items.forEach((n) => visit(n, variables)); return;
      case 'unary': visit(node.operand, variables); return;
      case 'call': {
        const arity = FILTER_FUNCTIONS[node.name];
        if (arity === undefined && !node.name.includes('.')) {
          const close = closeMatches(node.name, Object.keys(FILTER_FUNCTIONS));
          const range = shift(node.nameRange);
          out.problems.push({ range, message: `'${node.name}' is not an OData function.${close.length ? ` Did you mean '${close[0]}'?` : ''}`, ...(close.length ? { replacements: close.map((c) => ({ range, text: c, title: `Change to '${c}'` })) } : {}) });
        } else if (arity !== undefined) {
          const [min, max] = typeof arity === 'number' ? [arity, arity] : arity;
          if (node.args.length < min || node.args.length > max) out.problems.push({ range: shift(node.range), message: `${node.name} takes ${min === max ? min : `${min} to ${max}`} argument${max === 1 ? '' : 's'}, not ${node.args.length}.` });
        }
        node.args.forEach((n) => visit(n, variables));
        return;
      }
      case 'binary': {
        visit(node.left, variables);
        visit(node.right, variables);
        if (!isComparison(node.operator)) return;
        const pairs: [FilterNode, FilterNode][] = [[node.left, node.right], [node.right, node.left]];
        for (const [path, literal] of pairs) {
          const propertyType = literalType(service, path, type, variables);
          if (!propertyType || propertyType.collection) continue;
          const literals = literal.kind === 'literal' ? [literal] : literal.kind === 'list' ? literal.items.filter((i) => i.kind === 'literal') : [];
          for (const l of literals) {
            if (l.kind !== 'literal') continue;
            const shape = shapeOf(service, propertyType.name);
            // A plain string compares with an enum member (OData 4.01), so enum members are judged by name.
            const problem = urlLiteralProblem(service, propertyType.name, l.text);
            if (problem && !(shape.kind === 'enum' && /^'/.test(l.text) && !problem.startsWith('one of'))) {
              out.problems.push({ range: shift(l.range), message: `${l.text} does not fit ${path.kind === 'path' ? path.segments.map((s) => s.name).join('/') : 'the property'} (${propertyType.name}): write ${problem}.` });
            }
          }
        }
        return;
      }
      case 'path': {
        const [first, ...rest] = node.segments;
        if (!first) return;
        let start = type;
        let segments = node.segments;
        const variable = variables.get(first.name);
        if (variable) {
          start = variable;
          segments = rest;
        } else if (first.name === '$it' || first.name === '$this') {
          segments = rest;
        } else if (first.name.startsWith('$') || first.name.startsWith('@')) {
          return;
        }
        if (segments.length === 0) return;
        const shifted = segments.map((s) => ({ name: s.name, range: shift(s.range) }));
        const last = followPath(service, start, shifted, out, true);
        if (node.lambda && last?.member) {
          const element = structuredType(service, last.member.type.name);
          if (!last.member.type.collection) out.problems.push({ range: shift(node.lambda.range), message: `${node.lambda.operator} applies to collections; '${last.member.name}' is a single value.` });
          else if (node.lambda.body && node.lambda.variable && element) visit(node.lambda.body, new Map([...variables, [node.lambda.variable, element]]));
        }
        return;
      }
    }
  };
  visit(parsed.node, new Map());
  return out;
}

function nonNegativeInteger(value: string): boolean {
  return /^\d+$/.test(value.trim());
}

/**
 * Checks one query option's value (`$select`, `$filter`, `$top`, ...) against what the path addresses. Ranges are
 * `offset` + index in `value`. Options the target cannot take (a $filter on one entity) are problems too.
 */
export function checkOption(service: ServiceMetadata, target: OptionTarget | undefined, name: string, value: string, offset: number, out: OptionCheck = { problems: [], references: [] }, depth = 0): OptionCheck {
  const range = { start: offset, end: offset + value.length };
  const lower = name.toLowerCase();
  if (name.startsWith('$') && !(SYSTEM_QUERY_OPTIONS as readonly string[]).includes(lower)) {
    const close = closeMatches(name, SYSTEM_QUERY_OPTIONS);
    out.problems.push({ unknownOption: close[0] ?? '', range, message: `'${name}' is not an OData query option.${close.length ? ` Did you mean '${close[0]}'?` : ''}` });
    return out;
  }
  if (value.includes('{')) return out;
  switch (lower) {
    case '$top': case '$skip':
      if (!nonNegativeInteger(value)) out.problems.push({ range, message: `${name} takes a whole number of zero or more, not ${JSON.stringify(value)}.` });
      break;
    case '$count':
      if (value !== 'true' && value !== 'false') out.problems.push({ range, message: `$count takes true or false, not ${JSON.stringify(value)}.` });
      break;
    case '$levels':
      if (!nonNegativeInteger(value) && value !== 'max') out.problems.push({ range, message: `$levels takes a whole number or max, not ${JSON.stringify(value)}.` });
      break;
    default:
      break;
  }
  if (!target) return out;
  if (!target.collection && ['$filter', '$orderby', '$top', '$skip', '$count', '$search'].includes(lower)) {
    out.problems.push({ range, message: `${name} applies to collections; the url addresses a single ${shortName(target.type.qualifiedName)}.` });
    return out;
  }
  if (lower === '$select') checkSelect(service, target, value, offset, out);
  else if (lower === '$expand') checkExpand(service, target, value, offset, out, depth);
  else if (lower === '$orderby') checkOrderBy(service, target, value, offset, out);
  else if (lower === '$filter') checkFilter(service, target.type, value, offset, out);
  return out;
}
