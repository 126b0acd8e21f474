import type { Annotations, EdmActionImport, EdmContainer, EdmEntitySet, EdmEnumType, EdmFunctionImport, EdmNavigationProperty, EdmOperation, EdmParameter, EdmProperty, EdmSingleton, EdmStructuredType, EdmTypeDefinition, ServiceMetadata, TypeRef } from './model';
import { CsdlNames } from './csdlNames';
import { AnnotationFrames, NO_ANNOTATIONS, type Annotated, type ValueFrame } from './xmlAnnotations';
import { applyOutOfLine, type OutOfLine } from './outOfLineAnnotations';
import type { XmlAttributes } from './xmlAttributes';
import { readXmlEvents, type XmlConsumer } from './xmlEvents';

/** Why a document cannot be read as CSDL: a code for programs, a sentence (without a subject) for people. */
export interface MetadataProblem {
  code: 'too-large' | 'doctype' | 'too-deep' | 'not-xml' | 'not-csdl' | 'odata-v2' | 'not-json';
  message: string;
  line?: number;
  column?: number;
}

export type MetadataRead = { ok: true; service: ServiceMetadata } | { ok: false; problem: MetadataProblem };

/** Where a problem is, for a message: ` (line 3, column 7)`, or nothing when it has no place. */
export function problemPlace(problem: MetadataProblem): string {
  return problem.line ? ` (line ${problem.line}${problem.column ? `, column ${problem.column}` : ''})` : '';
}

/**
 * Reads CSDL XML (OData V4) into the service model as the text streams by, without a tree of the document; refuses
 * hostile or foreign documents with a reason. A document that declares an alias after a name that uses it (possible
 * only with several schemas) is read a second time with every alias known.
 */
export function readCsdlXml(text: string): MetadataRead {
  let reader = new CsdlXmlReader(new CsdlNames());
  const problem = readXmlEvents(text, reader);
  if (problem) return { ok: false, problem };
  if (reader.names.stale) {
    reader = new CsdlXmlReader(reader.names.complete());
    readXmlEvents(text, reader);
  }
  return reader.result();
}

/** What is read of one Schema element, added to the service in the order the model has always had: types by kind, actions before functions, then containers. */
interface SchemaParts {
  kind: 'schema';
  namespace: string;
  entityTypes: EdmStructuredType[];
  complexTypes: EdmStructuredType[];
  enumTypes: EdmEnumType[];
  typeDefinitions: EdmTypeDefinition[];
  actions: EdmOperation[];
  functions: EdmOperation[];
  containers: ContainerParts[];
  outOfLine: OutOfLine[];
}

interface ContainerParts {
  kind: 'container';
  name: string;
  annotations: Annotations;
  entitySets: EdmEntitySet[];
  singletons: EdmSingleton[];
  actionImports: EdmActionImport[];
  functionImports: EdmFunctionImport[];
}

/** What an open element is to the reader; `ignore` is an element (and everything in it) the model does not read. */
type Frame =
  | { kind: 'ignore' | 'document' | 'edmx' | 'reference' | 'dataServices' }
  | SchemaParts
  | ContainerParts
  | { kind: 'structured'; type: EdmStructuredType; keyRead: boolean }
  | { kind: 'key'; type: EdmStructuredType }
  | { kind: 'enum'; type: EdmEnumType; next: number }
  | { kind: 'operation'; operation: EdmOperation; returnType?: TypeRef & { nullable: boolean }; entitySetPath?: string }
  | { kind: 'annotated'; owner: Annotated }
  | { kind: 'bound'; owner: Annotated; bindings: Map<string, string> }
  | ValueFrame;

const IGNORE: Frame = { kind: 'ignore' };

class CsdlXmlReader implements XmlConsumer {
  private readonly stack: Frame[] = [{ kind: 'document' }];
  private readonly service: ServiceMetadata = { version: '', namespaces: [], aliases: new Map(), types: new Map(), operations: new Map() };
  private readonly values: AnnotationFrames;
  private readonly pending: OutOfLine[] = [];
  private root: string | undefined;
  private dataServicesRead = false;
  private schemas = 0;

  constructor(readonly names: CsdlNames) {
    this.values = new AnnotationFrames(names);
  }

  open(name: string, attributes: XmlAttributes): boolean {
    const parent = this.stack[this.stack.length - 1] ?? IGNORE;
    const frame = parent === IGNORE ? IGNORE : this.frameFor(parent, name, attributes);
    this.stack.push(frame);
    return frame.kind === 'value';
  }

