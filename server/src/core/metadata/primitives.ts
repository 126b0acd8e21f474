import { schemaType } from './lookups';
import type { EdmEnumType, ServiceMetadata } from './model';

/**
 * Edm primitive types: how each is written in a URL (key predicates, function parameters, $filter) and in a JSON
 * body, checked once here for every place that names one.
 */

const INTEGER_RANGES: Readonly<Record<string, readonly [bigint, bigint]>> = {
  'Edm.Byte': [0n, 255n],
  'Edm.SByte': [-128n, 127n],
  'Edm.Int16': [-32768n, 32767n],
  'Edm.Int32': [-2147483648n, 2147483647n],
  'Edm.Int64': [-9223372036854775808n, 9223372036854775807n],
};

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^-?\d{4,}-(\d{2})-(\d{2})$/;
const DATE_TIME_OFFSET = /^-?\d{4,}-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;
const TIME_OF_DAY = /^(\d{2}):(\d{2})(:\d{2}(\.\d+)?)?$/;
const DURATION = /^-?P(\d+D)?(T(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;
const DECIMAL = /^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;

/** What a type name comes down to: a primitive (type definitions unwrapped), an enum, or a structured type. */
export type TypeShape =
  | { kind: 'primitive'; name: string }
  | { kind: 'enum'; type: EdmEnumType }
  | { kind: 'structured'; name: string }
  | { kind: 'unknown'; name: string };

/** Unwraps type definitions and tells primitives, enums and structured types apart. */
export function shapeOf(service: ServiceMetadata, name: string): TypeShape {
  for (let depth = 0; depth < 8; depth++) {
    if (name.startsWith('Edm.')) return { kind: 'primitive', name };
    const type = schemaType(service, name);
    if (!type) return { kind: 'unknown', name };
    if (type.kind === 'typeDefinition') name = type.underlyingType;
    else if (type.kind === 'enumType') return { kind: 'enum', type };
    else return { kind: 'structured', name: type.qualifiedName };
  }
  return { kind: 'unknown', name };
}

function validDate(month: string | undefined, day: string | undefined): boolean {
  const m = Number(month);
  const d = Number(day);
  return m >= 1 && m <= 12 && d >= 1 && d <= 31;
}

/** Whether text is a value of a primitive type as written inside a JSON string or after the quote of a URL literal. */
function textFits(type: string, text: string): string | undefined {
  switch (type) {
    case 'Edm.Guid': return GUID.test(text) ? undefined : 'a GUID such as 01234567-89ab-cdef-0123-456789abcdef';
    case 'Edm.Date': {
      const m = DATE.exec(text);
      return m && validDate(m[1], m[2]) ? undefined : 'a date such as 2026-11-22';
    }
    case 'Edm.DateTimeOffset': {
      const m = DATE_TIME_OFFSET.exec(text);
      return m && validDate(m[1], m[2]) && Number(m[3]) < 24 && Number(m[4]) < 60 ? undefined : 'a date and time with an offset such as 2026-11-22T10:30:00Z';
    }
    case 'Edm.TimeOfDay': {
      const m = TIME_OF_DAY.exec(text);
      return m && Number(m[1]) < 24 && Number(m[2]) < 60 ? undefined : 'a time of day such as 10:30:00';
    }
    case 'Edm.Duration': return DURATION.test(text) && text !== 'P' && !text.endsWith('T') ? undefined : 'a duration such as P1DT2H';
    default: return undefined;
  }
}

function integerProblem(type: string, text: string): string | undefined {
  const range = INTEGER_RANGES[type];
  if (!range) return undefined;
  if (!INTEGER.test(text)) return `a whole number (${type})`;
  const value = BigInt(text);
  return value < range[0] || value > range[1] ? `a whole number from ${range[0]} to ${range[1]} (${type})` : undefined;
}

function enumProblem(type: EdmEnumType, text: string): string | undefined {
  const names = type.isFlags ? text.split(',').map((s) => s.trim()) : [text];
  const known = new Set(type.members.map((m) => m.name));
  const values = new Set(type.members.map((m) => m.value));
  return names.every((n) => known.has(n) || values.has(n)) ? undefined : `one of ${type.members.slice(0, 12).map((m) => `'${m.name}'`).join(', ')}${type.members.length > 12 ? ', ...' : ''}`;
}

/** A URL literal's kind as written: quoted string, typed (`duration'P1D'`), number, boolean, null, or other. */
function literalForm(literal: string): { kind: 'string' | 'typed' | 'number' | 'boolean' | 'null' | 'guid' | 'other'; content: string; prefix?: string } {
  const typed = /^([A-Za-z][\w.]*)'((?:[^']|'')*)'$/.exec(literal);
  if (typed) return { kind: 'typed', prefix: typed[1] ?? '', content: (typed[2] ?? '').replace(/''/g, "'") };
  if (/^'((?:[^']|'')*)'$/.test(literal)) return { kind: 'string', content: literal.slice(1, -1).replace(/''/g, "'") };
  if (literal === 'true' || literal === 'false') return { kind: 'boolean', content: literal };
  if (literal === 'null') return { kind: 'null', content: literal };
  if (GUID.test(literal)) return { kind: 'guid', content: literal };
  if (DECIMAL.test(literal) || /^-?(INF|NaN)$/.test(literal)) return { kind: 'number', content: literal };
  return { kind: 'other', content: literal };
}

