import { closeMatches, listedNames, suggestionBudget } from '../closeMatches';
import { annotation, isSimpleIdentifier, keyOf, propertiesOf, shortName, typeChain } from './lookups';
import type { AnnotationValue, EdmOperation, EdmParameter, EdmStructuredType, ServiceMetadata } from './model';
import { TERMS } from './model';
import type { Argument, Range } from './pathSyntax';
import { shapeOf, urlLiteralProblem, urlLiteralTemplate } from './primitives';

/** A problem with a key predicate or function parameters, where it is and how to fix it when that is clear. */
export interface ArgumentProblem {
  range: Range;
  message: string;
  replacements?: { range: Range; text: string; title: string }[];
}

type Args = { text: string; range: Range; items: Argument[] };

const ALTERNATE_KEYS = ['OData.Community.Keys.V1.AlternateKeys', 'Org.OData.Core.V1.AlternateKeys'];

function record(value: AnnotationValue | undefined): Record<string, AnnotationValue> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

/** The alternate keys an entity type declares (`Core.AlternateKeys`, `Keys.AlternateKeys`): each a list of names. */
export function alternateKeys(service: ServiceMetadata, type: EdmStructuredType): string[][] {
  const out: string[][] = [];
  for (const t of typeChain(service, type)) {
    for (const term of ALTERNATE_KEYS) {
      const keys = annotation(t, term);
      if (!Array.isArray(keys)) continue;
      for (const key of keys) {
        const parts = record(key)?.Key;
        if (!Array.isArray(parts)) continue;
        out.push(parts.map((part) => {
          const r = record(part);
          const alias = r?.Alias;
          const path = record(r?.Name)?.$PropertyPath;
          return typeof alias === 'string' ? alias : typeof path === 'string' ? path : '';
        }).filter(Boolean));
      }
    }
  }
  return out;
}