  text(value: string): void {
    const frame = this.stack[this.stack.length - 1];
    if (frame?.kind === 'value') frame.text += value;
  }

  close(): void {
    const frame = this.stack.pop() ?? IGNORE;
    switch (frame.kind) {
      case 'schema': this.addSchema(frame); break;
      case 'operation':
        if (frame.returnType) frame.operation.returnType = frame.returnType;
        if (frame.entitySetPath) frame.operation.entitySetPath = frame.entitySetPath;
        break;
      case 'annotation': case 'record': case 'collection': case 'value':
        this.values.close(frame, this.stack[this.stack.length - 1] ?? IGNORE);
        break;
      default:
    }
  }

  /** The service, or why the document is not OData V4 metadata. */
  result(): MetadataRead {
    if (this.root !== 'Edmx') return { ok: false, problem: { code: 'not-csdl', message: 'it is not an OData metadata document (its root element is not edmx:Edmx)' } };
    const version = this.service.version;
    if (isOldVersion(version)) {
      return { ok: false, problem: { code: 'odata-v2', message: `it describes an OData V2 (or older) service (EDMX version ${version}); Custom request checks read OData V4 metadata only` } };
    }
    if (this.schemas === 0) return { ok: false, problem: { code: 'not-csdl', message: 'it declares no schema (edmx:DataServices has no Schema element)' } };
    this.service.namespaces = this.names.namespaces;
    this.service.aliases = this.names.aliases();
    for (const { target, annotations } of this.pending) applyOutOfLine(this.service, this.names, target, annotations);
    return { ok: true, service: this.service };
  }

  private frameFor(parent: Frame, name: string, attributes: XmlAttributes): Frame {
    switch (parent.kind) {
      case 'document':
        this.root = name;
        if (name !== 'Edmx') return IGNORE;
        this.service.version = attributes.get('Version') ?? '';
        return isOldVersion(this.service.version) ? IGNORE : { kind: 'edmx' };
      case 'edmx':
        if (name === 'Reference') return { kind: 'reference' };
        if (name !== 'DataServices' || this.dataServicesRead) return IGNORE;
        this.dataServicesRead = true;
        return { kind: 'dataServices' };
      case 'reference': {
        const namespace = attributes.get('Namespace');
        const alias = attributes.get('Alias');
        if (name === 'Include' && namespace && alias) this.names.declareReference(alias, namespace);
        return IGNORE;
      }
      case 'dataServices': return name === 'Schema' ? this.schema(attributes) : IGNORE;
      case 'schema': return this.schemaChild(parent, name, attributes);
      case 'structured': return this.structuredChild(parent, name, attributes);
      case 'key': {
        const property = attributes.get('Name');
        if (name === 'PropertyRef' && property) parent.type.key?.push(property);
        return IGNORE;
      }
      case 'enum':
        if (name === 'Member') {
          const value = attributes.get('Value') ?? String(parent.next);
          parent.next = Number(value) + 1;
          parent.type.members.push({ name: attributes.get('Name') ?? '', value });
          return IGNORE;
        }
        return this.annotationOf(parent.type, name, attributes);
      case 'operation': return this.operationChild(parent, name, attributes);
      case 'container': return this.containerChild(parent, name, attributes);
      case 'bound':
        if (name === 'NavigationPropertyBinding') {
          parent.bindings.set(attributes.get('Path') ?? '', attributes.get('Target') ?? '');
          return IGNORE;
        }
        return this.annotationOf(parent.owner, name, attributes);
      case 'annotated': return this.annotationOf(parent.owner, name, attributes);
      case 'annotation': case 'record': case 'collection': case 'value': return this.values.child(parent, name, attributes) ?? IGNORE;
      default: return IGNORE;
    }
  }

  private annotationOf(owner: Annotated, name: string, attributes: XmlAttributes): Frame {
    return name === 'Annotation' ? this.values.annotation(owner, attributes) ?? IGNORE : IGNORE;
  }

  private schema(attributes: XmlAttributes): Frame {
    const namespace = attributes.get('Namespace') ?? '';
    this.names.declareSchema(namespace, attributes.get('Alias'));
    this.schemas++;
    return { kind: 'schema', namespace, entityTypes: [], complexTypes: [], enumTypes: [], typeDefinitions: [], actions: [], functions: [], containers: [], outOfLine: [] };
  }

