import type { AnnotationValue, EdmContainerChild, EdmEntitySet, EdmNavigationProperty, EdmOperation, EdmProperty, EdmSchemaType, EdmSingleton, EdmStructuredType, ServiceMetadata } from './model';
import { TERMS } from './model';

/** Indexes built once per service, on first use: members with inherited ones, derived types, bound operations. */
interface ServiceIndex {
  properties: Map<EdmStructuredType, Map<string, EdmProperty>>;
  navigation: Map<EdmStructuredType, Map<string, EdmNavigationProperty>>;
  derived?: Map<string, EdmStructuredType[]>;
  bound?: Map<string, EdmOperation[]>;
  setsByType?: Map<string, (EdmEntitySet | EdmSingleton)[]>;
  containerNames?: readonly string[];
}

const indexes = new WeakMap<ServiceMetadata, ServiceIndex>();

function indexOf(service: ServiceMetadata): ServiceIndex {
  let index = indexes.get(service);
  if (!index) {
    index = { properties: new Map(), navigation: new Map() };
    indexes.set(service, index);
  }
  return index;
}

/** The schema type a qualified name names. */
export function schemaType(service: ServiceMetadata, name: string): EdmSchemaType | undefined {
  return service.types.get(name) ?? service.types.get(qualifyName(service, name));
}

/** An entity or complex type by qualified name. */
export function structuredType(service: ServiceMetadata, name: string): EdmStructuredType | undefined {
  const type = schemaType(service, name);
  return type?.kind === 'entityType' || type?.kind === 'complexType' ? type : undefined;
}

/** A name with a schema alias replaced by its namespace (`mscrm.account` → `Microsoft.Dynamics.CRM.account`). */
export function qualifyName(service: ServiceMetadata, name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return name;
  const namespace = service.aliases.get(name.slice(0, dot));
  return namespace ? `${namespace}${name.slice(dot)}` : name;
}

/** The type and its base types, nearest first (a cycle in a broken document stops the walk). */
export function typeChain(service: ServiceMetadata, type: EdmStructuredType): EdmStructuredType[] {
  const chain: EdmStructuredType[] = [];
  for (let t: EdmStructuredType | undefined = type; t && !chain.includes(t) && chain.length < 64; t = t.baseType ? structuredType(service, t.baseType) : undefined) chain.push(t);
  return chain;
}

/** Structural properties including inherited ones, base type's first. */
export function propertiesOf(service: ServiceMetadata, type: EdmStructuredType): Map<string, EdmProperty> {
  const index = indexOf(service);
  let all = index.properties.get(type);
  if (!all) {
    all = new Map();
    for (const t of typeChain(service, type).reverse()) for (const [name, p] of t.properties) all.set(name, p);
    index.properties.set(type, all);
  }
  return all;
}

/** Navigation properties including inherited ones. */
export function navigationOf(service: ServiceMetadata, type: EdmStructuredType): Map<string, EdmNavigationProperty> {
  const index = indexOf(service);
  let all = index.navigation.get(type);
  if (!all) {
    all = new Map();
    for (const t of typeChain(service, type).reverse()) for (const [name, n] of t.navigationProperties) all.set(name, n);
    index.navigation.set(type, all);
  }
  return all;
}

/** A structural or navigation property by name. */
export function memberOf(service: ServiceMetadata, type: EdmStructuredType, name: string): EdmProperty | EdmNavigationProperty | undefined {
  return propertiesOf(service, type).get(name) ?? navigationOf(service, type).get(name);
}

/** The key property names of an entity type (declared on it or a base type). */
export function keyOf(service: ServiceMetadata, type: EdmStructuredType): string[] {
  for (const t of typeChain(service, type)) if (t.key) return t.key;
  return [];
}

/** Whether `type` is `base` or derives from it. */
export function derivesFrom(service: ServiceMetadata, type: EdmStructuredType, base: EdmStructuredType): boolean {
  return typeChain(service, type).includes(base);
}

/** Every type deriving (directly or not) from `type`. */
export function derivedTypes(service: ServiceMetadata, type: EdmStructuredType): EdmStructuredType[] {
  const index = indexOf(service);
  if (!index.derived) {
    index.derived = new Map();
    for (const t of service.types.values()) {
      if (t.kind !== 'entityType' && t.kind !== 'complexType') continue;
      for (const base of typeChain(service, t).slice(1)) {
        const list = index.derived.get(base.qualifiedName) ?? [];
        list.push(t);
        index.derived.set(base.qualifiedName, list);
      }
    }
  }
  return index.derived.get(type.qualifiedName) ?? [];
}