/** A literal fix: quotes around a bare string, or quotes taken off a number. */
function literalFix(type: string, argument: Argument): { range: Range; text: string; title: string } | undefined {
  const value = argument.value;
  if (type === 'Edm.String' && /^[^'(){},=]+$/.test(value)) return { range: argument.valueRange, text: `'${value}'`, title: `Quote it: '${value}'` };
  const quoted = /^'([+-]?\d+(\.\d+)?)'$/.exec(value);
  if (quoted && /Edm\.(Int|Byte|SByte|Decimal|Double|Single)/.test(type)) return { range: argument.valueRange, text: quoted[1] ?? '', title: `Remove the quotes: ${quoted[1] ?? ''}` };
  return undefined;
}

function literalProblem(service: ServiceMetadata, typeName: string, what: string, argument: Argument): ArgumentProblem | undefined {
  const problem = urlLiteralProblem(service, typeName, argument.value);
  if (!problem) return undefined;
  const shape = shapeOf(service, typeName);
  const fix = shape.kind === 'primitive' ? literalFix(shape.name, argument) : undefined;
  return { range: argument.valueRange, message: `${argument.value} is not a valid ${what}: write ${problem}.`, ...(fix ? { replacements: [fix] } : {}) };
}

/**
 * The name a value of a property or parameter takes as a placeholder: its name with the capitals it starts with in
 * lower case, as variables are written (`OrderNo` → `orderNo`, `ID` → `id`, `URLPath` → `urlPath`).
 */
export function placeholderName(given: string): string {
  // Only letters, digits and underscores: a brace or quote would end the placeholder early.
  const name = given.replace(/[^\p{L}\p{N}_]/gu, '_') || '_';
  const lead = /^[A-Z]+/.exec(name)?.[0] ?? '';
  if (lead.length === 0) return name;
  // A capital run followed by a lower-case letter keeps its last capital: it starts the next word.
  const keep = lead.length > 1 && lead.length < name.length && /[a-z]/.test(name[lead.length] ?? '') ? 1 : 0;
  return `${lead.slice(0, lead.length - keep).toLowerCase()}${name.slice(lead.length - keep)}`;
}

/**
 * A key predicate's text with a `{path parameter}` for each key property, each written as its type's literal
 * requires: `'{orderNo}'`, or `OrderNo='{orderNo}',LineNo={lineNo}` for a compound key. Undefined when a key's type
 * cannot be written in a url (binary) or the type has no key; `placeholders` names each key property's parameter.
 */
export function keyPredicateTemplate(service: ServiceMetadata, type: EdmStructuredType, placeholders: ReadonlyMap<string, string> = new Map()): string | undefined {
  const key = keyOf(service, type);
  const properties = propertiesOf(service, type);
  const literals: string[] = [];
  for (const name of key) {
    const property = properties.get(name);
    const literal = property ? urlLiteralTemplate(service, property.type, placeholders.get(name) ?? placeholderName(name)) : undefined;
    if (literal === undefined || !isSimpleIdentifier(name)) return undefined;
    literals.push(key.length === 1 ? literal : `${name}=${literal}`);
  }
  return literals.length ? literals.join(',') : undefined;
}

function keyTemplate(names: readonly string[]): string {
  return names.length === 1 ? '…' : names.map((k) => `${k}=…`).join(',');
}

/** Checks a key predicate `(…)` against an entity type's key (or one of its alternate keys). */
export function checkKeyPredicate(service: ServiceMetadata, type: EdmStructuredType, args: Args): ArgumentProblem[] {
  const key = keyOf(service, type);
  const properties = propertiesOf(service, type);
  const typeName = shortName(type.qualifiedName);
  const items = args.items;
  const whole = { start: args.range.start - 1, end: args.range.end + 1 };
  if (key.length === 0) return [];
  if (items.length === 0) return [{ range: whole, message: `The key of ${typeName} is missing: write (${keyTemplate(key)}) with ${key.join(', ')}.` }];
  const positional = items.filter((i) => i.name === undefined);
  if (positional.length > 0) {
    if (items.length === 1 && key.length === 1) {
      const property = properties.get(key[0] as string);
      const problem = property ? literalProblem(service, property.type.name, `${key[0]} (${property.type.name})`, items[0] as Argument) : undefined;
      return problem ? [problem] : [];
    }
    return [{ range: args.range, message: `${typeName} has ${key.length} key properties (${key.join(', ')}): write each by name, e.g. (${keyTemplate(key)}).` }];
  }
  const given = new Set(items.map((i) => i.name as string));
  const chosen = [key, ...alternateKeys(service, type)].find((k) => k.length === items.length && k.every((n) => given.has(n))) ?? key;
  const inChosen = new Set(chosen);
  // The key properties not given: what an unknown name may have meant, and what the predicate still needs.
  const missing = chosen.filter((k) => !given.has(k));
  const problems: ArgumentProblem[] = [];
  const seen = new Set<string>();
  // One budget for the predicate's unknown names: thousands of them against a key of thousands would take minutes.
  const budget = suggestionBudget();
  for (const item of items) {
    const name = item.name as string;
    const range = item.nameRange as Range;
    if (seen.has(name)) {
      problems.push({ range, message: `Key property '${name}' is given twice.` });
      continue;
    }
    seen.add(name);
    if (!inChosen.has(name)) {
      const close = closeMatches(name, missing, 3, budget);
      problems.push({
        range,
        message: `'${name}' is not a key property of ${typeName}; its key is ${listedNames(key, (k) => k)}.${close.length ? ` Did you mean '${close[0]}'?` : ''}`,
        ...(close.length ? { replacements: close.map((c) => ({ range, text: c, title: `Change to '${c}'` })) } : {}),
      });
      continue;
    }
    const property = properties.get(name);
    const problem = property ? literalProblem(service, property.type.name, `${name} (${property.type.name})`, item) : undefined;
    if (problem) problems.push(problem);
  }
  if (missing.length > 0 && problems.every((p) => !p.message.includes('is not a key property'))) {
    problems.push({ range: args.range, message: `The key of ${typeName} also needs ${missing.join(', ')}: write (${chosen.map((k) => `${k}=…`).join(',')}).` });
  }
  return problems;
}

/** Whether a parameter may be left out: nullable, or declared optional (`Core.OptionalParameter`). */
export function isOptionalParameter(parameter: EdmParameter): boolean {
  return parameter.nullable || annotation(parameter, TERMS.optionalParameter) !== undefined;
}

/** The parameters a caller supplies: without the binding parameter of a bound operation. */
export function callerParameters(operation: EdmOperation): EdmParameter[] {
  return operation.bound ? operation.parameters.slice(1) : operation.parameters;
}

/** Picks the overload a function call means and checks its parameters in the url. */
export function checkOperationArguments(service: ServiceMetadata, overloads: readonly EdmOperation[], args: Args | undefined, _bound: boolean, nameRange: Range): { operation: EdmOperation; problems: ArgumentProblem[] } {
  const given = new Set((args?.items ?? []).map((i) => i.name).filter((n): n is string => n !== undefined));
  const operation = overloads.find((o) => {
    const names = new Set(callerParameters(o).map((p) => p.name));
    return [...given].every((n) => names.has(n));
  }) ?? (overloads[0] as EdmOperation);
  const parameters = callerParameters(operation);
  const names = parameters.map((p) => p.name);
  const required = parameters.filter((p) => !isOptionalParameter(p));
  const template = (list: readonly EdmParameter[]): string => listedNames(list.map((p) => p.name), (n) => `${n}=…`, ',');
  if (!args) {
    const text = required.length ? `(${template(required)})` : '()';
    return { operation, problems: [{ range: nameRange, message: `Function '${operation.name}' is called with parentheses: ${operation.name}${text}.`, ...(required.length ? {} : { replacements: [{ range: { start: nameRange.end, end: nameRange.end }, text: '()', title: 'Add ()' }] }) }] };
  }
  const problems: ArgumentProblem[] = [];
  const byName = new Map(parameters.map((p) => [p.name, p]));
  // What the messages about an unknown name say, made once for all of them, and one budget for their suggestions.
  let byNameOnly: string | undefined;
  let listed: string | undefined;
  let notGiven: string[] | undefined;
  const budget = suggestionBudget();
  for (const item of args.items) {
    if (item.name === undefined) {
      problems.push({ range: item.valueRange, message: (byNameOnly ??= `Function parameters are written by name: ${operation.name}(${template(parameters)}).`) });
      continue;
    }
    const parameter = byName.get(item.name);
    const range = item.nameRange as Range;
    if (!parameter) {
      const close = closeMatches(item.name, (notGiven ??= names.filter((n) => !given.has(n))), 3, budget);
      listed ??= parameters.length ? ` Its parameters: ${listedNames(names, (n) => n)}.` : ' It takes none.';
      problems.push({ range, message: `Function '${operation.name}' has no parameter '${item.name}'.${listed}${close.length ? ` Did you mean '${close[0]}'?` : ''}`, ...(close.length ? { replacements: close.map((c) => ({ range, text: c, title: `Change to '${c}'` })) } : {}) });
      continue;
    }
    if (!parameter.type.collection) {
      const problem = literalProblem(service, parameter.type.name, `${parameter.name} (${parameter.type.name})`, item);
      if (problem) problems.push(problem);
    }
  }
  const missing = required.filter((p) => !given.has(p.name));
  if (missing.length > 0) problems.push({ range: { start: args.range.start - 1, end: args.range.end + 1 }, message: `Function '${operation.name}' needs ${listedNames(missing.map((p) => `'${p.name}' (${p.type.name})`), (n) => n)}.` });
  return { operation, problems };
}