  private schemaChild(schema: SchemaParts, name: string, attributes: XmlAttributes): Frame {
    const names = this.names;
    if (name === 'Annotations') {
      const target = attributes.get('Target');
      if (!target) return IGNORE;
      const outOfLine: OutOfLine = { target, annotations: NO_ANNOTATIONS };
      schema.outOfLine.push(outOfLine);
      return { kind: 'annotated', owner: outOfLine };
    }
    if (name === 'EntityContainer') {
      const container: ContainerParts = { kind: 'container', name: attributes.get('Name') ?? 'Container', annotations: NO_ANNOTATIONS, entitySets: [], singletons: [], actionImports: [], functionImports: [] };
      schema.containers.push(container);
      return container;
    }
    const typeName = attributes.get('Name');
    if (!typeName) return IGNORE;
    const qualifiedName = `${schema.namespace}.${typeName}`;
    switch (name) {
      case 'EntityType': case 'ComplexType': {
        const type: EdmStructuredType = {
          kind: name === 'EntityType' ? 'entityType' : 'complexType',
          name: typeName,
          qualifiedName,
          abstract: attributes.get('Abstract') === 'true',
          openType: attributes.get('OpenType') === 'true',
          hasStream: attributes.get('HasStream') === 'true',
          properties: new Map(),
          navigationProperties: new Map(),
          annotations: NO_ANNOTATIONS,
        };
        const baseType = attributes.get('BaseType');
        if (baseType) type.baseType = names.qualify(baseType);
        (name === 'EntityType' ? schema.entityTypes : schema.complexTypes).push(type);
        return { kind: 'structured', type, keyRead: false };
      }
      case 'EnumType': {
        const type: EdmEnumType = { kind: 'enumType', name: typeName, qualifiedName, isFlags: attributes.get('IsFlags') === 'true', underlyingType: names.qualify(attributes.get('UnderlyingType') ?? 'Edm.Int32'), members: [], annotations: NO_ANNOTATIONS };
        schema.enumTypes.push(type);
        return { kind: 'enum', type, next: 0 };
      }
      case 'TypeDefinition': {
        const type: EdmTypeDefinition = { kind: 'typeDefinition', name: typeName, qualifiedName, underlyingType: names.qualify(attributes.get('UnderlyingType') ?? 'Edm.String'), annotations: NO_ANNOTATIONS };
        schema.typeDefinitions.push(type);
        return { kind: 'annotated', owner: type };
      }
      case 'Action': case 'Function': {
        const operation: EdmOperation = {
          kind: name === 'Action' ? 'action' : 'function',
          name: typeName,
          qualifiedName,
          bound: attributes.get('IsBound') === 'true',
          composable: attributes.get('IsComposable') === 'true',
          parameters: [],
          annotations: NO_ANNOTATIONS,
        };
        (name === 'Action' ? schema.actions : schema.functions).push(operation);
        const entitySetPath = attributes.get('EntitySetPath');
        return entitySetPath ? { kind: 'operation', operation, entitySetPath } : { kind: 'operation', operation };
      }
      default: return IGNORE;
    }
  }

  private structuredChild(frame: { type: EdmStructuredType; keyRead: boolean }, name: string, attributes: XmlAttributes): Frame {
    const type = frame.type;
    const names = this.names;
    switch (name) {
      case 'Key':
        if (frame.keyRead) return IGNORE;
        frame.keyRead = true;
        type.key = [];
        return { kind: 'key', type };
      case 'Property': {
        const propertyName = attributes.get('Name');
        if (!propertyName) return IGNORE;
        const property: EdmProperty = { kind: 'property', name: propertyName, type: names.typeRef(attributes.get('Type')), nullable: attributes.get('Nullable') !== 'false', annotations: NO_ANNOTATIONS };
        const defaultValue = attributes.get('DefaultValue');
        if (defaultValue !== undefined) property.defaultValue = defaultValue;
        const maxLength = attributes.get('MaxLength');
        if (maxLength !== undefined) property.maxLength = maxLength;
        const precision = attributes.get('Precision');
        if (precision !== undefined) property.precision = precision;
        const scale = attributes.get('Scale');
        if (scale !== undefined) property.scale = scale;
        type.properties.set(propertyName, property);
        return { kind: 'annotated', owner: property };
      }
      case 'NavigationProperty': {
        const navigationName = attributes.get('Name');
        if (!navigationName) return IGNORE;
        const partner = attributes.get('Partner');
        const navigation: EdmNavigationProperty = {
          kind: 'navigation',
          name: navigationName,
          type: names.typeRef(attributes.get('Type')),
          nullable: attributes.get('Nullable') !== 'false',
          containsTarget: attributes.get('ContainsTarget') === 'true',
          annotations: NO_ANNOTATIONS,
        };
        if (partner) navigation.partner = partner;
        type.navigationProperties.set(navigationName, navigation);
        return { kind: 'annotated', owner: navigation };
      }
      default: return this.annotationOf(type, name, attributes);
    }
  }

