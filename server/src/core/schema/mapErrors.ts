import type { Node } from 'jsonc-parser';
import { firstAtLeast } from '../bisect';
import { closeMatches } from '../closeMatches';
import { removeMemberEdit } from '../edits';
import type { Finding, Fix, Span } from '../findings';
import { keyNodeOf, nodeAtPath, valueOf } from '../tree';
import type { ErrorObject } from './compile';
import { pathSegments, subjectAt, type PathSegment } from './subjects';
import { canonicalSpelling } from './uiSpellings';
import { patternProblem } from '../pattern';
import { checkNumber } from '../values/numbers';

interface Context {
  text: string;
  root: Node;
  /** Offsets of syntax errors, in order: a required property "missing" there is usually just cut off by the error. */
  syntaxErrorOffsets: number[];
  /** The properties of each object that errors name properties of, by key (the last of a key, as JSON.parse keeps). */
  propertiesByKey: Map<Node, Map<string, Node>>;
}

/** The property `key` of an object node, looked up in an index of its properties made the first time it is asked. */
function propertyIn(context: Context, object: Node, key: string): Node | undefined {
  let properties = context.propertiesByKey.get(object);
  if (!properties) {
    properties = new Map();
    for (const property of object.type === 'object' ? object.children ?? [] : []) {
      const name = property.children?.[0]?.value;
      if (typeof name === 'string') properties.set(name, property);
    }
    context.propertiesByKey.set(object, properties);
  }
  return properties.get(key);
}

const quoteList = (values: readonly unknown[]): string => values.map((v) => (typeof v === 'string' ? `'${v}'` : JSON.stringify(v))).join(', ');

function spanOfNode(node: Node): Span {
  return { offset: node.offset, length: node.length };
}

/** Where a problem with a whole object is shown: its key, or its opening brace when it has none. */
function anchorOf(node: Node): Span {
  const key = keyNodeOf(node);
  return key ? spanOfNode(key) : { offset: node.offset, length: 1 };
}

function containsSyntaxError(node: Node, context: Context): boolean {
  // The first syntax error at or after the node's start: is it inside the node?
  const offsets = context.syntaxErrorOffsets;
  const first = offsets[firstAtLeast(offsets.length, (i) => offsets[i] as number, node.offset)];
  return first !== undefined && first <= node.offset + node.length;
}

function kindOf(root: Node): string | undefined {
  const kind = valueOf(root, 'kind')?.value;
  return typeof kind === 'string' ? kind : undefined;
}

function finding(code: string, at: Span, message: string, fixes?: Fix[]): Finding {
  return { code, severity: 'error', message, ...at, ...(fixes?.length ? { fixes } : {}) };
}

function allowedProperties(error: ErrorObject): string[] {
  const schema = error.parentSchema as { properties?: Record<string, unknown> } | undefined;
  return Object.keys(schema?.properties ?? {});
}

function missingProperty(error: ErrorObject, path: PathSegment[], node: Node, context: Context): Finding | undefined {
  if (containsSyntaxError(node, context)) return undefined;
  const missing = String((error.params as { missingProperty?: string }).missingProperty);
  const schema = (error.parentSchema as { properties?: Record<string, { enum?: unknown[] }> } | undefined)?.properties?.[missing];
  const choices = schema?.enum ? ` (one of ${quoteList(schema.enum)})` : '';
  const flow = valueOf(node, 'scheme')?.value === 'oauth2' ? valueOf(node, 'flow')?.value : undefined;
  const meaning = typeof flow === 'string' ? (FLOW_REQUIRES[`${flow}.${missing}`] ?? FLOW_REQUIRES[missing]) : undefined;
  if (meaning !== undefined) {
    return finding('missing-property', anchorOf(node), `With "flow": "${String(flow)}", ${subjectAt(context.root, path)} needs '${missing}' (${meaning}). Add "${missing}": ....`);
  }
  return finding('missing-property', anchorOf(node), `${subjectAt(context.root, path)} needs '${missing}'${choices}. Add "${missing}": ....`);
}

