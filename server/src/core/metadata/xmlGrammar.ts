/** XML 1.0's grammar as far as the metadata reader (xmlEvents.ts) needs it: names, start tags, characters. */
// XML 1.0 (fifth edition) names: NameStartChar NameChar*, characters above U+FFFF as surrogate pairs.
const NAME_START = ':A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD';
const NAME_MORE = '\\-.0-9\\u00B7\\u0300-\\u036F\\u203F\\u2040';
const ASTRAL = '[\\uD800-\\uDB7F][\\uDC00-\\uDFFF]';
const NAME_PATTERN = `(?:[${NAME_START}]|${ASTRAL})(?:[${NAME_START}${NAME_MORE}]|${ASTRAL})*`;
// eslint-disable-next-line no-misleading-character-class -- XML's name characters include combining marks and U+200D, as ranges
export const NAME = new RegExp(NAME_PATTERN, 'y');
const S = '[ \\t\\r\\n]';
/**
 * A start tag as XML's grammar has it, attributes and all. A tag it matches is read without further checks (its
 * values' references are still checked as they are decoded); one it does not is read again step by step to say
 * exactly what is wrong. A native regular expression is what makes a cold process read a large document quickly.
 */
// eslint-disable-next-line no-misleading-character-class -- as NAME
export const START_TAG = new RegExp(`<${NAME_PATTERN}(?:${S}+${NAME_PATTERN}${S}*=${S}*(?:"[^<"]*"|'[^<']*'))*${S}*/?>`, 'y');
/** Characters XML does not allow anywhere (surrogates are looked at one by one: a pair is allowed, half of one not). */
// eslint-disable-next-line no-control-regex -- the control characters XML forbids are what it looks for
export const NOT_CHAR = /[\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/g;
export const SPACE_ONLY = /^[ \t\r\n]*$/;
export const XML_DECLARATION = /<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(?:"1\.[0-9]+"|'1\.[0-9]+')(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(?:"[A-Za-z][A-Za-z0-9._-]*"|'[A-Za-z][A-Za-z0-9._-]*'))?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(?:"(?:yes|no)"|'(?:yes|no)'))?[ \t\r\n]*\?>/y;
/** The five entities every XML document has; a metadata document may declare no others. */
export const PREDEFINED: ReadonlyMap<string, string> = new Map([['lt', '<'], ['gt', '>'], ['amp', '&'], ['apos', "'"], ['quot', '"']]);

// Character codes the reader compares charCodeAt with.
export const GT = 62;
export const AMPERSAND = 38;
export const RETURN = 13;
export const LINE_FEED = 10;
export const SLASH = 47;
export const BANG = 33;
export const QUESTION = 63;
export const EQUALS = 61;
export const QUOTE = 34;
export const APOSTROPHE = 39;
export const COLON = 58;

/** Whether the character code is XML white space (space, tab, line feed, carriage return). */
export function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}

/** Whether the `length` characters at `a` and at `b` are the same. */
export function sameText(text: string, a: number, b: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (text.charCodeAt(a + i) !== text.charCodeAt(b + i)) return false;
  return true;
}

/** Whether the code point is a character XML allows (Char in the grammar). */
export function isChar(code: number): boolean {
  return code === 9 || code === 10 || code === 13 || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
}

/** The name without its prefix, as the model reads it; a name with more than one colon stays whole. */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 || name.indexOf(':', colon + 1) >= 0 ? name : name.slice(colon + 1);
}