/** Bound actions and functions that can be called on a value of `type` (a collection of it when `collection`). */
export function boundOperations(service: ServiceMetadata, type: EdmStructuredType, collection: boolean): EdmOperation[] {
  const index = indexOf(service);
  if (!index.bound) {
    index.bound = new Map();
    for (const overloads of service.operations.values()) {
      for (const operation of overloads) {
        const binding = operation.bound ? operation.parameters[0]?.type : undefined;
        if (!binding) continue;
        const key = `${binding.collection ? 'C' : 'S'}:${binding.name}`;
        const list = index.bound.get(key) ?? [];
        list.push(operation);
        index.bound.set(key, list);
      }
    }
  }
  const out: EdmOperation[] = [];
  for (const t of typeChain(service, type)) {
    // One at a time: a type may have more bound operations than a call may have arguments.
    for (const operation of index.bound.get(`${collection ? 'C' : 'S'}:${t.qualifiedName}`) ?? []) out.push(operation);
  }
  return out;
}

/** The entity sets and singletons whose type is `typeName`. */
export function sourcesOfType(service: ServiceMetadata, typeName: string): (EdmEntitySet | EdmSingleton)[] {
  const index = indexOf(service);
  if (!index.setsByType) {
    index.setsByType = new Map();
    for (const child of service.container?.children.values() ?? []) {
      if (child.kind !== 'entitySet' && child.kind !== 'singleton') continue;
      const key = child.kind === 'entitySet' ? child.entityType : child.type;
      index.setsByType.set(key, [...(index.setsByType.get(key) ?? []), child]);
    }
  }
  return index.setsByType.get(typeName) ?? [];
}

/** The names of the container's children (entity sets, singletons, action and function imports), listed once per service. */
export function containerNames(service: ServiceMetadata): readonly string[] {
  const index = indexOf(service);
  return (index.containerNames ??= [...(service.container?.children.keys() ?? [])]);
}

/** A container child (entity set, singleton, action or function import) by name. */
export function containerChild(service: ServiceMetadata, name: string): EdmContainerChild | undefined {
  return service.container?.children.get(name);
}

/** The value of an annotation on a model element, by term (unqualified annotation only). */
export function annotation(element: { annotations: Record<string, AnnotationValue> } | undefined, term: string): AnnotationValue | undefined {
  return element?.annotations[term];
}

/** A record annotation's boolean property (`Insertable` of InsertRestrictions); undefined when not stated. */
export function recordFlag(element: { annotations: Record<string, AnnotationValue> } | undefined, term: string, property: string): boolean | undefined {
  const value = annotation(element, term);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const flag = value[property];
  return typeof flag === 'boolean' ? flag : undefined;
}

/** Whether a property is computed or read-only: `Core.Computed`, or `Core.Permissions` of Read alone. */
export function isReadOnly(property: EdmProperty): 'computed' | 'read-only' | undefined {
  if (annotation(property, TERMS.computed) === true) return 'computed';
  const permissions = annotation(property, TERMS.permissions);
  const text = permissions !== null && typeof permissions === 'object' && !Array.isArray(permissions) ? permissions.$EnumMember : permissions;
  if (typeof text === 'string' && /(^|[/ ])Read$/.test(text.trim()) && !/ReadWrite|Write/.test(text)) return 'read-only';
  return undefined;
}

/** Whether a property must be given a value though its type allows null: marked mandatory (`Common.FieldControl`). */
export function isMandatory(property: EdmProperty): boolean {
  const value = annotation(property, TERMS.fieldControl);
  const member = value !== null && typeof value === 'object' && !Array.isArray(value) ? value.$EnumMember : undefined;
  return typeof member === 'string' && member.endsWith('/Mandatory');
}

/** The description of an element (`Core.Description`), if any. */
export function descriptionOf(element: { annotations: Record<string, AnnotationValue> } | undefined): string | undefined {
  const value = annotation(element, TERMS.description);
  return typeof value === 'string' ? value : undefined;
}

const SIMPLE_IDENTIFIER = /^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Nd}\p{Mn}\p{Mc}\p{Pc}\p{Cf}]{0,127}$/u;

/** Whether a name is a CSDL simple identifier (a letter or underscore, then letters, digits, underscores), as a url can carry it unquoted. */
export function isSimpleIdentifier(name: string): boolean {
  return SIMPLE_IDENTIFIER.test(name);
}

/** Whether a name is a namespace-qualified one made of simple identifiers (`IfsApp.CustomerOrderHandling.Release`). */
export function isQualifiedName(name: string): boolean {
  return name.split('.').every(isSimpleIdentifier);
}

/** A name without its namespace. */
export function shortName(qualified: string): string {
  return qualified.slice(qualified.lastIndexOf('.') + 1);
}

/** A type reference as people read it: `Collection(Order)`, `Edm.String`. */
export function typeLabel(type: { name: string; collection: boolean }): string {
  const name = type.name.startsWith('Edm.') ? type.name : shortName(type.name);
  return type.collection ? `Collection(${name})` : name;
}