function unknownProperty(error: ErrorObject, path: PathSegment[], node: Node, context: Context): Finding | undefined {
  const name = String((error.params as { additionalProperty?: string }).additionalProperty);
  const keyNode = propertyIn(context, node, name)?.children?.[0];
  if (!keyNode) return undefined;
  const allowed = allowedProperties(error).filter((p) => p !== '$schema');
  const [suggestion] = closeMatches(name, allowed, 1);
  const subject = subjectAt(context.root, path);
  const where = subject.charAt(0).toLowerCase() + subject.slice(1);
  if (suggestion) {
    const fixes: Fix[] = propertyIn(context, node, suggestion)
      ? []
      : [{ title: `Rename to '${suggestion}'`, edits: [{ offset: keyNode.offset, length: keyNode.length, content: JSON.stringify(suggestion) }], preferred: true }];
    return finding('unknown-property', spanOfNode(keyNode), `Unknown property '${name}' in ${where}. Did you mean '${suggestion}'?`, fixes);
  }
  return finding('unknown-property', spanOfNode(keyNode), `Unknown property '${name}' in ${where}. Allowed: ${quoteList(allowed)}.`);
}

/**
 * A property that the schema forbids where it stands (for this kind, this flow, this operation): a finding on its
 * key with a fix that removes it; `why` says why, given the property's name and the object holding it.
 */
function propertyNotHere(path: PathSegment[], context: Context, why: (name: string, holder: Node | undefined) => string): Finding | undefined {
  const name = String(path[path.length - 1]);
  const valueNode = nodeAtPath(context.root, path);
  const keyNode = valueNode && keyNodeOf(valueNode);
  if (!keyNode) return undefined;
  const property = keyNode.parent;
  const fixes: Fix[] = property ? [{ title: `Remove '${name}'`, edits: [removeMemberEdit(property)] }] : [];
  return finding('property-not-for-kind', spanOfNode(keyNode), why(name, valueNode.parent?.parent), fixes);
}

function propertyNotForKind(path: PathSegment[], context: Context): Finding | undefined {
  const kind = kindOf(context.root);
  const other = kind === 'rest' ? 'OData' : 'REST';
  return propertyNotHere(path, context, (name) => `'${name}' belongs to ${other} connectors; this one is ${kind === 'rest' ? 'REST' : 'OData'} ("kind": "${kind ?? ''}"). Remove it, or change 'kind'.`);
}

/** What each OAuth2 flow's own settings are for, when one is written under another flow. */
const FLOW_SETTINGS: Readonly<Record<string, string>> = {
  clientSecret: `'clientSecret' is used only with "flow": "password" (the client's own secret, besides the user's password in 'secret'); with the other flows 'secret' names the client secret.`,
  authorizationUrl: `'authorizationUrl' is used only with "flow": "authorizationCode" (the sign-in page the browser opens).`,
};

/** A Custom request's setting that a batch does not have, or a batch's setting on a single request. */
function propertyNotForBatch(path: PathSegment[], context: Context): Finding | undefined {
  return propertyNotHere(path, context, (name, holder) => {
    const operation = holder ? valueOf(holder, 'operation')?.value : undefined;
    return operation === 'batch'
      ? `A batch has no '${name}': each of its items takes it from the Custom request it names. Remove it, or set it on that request.`
      : `'${name}' belongs to a batch ("operation": "batch"); this request's operation is "${String(operation)}". Remove it, or change 'operation'.`;
  });
}

/** A setting of another OAuth2 flow in an oauth2 authorization. */
function propertyNotForFlow(path: PathSegment[], context: Context): Finding | undefined {
  return propertyNotHere(path, context, (name, holder) => {
    const flow = holder ? valueOf(holder, 'flow')?.value : undefined;
    return `${FLOW_SETTINGS[name] ?? `'${name}' does not belong to this flow.`} This authorization uses "flow": "${String(flow)}": remove it, or change 'flow'.`;
  });
}

