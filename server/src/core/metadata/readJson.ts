import type { AnnotationValue, Annotations, EdmContainer, EdmOperation, EdmStructuredType, ServiceMetadata, TypeRef } from './model';
import { qualifyName } from './model';
import type { MetadataRead } from './readXml';
import { tooLargeMessage } from './xmlSafety';
import { nestingTooDeep, tooDeepAt } from '../parse';

type JsonObject = { [key: string]: unknown };

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Deeper than this, a document is not metadata: CSDL nests schemas, types, properties and annotations a few levels. */
const MAX_METADATA_NESTING = 100;

/** Reads CSDL JSON (OData V4.01) into the same service model as CSDL XML. */
export function readCsdlJson(text: string): MetadataRead {
  const tooLarge = tooLargeMessage(text.length);
  if (tooLarge) return { ok: false, problem: { code: 'too-large', message: tooLarge } };
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: { code: 'not-json', message: `it is not valid JSON (${error instanceof Error ? error.message : String(error)})` } };
  }
  if (!isObject(document) || typeof document.$Version !== 'string') return { ok: false, problem: { code: 'not-csdl', message: 'it is not a CSDL JSON document (no "$Version")' } };
  const tooDeep = tooDeepAt(text, MAX_METADATA_NESTING);
  if (tooDeep >= 0) return { ok: false, problem: { code: 'too-deep', message: `${nestingTooDeep(text, tooDeep, MAX_METADATA_NESTING)}; metadata documents are not nested this deep` } };
  const aliases = new Map<string, string>();
  const namespaces = Object.keys(document).filter((k) => !k.startsWith('$') && isObject(document[k]));
  for (const reference of Object.values(isObject(document.$Reference) ? document.$Reference : {})) {
    for (const include of isObject(reference) && Array.isArray(reference.$Include) ? reference.$Include : []) {
      if (isObject(include) && typeof include.$Namespace === 'string' && typeof include.$Alias === 'string') aliases.set(include.$Alias, include.$Namespace);
    }
  }
  for (const namespace of namespaces) {
    const alias = (document[namespace] as JsonObject).$Alias;
    if (typeof alias === 'string') aliases.set(alias, namespace);
  }
  const qualify = (name: string): string => qualifyName(name, (prefix) => aliases.get(prefix), (prefix) => namespaces.includes(prefix));
  const annotationsOf = (object: JsonObject): Annotations => {
    const out = Object.create(null) as Annotations;
    for (const [key, value] of Object.entries(object)) {
      if (!key.startsWith('@')) continue;
      const [term = '', qualifier] = key.slice(1).split('#');
      out[`${qualify(term)}${qualifier ? `#${qualifier}` : ''}`] = value as AnnotationValue;
    }
    return out;
  };
  const typeRef = (object: JsonObject, fallback = 'Edm.String'): TypeRef => ({ name: qualify(typeof object.$Type === 'string' ? object.$Type : fallback), collection: object.$Collection === true });
  const service: ServiceMetadata = { version: document.$Version, namespaces, aliases, types: new Map(), operations: new Map() };
  const containerName = typeof document.$EntityContainer === 'string' ? qualify(document.$EntityContainer) : undefined;
  const pending: [string, JsonObject][] = [];
  for (const namespace of namespaces) {
    const schema = document[namespace] as JsonObject;
    for (const [name, element] of Object.entries(schema)) {
      if (name === '$Annotations' && isObject(element)) {
        for (const [target, annotations] of Object.entries(element)) if (isObject(annotations)) pending.push([target, annotations]);
        continue;
      }
      if (name.startsWith('$') || name.startsWith('@')) continue;
      const qualifiedName = `${namespace}.${name}`;
      if (Array.isArray(element)) {
        const overloads = element.filter(isObject).filter((o) => o.$Kind === 'Action' || o.$Kind === 'Function').map((o): EdmOperation => {
          const returns = isObject(o.$ReturnType) ? o.$ReturnType : undefined;
          return {
            kind: o.$Kind === 'Action' ? 'action' : 'function',
            name,
            qualifiedName,
            bound: o.$IsBound === true,
            composable: o.$IsComposable === true,
            parameters: (Array.isArray(o.$Parameter) ? o.$Parameter.filter(isObject) : []).map((p) => ({ name: String(p.$Name ?? ''), type: typeRef(p), nullable: p.$Nullable === true, annotations: annotationsOf(p) })),
            ...(returns ? { returnType: { ...typeRef(returns), nullable: returns.$Nullable === true } } : {}),
            ...(typeof o.$EntitySetPath === 'string' ? { entitySetPath: o.$EntitySetPath } : {}),
            annotations: annotationsOf(o),
          };
        });
        if (overloads.length) service.operations.set(qualifiedName, overloads);
        continue;
      }
      if (!isObject(element)) continue;
      const kind = element.$Kind;
      if (kind === 'EntityType' || kind === 'ComplexType') {
        const type: EdmStructuredType = {
          kind: kind === 'EntityType' ? 'entityType' : 'complexType', name, qualifiedName,
          abstract: element.$Abstract === true, openType: element.$OpenType === true, hasStream: element.$HasStream === true,
          properties: new Map(), navigationProperties: new Map(), annotations: annotationsOf(element),
        };
        if (typeof element.$BaseType === 'string') type.baseType = qualify(element.$BaseType);
        if (Array.isArray(element.$Key)) type.key = element.$Key.map((k) => (typeof k === 'string' ? k : isObject(k) ? Object.keys(k)[0] ?? '' : '')).filter(Boolean);
        for (const [member, value] of Object.entries(element)) {
          if (member.startsWith('$') || member.startsWith('@') || !isObject(value)) continue;
          if (value.$Kind === 'NavigationProperty') {
            type.navigationProperties.set(member, { kind: 'navigation', name: member, type: typeRef(value), nullable: value.$Nullable === true, containsTarget: value.$ContainsTarget === true, ...(typeof value.$Partner === 'string' ? { partner: value.$Partner } : {}), annotations: annotationsOf(value) });
          } else {
            type.properties.set(member, {
              kind: 'property', name: member, type: typeRef(value), nullable: value.$Nullable === true, annotations: annotationsOf(value),
              ...(value.$DefaultValue !== undefined ? { defaultValue: String(value.$DefaultValue) } : {}),
              ...(value.$MaxLength !== undefined ? { maxLength: String(value.$MaxLength) } : {}),
              ...(value.$Precision !== undefined ? { precision: String(value.$Precision) } : {}),
              ...(value.$Scale !== undefined ? { scale: String(value.$Scale) } : {}),
            });
          }
        }
        service.types.set(qualifiedName, type);
      } else if (kind === 'EnumType') {
        const members = Object.entries(element).filter(([k]) => !k.startsWith('$') && !k.includes('@')).map(([k, v]) => ({ name: k, value: String(v) }));
        service.types.set(qualifiedName, { kind: 'enumType', name, qualifiedName, isFlags: element.$IsFlags === true, underlyingType: qualify(typeof element.$UnderlyingType === 'string' ? element.$UnderlyingType : 'Edm.Int32'), members, annotations: annotationsOf(element) });
      } else if (kind === 'TypeDefinition') {
        service.types.set(qualifiedName, { kind: 'typeDefinition', name, qualifiedName, underlyingType: qualify(typeof element.$UnderlyingType === 'string' ? element.$UnderlyingType : 'Edm.String'), annotations: annotationsOf(element) });
      } else if (kind === 'EntityContainer' && (!containerName || containerName === qualifiedName)) {
        const container: EdmContainer = { name, qualifiedName, children: new Map(), annotations: annotationsOf(element) };
        for (const [childName, child] of Object.entries(element)) {
          if (childName.startsWith('$') || childName.startsWith('@') || !isObject(child)) continue;
          const bindings = new Map(Object.entries(isObject(child.$NavigationPropertyBinding) ? child.$NavigationPropertyBinding : {}).map(([p, t]) => [p, String(t)]));
          const annotations = annotationsOf(child);
          if (typeof child.$Action === 'string') container.children.set(childName, { kind: 'actionImport', name: childName, action: qualify(child.$Action), ...(typeof child.$EntitySet === 'string' ? { entitySet: child.$EntitySet } : {}), annotations });
          else if (typeof child.$Function === 'string') container.children.set(childName, { kind: 'functionImport', name: childName, function: qualify(child.$Function), ...(typeof child.$EntitySet === 'string' ? { entitySet: child.$EntitySet } : {}), annotations });
          else if (child.$Collection === true) container.children.set(childName, { kind: 'entitySet', name: childName, entityType: qualify(String(child.$Type ?? '')), bindings, annotations });
          else container.children.set(childName, { kind: 'singleton', name: childName, type: qualify(String(child.$Type ?? '')), bindings, annotations });
        }
        service.container = container;
      }
    }
  }
  for (const [target, annotations] of pending) {
    const [head = '', member] = target.split('/');
    const name = qualify(head.replace(/\(.*$/, ''));
    const extra = annotationsOf(annotations);
    const type = service.types.get(name);
    const container = service.container && (name === service.container.qualifiedName) ? service.container : undefined;
    const into = container
      ? (member ? container.children.get(member) : container)
      : type && (type.kind === 'entityType' || type.kind === 'complexType') && member
        ? type.properties.get(member) ?? type.navigationProperties.get(member)
        : type ?? service.operations.get(name)?.[0];
    if (into) Object.assign(into.annotations, extra);
  }
  return { ok: true, service };
}
