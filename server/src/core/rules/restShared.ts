import type { Node } from 'jsonc-parser';
import { headerEntry, type Field, type RestOperation, type RestParameter } from '../model';
import { stringOffsets } from '../tree';
import { addPropertyEdits, replaceValueEdit, type EditableText } from '../edits';
import type { Span, TextEdit } from '../findings';
import { suggestionBudget, type SuggestionBudget } from '../closeMatches';
import { LastAsked } from '../lastAsked';

/** The names `models` defines, listed and as a set, read once per version of a file for all its rules. */
export interface ModelNames {
  list: readonly string[];
  set: ReadonlySet<string>;
  /** What suggesting one of them may still cost in this version (shared by every name that names none). */
  suggestions: SuggestionBudget;
}

// Asked for by the rules of one connector after another.
const MODEL_NAMES = new LastAsked<object, ModelNames>();

/** The names a connector's `models` defines (every parameter and model naming one looks it up here). */
export function modelNames(models: { definitions: readonly { name: string }[] } | undefined): ModelNames {
  if (!models) return { list: [], set: new Set(), suggestions: suggestionBudget() };
  let names = MODEL_NAMES.get(models);
  if (!names) {
    const list = models.definitions.map((d) => d.name);
    names = { list, set: new Set(list), suggestions: suggestionBudget() };
    MODEL_NAMES.set(models, names);
  }
  return names;
}

/** A name in single quotes, as every message quotes names. */
export function quoted(name: string): string {
  return `'${name}'`;
}

/** How messages name a parameter: its name, or its position when it has none. */
export function parameterName(parameter: RestParameter): string {
  return parameter.name?.value ?? `#${parameter.index + 1}`;
}

/** How messages name an operation: its id, or its position. */
export function operationName(operation: RestOperation): string {
  return operation.id?.value ?? `#${operation.index + 1}`;
}

/** The span of a part of a string literal's decoded value, in document offsets (escapes accounted for). */
export function spanInString(text: string, stringNode: Node, index: number, length: number): Span {
  return spansInString(text, stringNode)(index, length);
}

/** `spanInString` for many parts of one string literal, asked in order: the literal is walked once for all of them. */
export function spansInString(text: string, stringNode: Node): (index: number, length: number) => Span {
  const offsetOf = stringOffsets(text, stringNode);
  return (index, length) => {
    const start = offsetOf(index);
    const end = offsetOf(index + length);
    return { offset: start, length: Math.max(1, end - start) };
  };
}

/** Where a parameter's location problem is shown: its `location` value, else the parameter's opening brace. */
export function locationAnchor(parameter: RestParameter): Node | Span {
  return parameter.location?.node ?? { offset: parameter.node.offset, length: 1 };
}

/** Edits that set a header of an operation: its value when present, else a new entry (or a new `headers`). */
export function setHeaderEdits(target: EditableText, operation: RestOperation, name: string, value: string): TextEdit[] {
  const existing = headerEntry(operation.headers, name);
  if (existing?.valueNode) return [replaceValueEdit(existing.valueNode, value)];
  if (operation.headers) return addPropertyEdits(target, operation.headers.node, name, value);
  return addPropertyEdits(target, operation.node, 'headers', { [name]: value });
}

/** Reports every id that an earlier item already has (the later ones), naming what kind of item it is. */
export function reportRepeatedIds(ids: readonly (Field<string> | undefined)[], what: string, report: (at: Node, message: string) => void): void {
  const seen = new Set<string>();
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    if (!id) continue;
    if (seen.has(id.value)) report(id.node, `Another ${what} already has the id ${quoted(id.value)}. Give this one a different id.`);
    seen.add(id.value);
  }
}