/** What an OAuth2 flow's required setting is, for the message that asks for it. */
const FLOW_REQUIRES: Readonly<Record<string, string>> = {
  username: 'the user who signs in',
  'password.secret': "the name of the secret holding the user's password",
  'clientCredentials.secret': 'the name of the secret holding the client secret',
  authorizationUrl: "the identity provider's sign-in page, e.g. https://login.example.com/realms/ifs/protocol/openid-connect/auth",
};

function invalidEnum(error: ErrorObject, path: PathSegment[], node: Node): Finding {
  const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues ?? [];
  const property = String(path[path.length - 1] ?? 'value');
  const value: unknown = node.value;
  const written = typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
  if (typeof value === 'string') {
    const canonical = canonicalSpelling(value, allowed);
    if (canonical !== undefined) {
      return finding('invalid-value', spanOfNode(node), `${written} is how the platform's UI shows it; in a connector file '${property}' is written '${canonical}'.`, [
        { title: `Change to '${canonical}'`, edits: [{ offset: node.offset, length: node.length, content: JSON.stringify(canonical) }], preferred: true },
      ]);
    }
    const [close] = closeMatches(value, allowed.filter((a): a is string => typeof a === 'string'), 1);
    if (close !== undefined) {
      return finding('invalid-value', spanOfNode(node), `${written} is not a valid '${property}'. Did you mean '${close}'? Allowed: ${quoteList(allowed)}.`, [
        { title: `Change to '${close}'`, edits: [{ offset: node.offset, length: node.length, content: JSON.stringify(close) }] },
      ]);
    }
  }
  return finding('invalid-value', spanOfNode(node), `${written} is not a valid '${property}'. Allowed: ${quoteList(allowed)}.`);
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'a string', number: 'a number', integer: 'a whole number', boolean: 'true or false', object: 'an object', array: 'an array', null: 'null',
};

function wrongType(error: ErrorObject, path: PathSegment[], node: Node, text: string): Finding {
  const expected = ([] as string[]).concat((error.params as { type?: string | string[] }).type ?? []);
  const property = path.length === 0 ? 'The file' : `'${String(path[path.length - 1])}'`;
  const expectedText = expected.includes('object') && expected.includes('string') && property === "'body'"
    ? 'JSON text (a string) or {"file": "relative/path.json"}'
    : expected.map((t) => TYPE_NAMES[t] ?? t).join(' or ');
  if (node.type === 'number' && (expected.includes('number') || expected.includes('integer'))) {
    // A number where one belongs: ajv takes a literal past the 64-bit range (1e400) for another type, and a
    // fraction where a whole number belongs; both are named by the digits written.
    const written = text.slice(node.offset, node.offset + node.length);
    const judged = checkNumber(written, undefined);
    if (!judged.ok) return finding('invalid-value', spanOfNode(node), `${property} ${judged.message}. Write a number within it.`);
    return finding('wrong-type', spanOfNode(node), `${property} must be ${expectedText}, not ${written}.`);
  }
  const actual = node.type === 'property' ? 'a property' : TYPE_NAMES[node.type] ?? node.type;
  const fixes: Fix[] = [];
  const value: unknown = node.value;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (expected.includes('boolean') && (trimmed === 'true' || trimmed === 'false')) {
      fixes.push({ title: `Change to ${trimmed}`, edits: [{ offset: node.offset, length: node.length, content: trimmed }], preferred: true });
    } else if ((expected.includes('number') || expected.includes('integer')) && trimmed !== '' && Number.isFinite(Number(trimmed)) && (!expected.includes('integer') || Number.isInteger(Number(trimmed)) || expected.includes('number'))) {
      fixes.push({ title: `Change to ${Number(trimmed)}`, edits: [{ offset: node.offset, length: node.length, content: String(Number(trimmed)) }], preferred: true });
    }
  }
  return finding('wrong-type', spanOfNode(node), `${property} must be ${expectedText}, not ${actual}.`, fixes);
}

