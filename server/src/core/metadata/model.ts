/**
 * The typed model of an OData V4 service as its CSDL document ($metadata) describes it. Names are kept as the
 * document writes them; every type reference is namespace-qualified (aliases resolved) so lookups need no alias.
 */

/** An annotation's value, shaped like CSDL JSON: records as objects, collections as arrays, paths as `{ $Path }`. */
export type AnnotationValue = string | number | boolean | null | AnnotationValue[] | { [key: string]: AnnotationValue };

/** Term (namespace-qualified, e.g. `Org.OData.Core.V1.Computed`, with `#Qualifier` when qualified) → value. */
export type Annotations = Record<string, AnnotationValue>;

/** A reference to a type: `Edm.String`, `NS.Order`, or a collection of one. */
export interface TypeRef {
  name: string;
  collection: boolean;
}

interface Annotated {
  annotations: Annotations;
}

export interface EdmProperty extends Annotated {
  kind: 'property';
  name: string;
  type: TypeRef;
  nullable: boolean;
  defaultValue?: string;
  maxLength?: string;
  precision?: string;
  scale?: string;
}

export interface EdmNavigationProperty extends Annotated {
  kind: 'navigation';
  name: string;
  type: TypeRef;
  nullable: boolean;
  containsTarget: boolean;
  partner?: string;
}

/** An entity or complex type with its own members (inherited ones are found through `baseType`). */
export interface EdmStructuredType extends Annotated {
  kind: 'entityType' | 'complexType';
  name: string;
  qualifiedName: string;
  baseType?: string;
  abstract: boolean;
  openType: boolean;
  hasStream: boolean;
  /** Declared key property names (aliases of key paths are not supported); inherited keys come from the base. */
  key?: string[];
  properties: Map<string, EdmProperty>;
  navigationProperties: Map<string, EdmNavigationProperty>;
}

export interface EdmEnumType extends Annotated {
  kind: 'enumType';
  name: string;
  qualifiedName: string;
  isFlags: boolean;
  underlyingType: string;
  members: { name: string; value: string }[];
}

export interface EdmTypeDefinition extends Annotated {
  kind: 'typeDefinition';
  name: string;
  qualifiedName: string;
  underlyingType: string;
}

export type EdmSchemaType = EdmStructuredType | EdmEnumType | EdmTypeDefinition;

export interface EdmParameter extends Annotated {
  name: string;
  type: TypeRef;
  nullable: boolean;
}

/** An action or function; a bound one's first parameter is its binding parameter. */
export interface EdmOperation extends Annotated {
  kind: 'action' | 'function';
  name: string;
  qualifiedName: string;
  bound: boolean;
  composable: boolean;
  parameters: EdmParameter[];
  returnType?: TypeRef & { nullable: boolean };
  entitySetPath?: string;
}

export interface EdmEntitySet extends Annotated {
  kind: 'entitySet';
  name: string;
  entityType: string;
  /** NavigationPropertyBinding: path → target entity set (or singleton) name. */
  bindings: Map<string, string>;
}

export interface EdmSingleton extends Annotated {
  kind: 'singleton';
  name: string;
  type: string;
  bindings: Map<string, string>;
}

export interface EdmActionImport extends Annotated {
  kind: 'actionImport';
  name: string;
  action: string;
  entitySet?: string;
}

export interface EdmFunctionImport extends Annotated {
  kind: 'functionImport';
  name: string;
  function: string;
  entitySet?: string;
}

export type EdmContainerChild = EdmEntitySet | EdmSingleton | EdmActionImport | EdmFunctionImport;

export interface EdmContainer extends Annotated {
  name: string;
  qualifiedName: string;
  /** Every child by name: entity sets, singletons, action and function imports share one name space. */
  children: Map<string, EdmContainerChild>;
}

/** A whole service: what its $metadata declares. */
export interface ServiceMetadata {
  /** The Edmx Version attribute ("4.0", "4.01"). */
  version: string;
  namespaces: string[];
  /** Alias → namespace, for names written with an alias (`mscrm.account`). */
  aliases: Map<string, string>;
  types: Map<string, EdmSchemaType>;
  /** Qualified name → overloads. */
  operations: Map<string, EdmOperation[]>;
  container?: EdmContainer;
}

/** The vocabulary terms the checks read, namespace-qualified. */
export const TERMS = {
  computed: 'Org.OData.Core.V1.Computed',
  immutable: 'Org.OData.Core.V1.Immutable',
  permissions: 'Org.OData.Core.V1.Permissions',
  description: 'Org.OData.Core.V1.Description',
  longDescription: 'Org.OData.Core.V1.LongDescription',
  optimisticConcurrency: 'Org.OData.Core.V1.OptimisticConcurrency',
  optionalParameter: 'Org.OData.Core.V1.OptionalParameter',
  mediaType: 'Org.OData.Core.V1.MediaType',
  insertRestrictions: 'Org.OData.Capabilities.V1.InsertRestrictions',
  updateRestrictions: 'Org.OData.Capabilities.V1.UpdateRestrictions',
  deleteRestrictions: 'Org.OData.Capabilities.V1.DeleteRestrictions',
  computedDefaultValue: 'Org.OData.Core.V1.ComputedDefaultValue',
  /** SAP's Common vocabulary (CAP's `@mandatory`): FieldControlType/Mandatory asks for a value though the type allows null. */
  fieldControl: 'com.sap.vocabularies.Common.v1.FieldControl',
} as const;

/** The standard vocabulary namespaces by their usual aliases, used when a document names a term by alias without declaring it. */
const STANDARD_ALIASES: ReadonlyMap<string, string> = new Map([
  ['Core', 'Org.OData.Core.V1'],
  ['Capabilities', 'Org.OData.Capabilities.V1'],
  ['Validation', 'Org.OData.Validation.V1'],
  ['Measures', 'Org.OData.Measures.V1'],
]);

/**
 * `name` (`Alias.Name`, `Namespace.Name`) with the part before its last dot replaced by the namespace it stands for: an
 * alias the document declares (`aliasOf`), else a standard vocabulary's usual alias unless a schema of the document
 * has that namespace. Both forms of CSDL qualify names so.
 */
export function qualifyName(name: string, aliasOf: (prefix: string) => string | undefined, isNamespace: (prefix: string) => boolean): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return name;
  const prefix = name.slice(0, dot);
  const namespace = aliasOf(prefix) ?? (isNamespace(prefix) ? undefined : STANDARD_ALIASES.get(prefix));
  return namespace ? `${namespace}${name.slice(dot)}` : name;
}