  private operationChild(frame: Extract<Frame, { kind: 'operation' }>, name: string, attributes: XmlAttributes): Frame {
    if (name === 'Parameter') {
      const parameter: EdmParameter = { name: attributes.get('Name') ?? '', type: this.names.typeRef(attributes.get('Type')), nullable: attributes.get('Nullable') !== 'false', annotations: NO_ANNOTATIONS };
      frame.operation.parameters.push(parameter);
      return { kind: 'annotated', owner: parameter };
    }
    if (name === 'ReturnType') {
      frame.returnType ??= { ...this.names.typeRef(attributes.get('Type')), nullable: attributes.get('Nullable') !== 'false' };
      return IGNORE;
    }
    return this.annotationOf(frame.operation, name, attributes);
  }

  private containerChild(container: ContainerParts, name: string, attributes: XmlAttributes): Frame {
    if (name === 'Annotation') return this.annotationOf(container, name, attributes);
    const childName = attributes.get('Name');
    if (!childName) return IGNORE;
    const names = this.names;
    const entitySet = attributes.get('EntitySet');
    switch (name) {
      case 'EntitySet': case 'Singleton': {
        const bindings = new Map<string, string>();
        const child: EdmEntitySet | EdmSingleton = name === 'EntitySet'
          ? { kind: 'entitySet', name: childName, entityType: names.qualify(attributes.get('EntityType') ?? ''), bindings, annotations: NO_ANNOTATIONS }
          : { kind: 'singleton', name: childName, type: names.qualify(attributes.get('Type') ?? ''), bindings, annotations: NO_ANNOTATIONS };
        if (child.kind === 'entitySet') container.entitySets.push(child);
        else container.singletons.push(child);
        return { kind: 'bound', owner: child, bindings };
      }
      case 'ActionImport': {
        const child: EdmActionImport = { kind: 'actionImport', name: childName, action: names.qualify(attributes.get('Action') ?? ''), ...(entitySet ? { entitySet } : {}), annotations: NO_ANNOTATIONS };
        container.actionImports.push(child);
        return { kind: 'annotated', owner: child };
      }
      case 'FunctionImport': {
        const child: EdmFunctionImport = { kind: 'functionImport', name: childName, function: names.qualify(attributes.get('Function') ?? ''), ...(entitySet ? { entitySet } : {}), annotations: NO_ANNOTATIONS };
        container.functionImports.push(child);
        return { kind: 'annotated', owner: child };
      }
      default: return IGNORE;
    }
  }

  /** A schema read to its end joins the service; several containers (one extending another) merge into the first. */
  private addSchema(schema: SchemaParts): void {
    const { types, operations } = this.service;
    for (const list of [schema.entityTypes, schema.complexTypes, schema.enumTypes, schema.typeDefinitions]) {
      for (const type of list) types.set(type.qualifiedName, type);
    }
    for (const operation of [...schema.actions, ...schema.functions]) {
      const overloads = operations.get(operation.qualifiedName);
      if (overloads) overloads.push(operation);
      else operations.set(operation.qualifiedName, [operation]);
    }
    for (const parts of schema.containers) {
      const container: EdmContainer = this.service.container ?? { name: parts.name, qualifiedName: `${schema.namespace}.${parts.name}`, children: new Map(), annotations: parts.annotations };
      this.service.container = container;
      for (const list of [parts.entitySets, parts.singletons, parts.actionImports, parts.functionImports]) {
        for (const child of list) container.children.set(child.name, child);
      }
    }
    // One at a time: spread into push, a schema's hundred thousand targets would be as many arguments (past the stack).
    for (const outOfLine of schema.outOfLine) this.pending.push(outOfLine);
  }
}

function isOldVersion(version: string): boolean {
  return version.startsWith('1.') || version.startsWith('2.') || version.startsWith('3.');
}
