// Every difference between a connector file and what importing its OpenAPI document would give it: operations in one
// and not the other, and for each operation in both its method, path, texts, headers and parameters (each property
// of each parameter: type, format, required, ...), and the models bodies use. What `import openapi --check` lists, so
// a CI step fails when an API drifts from its connector.
import { sameJson } from '../importing/connectorText';
import type { JsonValue } from '../tree';
import { asArray, asObject, asString } from './document';
import type { JsonObject, RestConnectorJson } from './types';

const shown = (value: JsonValue | undefined): string => (value === undefined ? '(none)' : JSON.stringify(value));

/** Property by property, what differs between two objects (`required: false → true`); keys in `skip` are left aside. */
function propertyChanges(file: JsonObject, document: JsonObject, skip: readonly string[] = []): string[] {
  const keys = [...new Set([...Object.keys(file), ...Object.keys(document)])].filter((k) => !skip.includes(k));
  return keys.filter((k) => !sameJson(file[k], document[k])).map((k) => `${k} ${shown(file[k])} → ${shown(document[k])}`);
}

/** A parameter's key in an operation: its location and name. */
const parameterKey = (p: JsonObject): string => `${asString(p.location) ?? ''} ${asString(p.name) ?? ''}`;

function operationChanges(id: string, file: JsonObject, document: JsonObject): string[] {
  const out: string[] = [];
  for (const change of propertyChanges(file, document, ['id', 'parameters', 'headers'])) out.push(`Operation '${id}': ${change} (connector → document).`);
  const fileHeaders = asObject(file.headers) ?? {};
  const documentHeaders = asObject(document.headers) ?? {};
  for (const change of propertyChanges(fileHeaders, documentHeaders)) out.push(`Operation '${id}': header ${change} (connector → document).`);
  const fileParameters = asArray(file.parameters).map(asObject).filter((p): p is JsonObject => p !== undefined);
  const documentParameters = asArray(document.parameters).map(asObject).filter((p): p is JsonObject => p !== undefined);
  const label = (p: JsonObject): string => `'${asString(p.name) ?? ''}' (${asString(p.location) ?? ''})`;
  for (const p of documentParameters) {
    const same = fileParameters.find((q) => parameterKey(q) === parameterKey(p));
    if (!same) out.push(`Operation '${id}': parameter ${label(p)} is in the document, not in the connector (${asString(p.type) ?? 'no type'}${p.required === true ? ', required' : ''}).`);
    else for (const change of propertyChanges(same, p, ['name', 'location'])) out.push(`Operation '${id}': parameter ${label(p)}: ${change} (connector → document).`);
  }
  for (const p of fileParameters) {
    if (!documentParameters.some((q) => parameterKey(q) === parameterKey(p))) out.push(`Operation '${id}': parameter ${label(p)} is in the connector, not in the document.`);
  }
  return out;
}

/** Model by model, property by property, what differs. */
function modelChanges(file: JsonObject, document: JsonObject): string[] {
  const out: string[] = [];
  for (const name of [...new Set([...Object.keys(file), ...Object.keys(document)])]) {
    const a = asObject(file[name]);
    const b = asObject(document[name]);
    if (!a) out.push(`Model '${name}' is in the document, not in the connector.`);
    else if (!b) out.push(`Model '${name}' is in the connector, not in the document.`);
    else if (!sameJson(a, b)) {
      const aProperties = asObject(a.properties) ?? {};
      const bProperties = asObject(b.properties) ?? {};
      for (const change of propertyChanges(a, b, ['properties'])) out.push(`Model '${name}': ${change} (connector → document).`);
      for (const change of propertyChanges(aProperties, bProperties)) out.push(`Model '${name}': property ${change} (connector → document).`);
    }
  }
  return out;
}

/**
 * The differences between a connector file's JSON and the connector an import of its document gives (mapped for the
 * file's own sign-in, as an update maps it). The base URL, name and authorization are the file's to keep and are
 * not compared. Empty: the connector is in step with the document.
 */
export function connectorDifferences(file: JsonObject, imported: RestConnectorJson): string[] {
  const out: string[] = [];
  const fileOperations = asArray(file.operations).map(asObject).filter((o): o is JsonObject => o !== undefined);
  const documentOperations = imported.operations as unknown as JsonObject[];
  for (const operation of documentOperations) {
    const id = asString(operation.id) ?? '';
    const same = fileOperations.find((o) => asString(o.id) === id);
    if (!same) out.push(`Operation '${id}' (${asString(operation.method) ?? ''} ${asString(operation.path) ?? ''}) is in the document, not in the connector.`);
    else out.push(...operationChanges(id, same, operation));
  }
  for (const operation of fileOperations) {
    const id = asString(operation.id) ?? '';
    if (!documentOperations.some((o) => asString(o.id) === id)) out.push(`Operation '${id}' (${asString(operation.method) ?? ''} ${asString(operation.path) ?? ''}) is in the connector, not in the document.`);
  }
  out.push(...modelChanges(asObject(file.models) ?? {}, (imported.models ?? {}) as unknown as JsonObject));
  return out;
}
