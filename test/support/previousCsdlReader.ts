// The CSDL XML reader as it was before the streaming one (fast-xml-parser: a well-formedness pass, then a tree, then
// the model), kept as the oracle the streaming reader is held equal to (test/unit/metadata/readerDifferential.test.ts).
// Not used by the product.
import type { XMLParser } from 'fast-xml-parser';
import * as fastXmlParser from 'fast-xml-parser';
import type { AnnotationValue, Annotations, EdmContainer, EdmEnumType, EdmNavigationProperty, EdmOperation, EdmParameter, EdmProperty, EdmStructuredType, EdmTypeDefinition, ServiceMetadata, TypeRef } from '../../server/src/core/metadata/model';
import { qualifyName } from '../../server/src/core/metadata/model';

/** Why a document cannot be read as CSDL: a code for programs, a sentence (without a subject) for people. */
interface MetadataProblem {
  code: 'too-large' | 'doctype' | 'too-deep' | 'not-xml' | 'not-csdl' | 'odata-v2' | 'not-json';
  message: string;
  line?: number;
}

type MetadataRead = { ok: true; service: ServiceMetadata } | { ok: false; problem: MetadataProblem };

type XmlElement = { [key: string]: unknown };

const ARRAY_ELEMENTS = new Set([
  'Reference', 'Include', 'Schema', 'EntityType', 'ComplexType', 'EnumType', 'TypeDefinition', 'Member', 'Property',
  'NavigationProperty', 'PropertyRef', 'Key', 'Action', 'Function', 'Parameter', 'EntityContainer', 'EntitySet', 'Singleton',
  'ActionImport', 'FunctionImport', 'NavigationPropertyBinding', 'Annotation', 'Annotations', 'Record', 'PropertyValue',
  'Collection', 'String', 'Int', 'Bool', 'Decimal', 'Float', 'EnumMember', 'Path', 'PropertyPath', 'NavigationPropertyPath',
  'AnnotationPath', 'Null', 'Date', 'DateTimeOffset', 'Guid', 'Duration', 'TimeOfDay', 'Binary', 'ReturnType',
]);

let parser: XMLParser | undefined;

/** The parser, made once, on the first document read. */
function csdlParser(): XMLParser {
  parser ??= new (fastXmlParser.XMLParser)({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    // Numeric character references (&#233;); named HTML entities come along, harmless without a DTD.
    htmlEntities: true,
    isArray: (name, _path, _leaf, isAttribute) => !isAttribute && ARRAY_ELEMENTS.has(name),
  });
  return parser;
}

function elements(parent: unknown, name: string): XmlElement[] {
  if (parent === null || typeof parent !== 'object') return [];
  const value = (parent as XmlElement)[name];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  // An empty element (<Record/>) is read as ''; a text-only one as its text.
  return list.map((item) => (item !== null && typeof item === 'object' ? (item as XmlElement) : { '#text': item }));
}

function attribute(element: XmlElement, name: string): string | undefined {
  const value = element[`@_${name}`];
  return typeof value === 'string' ? value : undefined;
}

function textOf(element: XmlElement): string {
  const text = element['#text'];
  return typeof text === 'string' ? text : typeof text === 'number' ? String(text) : '';
}

/** Reads CSDL XML (OData V4) into the service model; refuses hostile or foreign documents with a reason. */
export function previousReadCsdlXml(text: string): MetadataRead {
  const refusal = refuseXml(text);
  if (refusal) return { ok: false, problem: refusal };
  const valid = fastXmlParser.XMLValidator.validate(text);
  if (valid !== true) {
    return { ok: false, problem: { code: 'not-xml', message: `it is not well-formed XML (${valid.err.msg.replace(/\.$/, '')})`, line: valid.err.line } };
  }
  let document: unknown;
  try {
    document = csdlParser().parse(text);
  } catch (error) {
    return { ok: false, problem: { code: 'not-xml', message: `it cannot be read as XML (${error instanceof Error ? error.message : String(error)})` } };
  }
  const [edmx] = elements(document, 'Edmx');
  if (!edmx) return { ok: false, problem: { code: 'not-csdl', message: 'it is not an OData metadata document (its root element is not edmx:Edmx)' } };
  const version = attribute(edmx, 'Version') ?? '';
  if (version.startsWith('1.') || version.startsWith('2.') || version.startsWith('3.')) {
    return { ok: false, problem: { code: 'odata-v2', message: `it describes an OData V2 (or older) service (EDMX version ${version}); Custom request checks read OData V4 metadata only` } };
  }
  const [dataServices] = elements(edmx, 'DataServices');
  const schemas = elements(dataServices, 'Schema');
  if (schemas.length === 0) return { ok: false, problem: { code: 'not-csdl', message: 'it declares no schema (edmx:DataServices has no Schema element)' } };
  return { ok: true, service: new CsdlXmlReader(edmx, schemas, version).read() };
}