/** Whether a literal stands for a value supplied later: a `{path parameter}` or a `@parameterAlias`. */
export function isStandIn(literal: string): boolean {
  return /^\{[^{}]*\}$/.test(literal) || /^@[\w.]+$/.test(literal);
}

/**
 * Why a URL literal (key value, function parameter, $filter operand) does not fit an Edm type, as "a ... ";
 * undefined when it fits. `{path parameters}` and `@aliases` fit any type; a placeholder inside a quoted
 * string fits a string.
 */
export function urlLiteralProblem(service: ServiceMetadata, typeName: string, literal: string): string | undefined {
  const text = literal.trim();
  if (isStandIn(text)) return undefined;
  const shape = shapeOf(service, typeName);
  const form = literalForm(text);
  if (form.kind === 'null') return undefined;
  const hasPlaceholder = text.includes('{');
  if (shape.kind === 'enum') {
    if (form.kind !== 'string' && form.kind !== 'typed') return `a member name in quotes, e.g. '${shape.type.members[0]?.name ?? 'Member'}'`;
    return hasPlaceholder ? undefined : enumProblem(shape.type, form.content);
  }
  if (shape.kind !== 'primitive') return undefined;
  const type = shape.name;
  if (type === 'Edm.String') return form.kind === 'string' || hasPlaceholder ? undefined : `a string in single quotes, e.g. '${text.replace(/'/g, "''")}'`;
  if (hasPlaceholder) return undefined;
  if (type === 'Edm.Boolean') return form.kind === 'boolean' ? undefined : 'true or false';
  if (INTEGER_RANGES[type]) return form.kind === 'number' ? integerProblem(type, text) : `a whole number without quotes (${type})`;
  if (type === 'Edm.Decimal' || type === 'Edm.Double' || type === 'Edm.Single') return form.kind === 'number' ? undefined : `a number without quotes (${type})`;
  if (type === 'Edm.Guid') return form.kind === 'guid' ? undefined : 'a GUID without quotes, e.g. 01234567-89ab-cdef-0123-456789abcdef';
  if (type === 'Edm.Date' || type === 'Edm.DateTimeOffset' || type === 'Edm.TimeOfDay') {
    if (form.kind === 'string') return `${textFits(type, form.content) ?? 'the value'} without quotes`;
    return textFits(type, text);
  }
  if (type === 'Edm.Duration') return form.kind === 'typed' || form.kind === 'string' ? textFits(type, form.content) : "a duration such as duration'P1D'";
  return undefined;
}

