import type { AnnotationValue, Annotations } from './model';
import type { CsdlNames } from './csdlNames';
import type { XmlAttributes } from './xmlAttributes';

/**
 * Annotation values as CSDL XML writes them, read while the document streams by: an annotation (or a record's
 * property value) has its value in an attribute or in a child element (a record, a collection, a constant, a path);
 * without one, an annotation means true and a property value null. Values take CSDL JSON's shape: records as objects,
 * collections as arrays, paths as `{ $Path }`.
 */
export type ValueFrame =
  /** An Annotation (into its owner's annotations, under its term) or a PropertyValue (into its record, under its property). */
  | { kind: 'annotation'; owner: Annotated | undefined; record: { [key: string]: AnnotationValue } | undefined; key: string; simple: AnnotationValue | undefined; children: Map<string, AnnotationValue> | undefined; absent: AnnotationValue }
  | { kind: 'record'; record: { [key: string]: AnnotationValue } }
  | { kind: 'collection'; items: AnnotationValue[] }
  /** A constant or path element: its text is its value. */
  | { kind: 'value'; name: string; text: string };

/** An element of the model with annotations. */
export interface Annotated {
  annotations: Annotations;
}

/**
 * The annotations of every element start as this one shared, empty, frozen object: most elements of a large document
 * have none, and an object each would be a third of the model's memory. An element's first annotation gives it its own.
 */
export const NO_ANNOTATIONS: Annotations = Object.freeze(Object.create(null) as Annotations);

/** The owner's own annotations, made when it has had none. */
export function ownAnnotations(owner: Annotated): Annotations {
  if (owner.annotations === NO_ANNOTATIONS) owner.annotations = Object.create(null) as Annotations;
  return owner.annotations;
}

/** The child elements that give an annotation its value when no attribute does, the first of this list that is there. */
const VALUE_ELEMENTS = ['Record', 'Collection', 'String', 'Bool', 'Int', 'Decimal', 'Float', 'EnumMember', 'Path', 'PropertyPath', 'NavigationPropertyPath', 'AnnotationPath', 'Date', 'DateTimeOffset', 'Guid', 'Duration', 'TimeOfDay', 'Null'];
const VALUE_ELEMENT_SET = new Set(VALUE_ELEMENTS);
/** The elements a collection is made of, in document order. */
const ITEM_ELEMENTS = new Set(['Record', 'Collection', 'String', 'Bool', 'Int', 'Decimal', 'Float', 'EnumMember', 'Path', 'PropertyPath', 'NavigationPropertyPath', 'AnnotationPath', 'Null']);
/** The attributes that give a value, the first of this list that is there. */
const VALUE_ATTRIBUTES = ['Bool', 'Int', 'Float', 'Decimal', 'String', 'Date', 'DateTimeOffset', 'Guid', 'Duration', 'TimeOfDay', 'Binary', 'EnumMember', 'Path', 'PropertyPath', 'NavigationPropertyPath', 'AnnotationPath'];
const VALUE_ATTRIBUTE_RANK = new Map(VALUE_ATTRIBUTES.map((name, rank) => [name, rank]));

/** Makes the frames of annotation values and puts each value where it belongs when its element ends. */
export class AnnotationFrames {
  constructor(private readonly names: CsdlNames) {}