function invalidFormat(error: ErrorObject, path: PathSegment[], node: Node): Finding {
  const property = String(path[path.length - 1] ?? '');
  const value = typeof node.value === 'string' ? node.value : '';
  let message: string;
  if (property === 'baseUrl') message = `'baseUrl' must be an absolute http or https URL, e.g. "https://api.example.com/v1"; "${value}" is not.`;
  else if (property === 'connectorVersion') message = `'connectorVersion' must be a version such as "2.1.17" (major.minor.patch); "${value}" is not.`;
  else if (property === 'pattern') {
    message = `This 'pattern' cannot be used: ${patternProblem(value) ?? 'it is not a valid regular expression'}.`;
  } else if (property === 'secret') message = `A secret name uses letters, digits, '_', '.' and '-' only; "${value}" is not a name. Put the secret's value in secret storage, not in the file.`;
  else if (property === 'tokenUrl' || property === 'authorizationUrl') {
    const what = property === 'tokenUrl' ? 'the token endpoint' : "the identity provider's sign-in page";
    message = `'${property}' must be an absolute https URL of ${what}, e.g. "https://login.example.com/realms/ifs/protocol/openid-connect/${property === 'tokenUrl' ? 'token' : 'auth'}"; "${value}" is not.`;
  } else if (property === '$ref') message = `'$ref' names another model as "#/models/Name".`;
  else message = `'${property}' ${error.message ?? 'has the wrong form'}.`;
  return finding('invalid-format', spanOfNode(node), message);
}

function otherConstraint(error: ErrorObject, path: PathSegment[], node: Node): Finding {
  const property = String(path[path.length - 1] ?? 'value');
  if (error.keyword === 'minLength') return finding('invalid-value', spanOfNode(node), `'${property}' must not be empty.`);
  if (error.keyword === 'minimum') return finding('invalid-value', spanOfNode(node), `'${property}' must be ${String((error.params as { limit?: number }).limit)} or more.`);
  return finding('invalid-value', spanOfNode(node), `'${property}' ${error.message ?? 'is not allowed'}.`);
}

/** Keywords that only summarize other errors (an `if` whose `then` failed, a union that found no match). */
const SUMMARY_KEYWORDS = new Set(['if', 'anyOf', 'oneOf', 'allOf', 'not']);

/** Turns ajv's errors into one finding per mistake, each on the narrowest node. */
export function mapSchemaErrors(errors: readonly ErrorObject[], text: string, root: Node, syntaxErrorOffsets: number[]): Finding[] {
  const context: Context = { text, root, syntaxErrorOffsets: [...syntaxErrorOffsets].sort((a, b) => a - b), propertiesByKey: new Map() };
  const typeErrorPaths = new Set(errors.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    if (SUMMARY_KEYWORDS.has(error.keyword)) continue;
    // A value of the wrong type fails its other checks too; the type is the one mistake to report.
    if (error.keyword !== 'type' && typeErrorPaths.has(error.instancePath)) continue;
    const path = pathSegments(error.instancePath, root);
    const node = nodeAtPath(root, path);
    if (!node) continue;
    let result: Finding | undefined;
    switch (error.keyword) {
      case 'required': result = missingProperty(error, path, node, context); break;
      case 'additionalProperties': result = unknownProperty(error, path, node, context); break;
      case 'false schema':
        result = path[path.length - 2] === 'authorization' ? propertyNotForFlow(path, context) : path[path.length - 3] === 'customRequests' ? propertyNotForBatch(path, context) : propertyNotForKind(path, context);
        break;
      case 'enum': result = invalidEnum(error, path, node); break;
      case 'type': result = wrongType(error, path, node, context.text); break;
      case 'format':
      case 'pattern': result = invalidFormat(error, path, node); break;
      default: result = otherConstraint(error, path, node);
    }
    if (!result) continue;
    const key = `${result.code}:${result.offset}:${result.length}:${result.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push(result);
  }
  return findings;
}