/** The JSON type a value of an Edm type has in an OData JSON payload. */
export function jsonTypeOfEdm(service: ServiceMetadata, type: { name: string; collection: boolean }): 'string' | 'number' | 'boolean' | 'object' | 'array' | 'any' {
  if (type.collection) return 'array';
  const shape = shapeOf(service, type.name);
  if (shape.kind === 'enum') return 'string';
  if (shape.kind === 'structured') return 'object';
  if (shape.kind === 'unknown') return 'any';
  const name = shape.name;
  if (name === 'Edm.Boolean') return 'boolean';
  if (INTEGER_RANGES[name] || name === 'Edm.Decimal' || name === 'Edm.Double' || name === 'Edm.Single') return 'number';
  if (name.startsWith('Edm.Geo')) return 'object';
  if (name === 'Edm.Untyped' || name === 'Edm.PrimitiveType') return 'any';
  return 'string';
}

/**
 * Why a JSON scalar does not fit a primitive or enum type in a body, as "a ..."; undefined when it fits.
 * Int64 and Decimal may also be strings (IEEE754Compatible), Double and Single also 'INF', '-INF' and 'NaN'.
 */
export function jsonScalarProblem(service: ServiceMetadata, typeName: string, value: string | number | boolean): string | undefined {
  const shape = shapeOf(service, typeName);
  if (shape.kind === 'enum') return typeof value === 'string' ? enumProblem(shape.type, value) : `a member name as a string, e.g. "${shape.type.members[0]?.name ?? 'Member'}"`;
  if (shape.kind !== 'primitive') return undefined;
  const type = shape.name;
  if (type === 'Edm.Untyped' || type === 'Edm.PrimitiveType') return undefined;
  if (type === 'Edm.Boolean') return typeof value === 'boolean' ? undefined : 'true or false';
  if (INTEGER_RANGES[type]) {
    if (typeof value === 'number') return integerProblem(type, Number.isInteger(value) ? BigInt(value).toString() : String(value));
    if (typeof value === 'string' && type === 'Edm.Int64') return integerProblem(type, value);
    return `a number (${type})`;
  }
  if (type === 'Edm.Decimal' || type === 'Edm.Double' || type === 'Edm.Single') {
    if (typeof value === 'number') return undefined;
    if (typeof value === 'string' && (DECIMAL.test(value) || (type !== 'Edm.Decimal' && /^-?INF$|^NaN$/.test(value)))) return undefined;
    return `a number (${type})`;
  }
  if (type.startsWith('Edm.Geo')) return 'a GeoJSON object';
  if (typeof value !== 'string') return `a string (${type})`;
  return textFits(type, value);
}

/**
 * How a value of a type is written in a url around a `{placeholder}` path parameter, as OData's literal syntax
 * requires: strings quoted (`'{orderNo}'`), enumerations as `Namespace.Type'{status}'`, durations as
 * `duration'{p}'`, numbers, booleans, GUIDs, dates and times bare. Undefined for what a url cannot carry as a typed
 * value (binary, streams, geography, structured values and collections).
 */
export function urlLiteralTemplate(service: ServiceMetadata, type: { name: string; collection: boolean }, placeholder: string): string | undefined {
  if (type.collection) return undefined;
  const shape = shapeOf(service, type.name);
  if (shape.kind === 'enum') return `${shape.type.qualifiedName}'{${placeholder}}'`;
  if (shape.kind !== 'primitive') return undefined;
  const name = shape.name;
  if (name === 'Edm.String') return `'{${placeholder}}'`;
  if (name === 'Edm.Duration') return `duration'{${placeholder}}'`;
  if (INTEGER_RANGES[name] || ['Edm.Decimal', 'Edm.Double', 'Edm.Single', 'Edm.Boolean', 'Edm.Guid', 'Edm.Date', 'Edm.DateTimeOffset', 'Edm.TimeOfDay'].includes(name)) return `{${placeholder}}`;
  return undefined;
}

/** A `{{variable}}` as a JSON body holds a value of a type: in quotes when the value is a JSON string, bare otherwise. */
export function jsonVariableTemplate(service: ServiceMetadata, type: { name: string; collection: boolean }, variable: string): string {
  return jsonTypeOfEdm(service, type) === 'string' ? `"{{${variable}}}"` : `{{${variable}}}`;
}
