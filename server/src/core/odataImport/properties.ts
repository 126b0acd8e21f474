// Which properties of an entity type each written request carries: what a list selects, what a new entity is
// created with, what an update sends.
import { requiredForCreate } from '../metadata/body';
import { annotation, isReadOnly, isSimpleIdentifier, keyOf, propertiesOf } from '../metadata/lookups';
import type { EdmStructuredType, ServiceMetadata, TypeRef } from '../metadata/model';
import { TERMS } from '../metadata/model';
import { shapeOf } from '../metadata/primitives';

/**
 * The properties a list selects: the key and every scalar, when the type has others (complex, collections, streams)
 * that make rows uneven. A name that is no OData identifier cannot be selected in a url, so it is left out too.
 */
export function listSelection(service: ServiceMetadata, type: EdmStructuredType): string[] | undefined {
  const all = [...propertiesOf(service, type).values()];
  const keys = new Set(keyOf(service, type));
  const scalar = all.filter((p) => isSimpleIdentifier(p.name) && (keys.has(p.name) || (!p.type.collection && p.type.name !== 'Edm.Stream' && shapeOf(service, p.type.name).kind !== 'structured')));
  return scalar.length < all.length ? scalar.map((p) => p.name) : undefined;
}

/**
 * The properties a new entity is written with: each one a create needs (non-nullable or mandatory, without a
 * default), and every key property the service does not compute (a server that wants them, like CAP's integer
 * keys, gets them).
 */
export function createProperties(service: ServiceMetadata, type: EdmStructuredType): { name: string; type: TypeRef }[] {
  const required = new Set(requiredForCreate(service, type).map((p) => p.name));
  const keys = new Set(keyOf(service, type));
  return [...propertiesOf(service, type).values()]
    .filter((p) => (required.has(p.name) || keys.has(p.name)) && !isReadOnly(p) && p.type.name !== 'Edm.Stream')
    .map((p) => ({ name: p.name, type: p.type }));
}

/**
 * The properties an update sends: those a create needs that may change, else the first that may; none when no
 * property may change (keys, computed, read-only, immutable and stream properties cannot).
 */
export function updateProperties(service: ServiceMetadata, type: EdmStructuredType): { name: string; type: TypeRef }[] {
  const keys = new Set(keyOf(service, type));
  const changeable = [...propertiesOf(service, type).values()].filter((p) => !keys.has(p.name) && !isReadOnly(p) && annotation(p, TERMS.immutable) !== true && p.type.name !== 'Edm.Stream');
  const required = new Set(requiredForCreate(service, type).map((p) => p.name));
  const wanted = changeable.filter((p) => required.has(p.name));
  return (wanted.length ? wanted : changeable.slice(0, 1)).map((p) => ({ name: p.name, type: p.type }));
}