/** Collects schemas into the model, then applies out-of-line annotations once every target exists. */
class CsdlXmlReader {
  private readonly aliases = new Map<string, string>();
  private readonly service: ServiceMetadata;
  private readonly pending: { target: string; annotations: Annotations }[] = [];

  constructor(edmx: XmlElement, private readonly schemas: XmlElement[], version: string) {
    this.service = { version, namespaces: [], aliases: this.aliases, types: new Map(), operations: new Map() };
    for (const reference of elements(edmx, 'Reference')) {
      for (const include of elements(reference, 'Include')) {
        const namespace = attribute(include, 'Namespace');
        const alias = attribute(include, 'Alias');
        if (namespace && alias) this.aliases.set(alias, namespace);
      }
    }
    for (const schema of schemas) {
      const namespace = attribute(schema, 'Namespace') ?? '';
      const alias = attribute(schema, 'Alias');
      this.service.namespaces.push(namespace);
      if (alias) this.aliases.set(alias, namespace);
    }
  }

  read(): ServiceMetadata {
    for (const schema of this.schemas) this.readSchema(schema);
    for (const { target, annotations } of this.pending) this.applyAnnotations(target, annotations);
    return this.service;
  }

  /** A name with its alias (or a standard vocabulary alias) replaced by the namespace. */
  private qualify(name: string): string {
    return qualifyName(name, (prefix) => this.aliases.get(prefix), (prefix) => this.service.namespaces.includes(prefix));
  }

  private typeRef(raw: string | undefined): TypeRef {
    const text = raw ?? 'Edm.Untyped';
    const match = /^Collection\((.*)\)$/.exec(text);
    return match ? { name: this.qualify(match[1] ?? ''), collection: true } : { name: this.qualify(text), collection: false };
  }

