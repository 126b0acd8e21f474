import type { Annotations, ServiceMetadata, TypeRef } from './model';
import type { CsdlNames } from './csdlNames';
import { NO_ANNOTATIONS, ownAnnotations, type Annotated } from './xmlAnnotations';

/** An `<Annotations Target="...">` element's target as written and the annotations it holds. */
export interface OutOfLine {
  target: string;
  annotations: Annotations;
}

/**
 * Out-of-line annotations join their target's own, once the whole document is read (a target may come after them):
 * a type or its property (`NS.Type/Property`), the container, a set or singleton or a property of its type
 * (`NS.Container/Set/Property`), an operation's overloads (`NS.Action(NS.BindingType)`) or their parameter.
 */
export function applyOutOfLine(service: ServiceMetadata, names: CsdlNames, rawTarget: string, annotations: Annotations): void {
  const [head = '', ...rest] = rawTarget.split('/');
  const paren = head.indexOf('(');
  const name = names.qualify(paren >= 0 ? head.slice(0, paren) : head);
  const merge = (into: Annotated | undefined): void => {
    if (into && annotations !== NO_ANNOTATIONS) Object.assign(ownAnnotations(into), annotations);
  };
  const container = service.container;
  if (container && (name === container.qualifiedName || name === container.name)) {
    if (rest.length === 0) merge(container);
    else {
      const child = container.children.get(rest[0] ?? '');
      if (rest.length === 1) merge(child);
      else if (child?.kind === 'entitySet' || child?.kind === 'singleton') {
        // Container/Set/Property: the property of the set's type (as annotated through the set).
        const type = service.types.get(child.kind === 'entitySet' ? child.entityType : child.type);
        if (type?.kind === 'entityType') merge(type.properties.get(rest[1] ?? '') ?? type.navigationProperties.get(rest[1] ?? ''));
      }
    }
    return;
  }
  const type = service.types.get(name);
  if (type) {
    if (rest.length === 0) merge(type);
    else if (type.kind === 'entityType' || type.kind === 'complexType') merge(type.properties.get(rest[0] ?? '') ?? type.navigationProperties.get(rest[0] ?? ''));
    return;
  }
  const operations = service.operations.get(name);
  if (operations) {
    const binding = paren >= 0 ? head.slice(paren + 1, -1).split(',')[0]?.trim() : undefined;
    const fits = operations.filter((o) => !binding || (o.bound && sameType(names, o.parameters[0]?.type, binding)));
    for (const operation of fits) {
      if (rest.length === 0) merge(operation);
      else merge(operation.parameters.find((p) => p.name === rest[0]));
    }
  }
}

function sameType(names: CsdlNames, type: TypeRef | undefined, written: string): boolean {
  if (!type) return false;
  const ref = names.typeRef(written);
  return ref.name === type.name && ref.collection === type.collection;
}
