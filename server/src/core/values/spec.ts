import type { ItemsSpec, RestParameter } from '../model';

/** What a value must be: the parameter's (or array item's) type, format, options and model. */
export interface ValueSpec {
  type: string;
  format?: string;
  /** Strings with a fixed list: values name them c1, c2, ... in this order. */
  options?: string[];
  /** The element type of an array. */
  items?: ValueSpec;
  /** The model an object value is an instance of. */
  model?: string;
}

function itemsSpecOf(items: ItemsSpec | undefined, depth = 0): ValueSpec | undefined {
  if (!items?.type || depth > 32) return undefined;
  const nested = itemsSpecOf(items.items, depth + 1);
  return { type: items.type.value, ...(items.format ? { format: items.format.value } : {}), ...(nested ? { items: nested } : {}) };
}

/** The value spec of a REST parameter (undefined without a type). */
export function specOfParameter(parameter: RestParameter): ValueSpec | undefined {
  const type = parameter.type?.value;
  if (!type) return undefined;
  const options = parameter.options?.value.filter((o): o is string => typeof o === 'string');
  const items = itemsSpecOf(parameter.items);
  return {
    type,
    ...(parameter.format ? { format: parameter.format.value } : {}),
    ...(options?.length ? { options } : {}),
    ...(items ? { items } : {}),
    ...(parameter.model ? { model: parameter.model.value } : {}),
  };
}