  private annotationsOf(element: XmlElement): Annotations {
    const out: Annotations = Object.create(null) as Annotations;
    for (const annotation of elements(element, 'Annotation')) {
      const term = attribute(annotation, 'Term');
      if (!term) continue;
      const qualifier = attribute(annotation, 'Qualifier');
      out[`${this.qualify(term)}${qualifier ? `#${qualifier}` : ''}`] = this.valueOf(annotation, true);
    }
    return out;
  }

  /** An annotation's (or property value's) value from its attribute or child element; no value means true. */
  private valueOf(element: XmlElement, defaultTrue: boolean): AnnotationValue {
    const simple = this.simpleValue(element);
    if (simple !== undefined) return simple;
    const [record] = elements(element, 'Record');
    if (record) return this.recordOf(record);
    const [collection] = elements(element, 'Collection');
    if (collection) return this.collectionOf(collection);
    for (const name of ['String', 'Bool', 'Int', 'Decimal', 'Float', 'EnumMember', 'Path', 'PropertyPath', 'NavigationPropertyPath', 'AnnotationPath', 'Date', 'DateTimeOffset', 'Guid', 'Duration', 'TimeOfDay', 'Null']) {
      const [child] = elements(element, name);
      if (child) return this.elementValue(name, child);
    }
    return defaultTrue ? true : null;
  }

  private simpleValue(element: XmlElement): AnnotationValue | undefined {
    const bool = attribute(element, 'Bool');
    if (bool !== undefined) return bool === 'true';
    for (const name of ['Int', 'Float', 'Decimal']) {
      const number = attribute(element, name);
      if (number !== undefined) return Number(number);
    }
    for (const name of ['String', 'Date', 'DateTimeOffset', 'Guid', 'Duration', 'TimeOfDay', 'Binary']) {
      const value = attribute(element, name);
      if (value !== undefined) return value;
    }
    const member = attribute(element, 'EnumMember');
    if (member !== undefined) return { $EnumMember: this.qualifyMembers(member) };
    for (const name of ['Path', 'PropertyPath', 'NavigationPropertyPath', 'AnnotationPath']) {
      const path = attribute(element, name);
      if (path !== undefined) return { [`$${name}`]: path };
    }
    return undefined;
  }

  private qualifyMembers(text: string): string {
    return text.split(/\s+/).filter(Boolean).map((m) => {
      const slash = m.indexOf('/');
      return slash > 0 ? `${this.qualify(m.slice(0, slash))}${m.slice(slash)}` : m;
    }).join(' ');
  }

  private elementValue(name: string, element: XmlElement): AnnotationValue {
    const text = textOf(element);
    switch (name) {
      case 'Bool': return text === 'true';
      case 'Int': case 'Float': case 'Decimal': return Number(text);
      case 'EnumMember': return { $EnumMember: this.qualifyMembers(text) };
      case 'Path': case 'PropertyPath': case 'NavigationPropertyPath': case 'AnnotationPath': return { [`$${name}`]: text };
      case 'Null': return null;
      case 'Record': return this.recordOf(element);
      case 'Collection': return this.collectionOf(element);
      default: return text;
    }
  }

  private recordOf(record: XmlElement): AnnotationValue {
    const out: { [key: string]: AnnotationValue } = Object.create(null) as { [key: string]: AnnotationValue };
    const type = attribute(record, 'Type');
    if (type) out['@type'] = this.qualify(type);
    for (const value of elements(record, 'PropertyValue')) {
      const property = attribute(value, 'Property');
      if (property) out[property] = this.valueOf(value, false);
    }
    return out;
  }

  private collectionOf(collection: XmlElement): AnnotationValue[] {
    const out: AnnotationValue[] = [];
    for (const name of ['Record', 'Collection', 'String', 'Bool', 'Int', 'Decimal', 'Float', 'EnumMember', 'Path', 'PropertyPath', 'NavigationPropertyPath', 'AnnotationPath', 'Null']) {
      for (const child of elements(collection, name)) out.push(this.elementValue(name, child));
    }
    return out;
  }

  private readSchema(schema: XmlElement): void {
    const namespace = attribute(schema, 'Namespace') ?? '';
    const types = this.service.types;
    for (const kind of ['EntityType', 'ComplexType'] as const) {
      for (const element of elements(schema, kind)) {
        const name = attribute(element, 'Name');
        if (!name) continue;
        const type: EdmStructuredType = {
          kind: kind === 'EntityType' ? 'entityType' : 'complexType',
          name,
          qualifiedName: `${namespace}.${name}`,
          abstract: attribute(element, 'Abstract') === 'true',
          openType: attribute(element, 'OpenType') === 'true',
          hasStream: attribute(element, 'HasStream') === 'true',
          properties: new Map(),
          navigationProperties: new Map(),
          annotations: this.annotationsOf(element),
        };
        const baseType = attribute(element, 'BaseType');
        if (baseType) type.baseType = this.qualify(baseType);
        const [key] = elements(element, 'Key');
        if (key) type.key = elements(key, 'PropertyRef').map((r) => attribute(r, 'Name') ?? '').filter(Boolean);
        for (const p of elements(element, 'Property')) {
          const property = this.property(p);
          if (property) type.properties.set(property.name, property);
        }
        for (const n of elements(element, 'NavigationProperty')) {
          const navigation = this.navigation(n);
          if (navigation) type.navigationProperties.set(navigation.name, navigation);
        }
        types.set(type.qualifiedName, type);
      }
    }
    for (const element of elements(schema, 'EnumType')) {
      const name = attribute(element, 'Name');
      if (!name) continue;
      let next = 0;
      const members = elements(element, 'Member').map((m) => {
        const value = attribute(m, 'Value') ?? String(next);
        next = Number(value) + 1;
        return { name: attribute(m, 'Name') ?? '', value };
      });
      const type: EdmEnumType = { kind: 'enumType', name, qualifiedName: `${namespace}.${name}`, isFlags: attribute(element, 'IsFlags') === 'true', underlyingType: this.qualify(attribute(element, 'UnderlyingType') ?? 'Edm.Int32'), members, annotations: this.annotationsOf(element) };
      types.set(type.qualifiedName, type);
    }
    for (const element of elements(schema, 'TypeDefinition')) {
      const name = attribute(element, 'Name');
      if (!name) continue;
      const type: EdmTypeDefinition = { kind: 'typeDefinition', name, qualifiedName: `${namespace}.${name}`, underlyingType: this.qualify(attribute(element, 'UnderlyingType') ?? 'Edm.String'), annotations: this.annotationsOf(element) };
      types.set(type.qualifiedName, type);
    }
    for (const kind of ['Action', 'Function'] as const) {
      for (const element of elements(schema, kind)) {
        const name = attribute(element, 'Name');
        if (!name) continue;
        const [returns] = elements(element, 'ReturnType');
        const operation: EdmOperation = {
          kind: kind === 'Action' ? 'action' : 'function',
          name,
          qualifiedName: `${namespace}.${name}`,
          bound: attribute(element, 'IsBound') === 'true',
          composable: attribute(element, 'IsComposable') === 'true',
          parameters: elements(element, 'Parameter').map((p): EdmParameter => ({ name: attribute(p, 'Name') ?? '', type: this.typeRef(attribute(p, 'Type')), nullable: attribute(p, 'Nullable') !== 'false', annotations: this.annotationsOf(p) })),
          annotations: this.annotationsOf(element),
        };
        if (returns) operation.returnType = { ...this.typeRef(attribute(returns, 'Type')), nullable: attribute(returns, 'Nullable') !== 'false' };
        const entitySetPath = attribute(element, 'EntitySetPath');
        if (entitySetPath) operation.entitySetPath = entitySetPath;
        const list = this.service.operations.get(operation.qualifiedName) ?? [];
        list.push(operation);
        this.service.operations.set(operation.qualifiedName, list);
      }
    }
    for (const element of elements(schema, 'EntityContainer')) this.readContainer(element, namespace);
    for (const element of elements(schema, 'Annotations')) {
      const target = attribute(element, 'Target');
      if (target) this.pending.push({ target, annotations: this.annotationsOf(element) });
    }
  }

  private property(element: XmlElement): EdmProperty | undefined {
    const name = attribute(element, 'Name');
    if (!name) return undefined;
    const property: EdmProperty = { kind: 'property', name, type: this.typeRef(attribute(element, 'Type')), nullable: attribute(element, 'Nullable') !== 'false', annotations: this.annotationsOf(element) };
    for (const facet of ['DefaultValue', 'MaxLength', 'Precision', 'Scale'] as const) {
      const value = attribute(element, facet);
      if (value !== undefined) property[facet === 'DefaultValue' ? 'defaultValue' : facet === 'MaxLength' ? 'maxLength' : facet === 'Precision' ? 'precision' : 'scale'] = value;
    }
    return property;
  }

  private navigation(element: XmlElement): EdmNavigationProperty | undefined {
    const name = attribute(element, 'Name');
    if (!name) return undefined;
    const navigation: EdmNavigationProperty = {
      kind: 'navigation',
      name,
      type: this.typeRef(attribute(element, 'Type')),
      nullable: attribute(element, 'Nullable') !== 'false',
      containsTarget: attribute(element, 'ContainsTarget') === 'true',
      annotations: this.annotationsOf(element),
    };
    const partner = attribute(element, 'Partner');
    if (partner) navigation.partner = partner;
    return navigation;
  }

  private readContainer(element: XmlElement, namespace: string): void {
    const name = attribute(element, 'Name') ?? 'Container';
    // Several containers (one extending another) merge into the first: a service has one.
    const container: EdmContainer = this.service.container ?? { name, qualifiedName: `${namespace}.${name}`, children: new Map(), annotations: this.annotationsOf(element) };
    this.service.container = container;
    const bindingsOf = (e: XmlElement): Map<string, string> => new Map(elements(e, 'NavigationPropertyBinding').map((b) => [attribute(b, 'Path') ?? '', attribute(b, 'Target') ?? '']));
    for (const e of elements(element, 'EntitySet')) {
      const setName = attribute(e, 'Name');
      if (setName) container.children.set(setName, { kind: 'entitySet', name: setName, entityType: this.qualify(attribute(e, 'EntityType') ?? ''), bindings: bindingsOf(e), annotations: this.annotationsOf(e) });
    }
    for (const e of elements(element, 'Singleton')) {
      const singletonName = attribute(e, 'Name');
      if (singletonName) container.children.set(singletonName, { kind: 'singleton', name: singletonName, type: this.qualify(attribute(e, 'Type') ?? ''), bindings: bindingsOf(e), annotations: this.annotationsOf(e) });
    }
    for (const e of elements(element, 'ActionImport')) {
      const importName = attribute(e, 'Name');
      const entitySet = attribute(e, 'EntitySet');
      if (importName) container.children.set(importName, { kind: 'actionImport', name: importName, action: this.qualify(attribute(e, 'Action') ?? ''), ...(entitySet ? { entitySet } : {}), annotations: this.annotationsOf(e) });
    }
    for (const e of elements(element, 'FunctionImport')) {
      const importName = attribute(e, 'Name');
      const entitySet = attribute(e, 'EntitySet');
      if (importName) container.children.set(importName, { kind: 'functionImport', name: importName, function: this.qualify(attribute(e, 'Function') ?? ''), ...(entitySet ? { entitySet } : {}), annotations: this.annotationsOf(e) });
    }
  }

  /** Out-of-line annotations (`<Annotations Target="NS.Type/Property">`) join their target's own. */
  private applyAnnotations(rawTarget: string, annotations: Annotations): void {
    const [head = '', ...rest] = rawTarget.split('/');
    const paren = head.indexOf('(');
    const name = this.qualify(paren >= 0 ? head.slice(0, paren) : head);
    const merge = (into: { annotations: Annotations } | undefined): void => {
      if (into) Object.assign(into.annotations, annotations);
    };
    const container = this.service.container;
    if (container && (name === container.qualifiedName || name === container.name)) {
      if (rest.length === 0) merge(container);
      else {
        const child = container.children.get(rest[0] ?? '');
        if (rest.length === 1) merge(child);
        else if (child?.kind === 'entitySet' || child?.kind === 'singleton') {
          // Container/Set/Property: the property of the set's type (as annotated through the set).
          const type = this.service.types.get(child.kind === 'entitySet' ? child.entityType : child.type);
          if (type?.kind === 'entityType') merge(type.properties.get(rest[1] ?? '') ?? type.navigationProperties.get(rest[1] ?? ''));
        }
      }
      return;
    }
    const type = this.service.types.get(name);
    if (type) {
      if (rest.length === 0) merge(type);
      else if (type.kind === 'entityType' || type.kind === 'complexType') merge(type.properties.get(rest[0] ?? '') ?? type.navigationProperties.get(rest[0] ?? ''));
      return;
    }
    const operations = this.service.operations.get(name);
    if (operations) {
      const binding = paren >= 0 ? head.slice(paren + 1, -1).split(',')[0]?.trim() : undefined;
      const fits = operations.filter((o) => !binding || (o.bound && this.sameType(o.parameters[0]?.type, binding)));
      for (const operation of fits) {
        if (rest.length === 0) merge(operation);
        else merge(operation.parameters.find((p) => p.name === rest[0]));
      }
    }
  }

  private sameType(type: TypeRef | undefined, written: string): boolean {
    if (!type) return false;
    const ref = this.typeRef(written);
    return ref.name === type.name && ref.collection === type.collection;
  }
}
/**
 * What is refused before an XML document is handed to the parser: a size above the cap, a document type
 * declaration (the only way to declare entities, so entity expansion cannot happen), and nesting deeper than
 * any CSDL document needs (a deeply nested document would exhaust the parser's stack). One linear pass.
 */

/** The largest metadata document read, in characters (real services' documents are a few megabytes). */
const MAX_METADATA_CHARS = 32 * 1024 * 1024;
/** CSDL nests about ten levels (annotations with records in collections a few more). */
const MAX_XML_DEPTH = 100;

type XmlRefusal = { code: 'too-large' | 'doctype' | 'too-deep'; message: string; line?: number };

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Why the text must not be parsed, or undefined when it may be. */
function refuseXml(text: string): XmlRefusal | undefined {
  if (text.length > MAX_METADATA_CHARS) {
    return { code: 'too-large', message: `it is ${(text.length / 1024 / 1024).toFixed(1)} MB, above the ${MAX_METADATA_CHARS / 1024 / 1024} MB limit for metadata documents` };
  }
  let depth = 0;
  let i = text.indexOf('<');
  while (i !== -1 && i < text.length) {
    const next = text[i + 1];
    if (next === '!') {
      if (text.startsWith('<!--', i)) {
        const end = text.indexOf('-->', i + 4);
        i = end === -1 ? -1 : text.indexOf('<', end + 3);
        continue;
      }
      if (text.startsWith('<![CDATA[', i)) {
        const end = text.indexOf(']]>', i + 9);
        i = end === -1 ? -1 : text.indexOf('<', end + 3);
        continue;
      }
      return { code: 'doctype', message: 'it has a document type declaration (<!DOCTYPE or <!ENTITY), which a metadata document never needs; it is not read, so no entity can be expanded', line: lineAt(text, i) };
    }
    if (next === '?') {
      const end = text.indexOf('?>', i + 2);
      i = end === -1 ? -1 : text.indexOf('<', end + 2);
      continue;
    }
    // A tag: find its end, skipping quoted attribute values (they may hold '>').
    let j = i + 1;
    let quote = '';
    for (; j < text.length; j++) {
      const c = text[j];
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") {
        quote = c;
      } else if (c === '>') {
        break;
      }
    }
    if (next === '/') depth--;
    else if (text[j - 1] !== '/') {
      depth++;
      if (depth > MAX_XML_DEPTH) return { code: 'too-deep', message: `its elements nest more than ${MAX_XML_DEPTH} levels deep, far beyond any metadata document`, line: lineAt(text, i) };
    }
    i = text.indexOf('<', j + 1);
  }
  return undefined;
}
