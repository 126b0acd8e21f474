import { xmlLibrary } from '../xmlLibrary';
import { isJsonObject, JsonNumber, type ExactJson } from '../values/exactJson';

type XmlInput = string | boolean | null | XmlInput[] | { [key: string]: XmlInput };

/** Kept numbers become their text; the builder writes text as is (escaped). */
function xmlInput(value: ExactJson): XmlInput {
  if (value instanceof JsonNumber) return value.text;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(xmlInput);
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, xmlInput(v)]));
  return value;
}

/**
 * A body value as an XML document. An object is the root element named `root`; an array is `root` holding one
 * `<item>` per element; an array inside an object repeats its property's element once per item.
 */
export function xmlOf(root: string, value: ExactJson): string {
  const builder = new (xmlLibrary().XMLBuilder)({ ignoreAttributes: true, format: false, suppressEmptyNode: false });
  const content = Array.isArray(value) ? { item: xmlInput(value) } : xmlInput(value);
  return `<?xml version="1.0" encoding="UTF-8"?>${builder.build({ [root]: content }) as string}`;
}