  /** An Annotation element of an annotated element (or of out-of-line Annotations); none without a term. */
  annotation(owner: Annotated, attributes: XmlAttributes): ValueFrame | undefined {
    const term = attributes.get('Term');
    if (!term) return undefined;
    const qualifier = attributes.get('Qualifier');
    return { kind: 'annotation', owner, record: undefined, key: `${this.names.qualify(term)}${qualifier ? `#${qualifier}` : ''}`, simple: this.simpleValue(attributes), children: undefined, absent: true };
  }

  /** The frame of a child element of a value, or none when the value does not read it. */
  child(parent: ValueFrame, name: string, attributes: XmlAttributes): ValueFrame | undefined {
    switch (parent.kind) {
      case 'annotation':
        // A value given by an attribute wins; of each kind of child element, the first counts.
        if (parent.simple !== undefined || !VALUE_ELEMENT_SET.has(name) || parent.children?.has(name)) return undefined;
        return this.valueElement(name, attributes);
      case 'record': {
        const property = attributes.get('Property');
        if (name !== 'PropertyValue' || !property) return undefined;
        return { kind: 'annotation', owner: undefined, record: parent.record, key: property, simple: this.simpleValue(attributes), children: undefined, absent: null };
      }
      case 'collection': return ITEM_ELEMENTS.has(name) ? this.valueElement(name, attributes) : undefined;
      default: return undefined;
    }
  }

  /** A value's element has ended: its value joins the annotation, property value or collection around it. */
  close(frame: ValueFrame, parent: { kind: string }): void {
    if (frame.kind === 'annotation') {
      const value = frame.simple !== undefined ? frame.simple : firstChild(frame);
      const into = frame.owner ? ownAnnotations(frame.owner) : frame.record;
      if (into) into[frame.key] = value !== undefined ? value : frame.absent;
      return;
    }
    const value = frame.kind === 'record' ? frame.record : frame.kind === 'collection' ? frame.items : this.constant(frame.name, frame.text.trim());
    const around = parent as ValueFrame;
    if (around.kind === 'annotation') (around.children ??= new Map()).set(frame.kind === 'record' ? 'Record' : frame.kind === 'collection' ? 'Collection' : frame.name, value);
    else if (around.kind === 'collection') around.items.push(value);
  }

  private valueElement(name: string, attributes: XmlAttributes): ValueFrame {
    if (name === 'Record') {
      const record = Object.create(null) as { [key: string]: AnnotationValue };
      const type = attributes.get('Type');
      if (type) record['@type'] = this.names.qualify(type);
      return { kind: 'record', record };
    }
    return name === 'Collection' ? { kind: 'collection', items: [] } : { kind: 'value', name, text: '' };
  }

  /** A value written as an attribute (`Bool="false"`, `String="..."`, `Path="..."`), or undefined when there is none. */
  private simpleValue(attributes: XmlAttributes): AnnotationValue | undefined {
    let best = -1;
    let rank = VALUE_ATTRIBUTES.length;
    for (let i = 0; i < attributes.length; i++) {
      const candidate = VALUE_ATTRIBUTE_RANK.get(attributes.nameAt(i));
      if (candidate !== undefined && candidate < rank) {
        rank = candidate;
        best = i;
      }
    }
    if (best < 0) return undefined;
    const value = attributes.valueAt(best);
    const name = VALUE_ATTRIBUTES[rank] ?? '';
    switch (name) {
      case 'Bool': return value === 'true';
      case 'Int': case 'Float': case 'Decimal': return Number(value);
      case 'EnumMember': return { $EnumMember: this.names.qualifyMembers(value) };
      case 'Path': case 'PropertyPath': case 'NavigationPropertyPath': case 'AnnotationPath': return { [`$${name}`]: value };
      default: return value;
    }
  }

  /** A constant or path element's value from its text. */
  private constant(name: string, text: string): AnnotationValue {
    switch (name) {
      case 'Bool': return text === 'true';
      case 'Int': case 'Float': case 'Decimal': return Number(text);
      case 'EnumMember': return { $EnumMember: this.names.qualifyMembers(text) };
      case 'Path': case 'PropertyPath': case 'NavigationPropertyPath': case 'AnnotationPath': return { [`$${name}`]: text };
      case 'Null': return null;
      default: return text;
    }
  }
}

/** The value of an annotation's first child element in order of VALUE_ELEMENTS, or undefined when it has none. */
function firstChild(frame: { children: Map<string, AnnotationValue> | undefined }): AnnotationValue | undefined {
  const children = frame.children;
  if (!children) return undefined;
  for (const name of VALUE_ELEMENTS) if (children.has(name)) return children.get(name);
  return undefined;
}
