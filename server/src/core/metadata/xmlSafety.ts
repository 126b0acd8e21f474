/**
 * What is refused before an XML document is handed to the parser: a size above the cap, a document type
 * declaration (the only way to declare entities, so entity expansion cannot happen), and nesting deeper than
 * any CSDL document needs (a deeply nested document would exhaust the parser's stack). One linear pass.
 */

/** The largest metadata document read, in characters (real services' documents are a few megabytes). */
export const MAX_METADATA_CHARS = 32 * 1024 * 1024;
/** CSDL nests about ten levels (annotations with records in collections a few more). */
export const MAX_XML_DEPTH = 100;

export type XmlRefusal = { code: 'too-large' | 'doctype' | 'too-deep'; message: string; line?: number };

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Why the text must not be parsed, or undefined when it may be. */
export function refuseXml(text: string): XmlRefusal | undefined {
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
