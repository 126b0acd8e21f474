import { isOneOf, METHODS_WITH_BODY } from '../vocabulary';

/** Header names are tokens (RFC 9110): letters, digits and ! # $ % & ' * + - . ^ _ ` | ~. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * What would make a header unsendable as written, or undefined. CR, LF and NUL are refused (they would end the
 * header and start another); so are characters beyond Latin-1, which HTTP/1.1 header bytes cannot carry.
 */
export function headerProblem(name: string, value: string): string | undefined {
  if (!TOKEN.test(name)) return `The header name ${JSON.stringify(name)} is not a valid HTTP header name (letters, digits and !#$%&'*+-.^_\`|~ only).`;
  if (/[\r\n\0]/.test(value)) return `The value of header '${name}' holds a line break or NUL, which would forge another header; remove it.`;
  // eslint-disable-next-line no-control-regex
  if (/[\x01-\x08\x0b-\x1f\x7f]/.test(value)) return `The value of header '${name}' holds a control character, which HTTP headers cannot carry; remove it.`;
  const wide = [...value].find((c) => (c.codePointAt(0) ?? 0) > 0xff);
  if (wide) return `The value of header '${name}' holds ${JSON.stringify(wide)} (U+${(wide.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}), which an HTTP header cannot carry; use Latin-1 text or percent-encode it.`;
  return undefined;
}

/** A header value as HTTP carries it: spaces and tabs around it are not part of it (RFC 9110), so they are not sent or shown. */
export function headerText(value: string): string {
  return value.replace(/^[ \t]+|[ \t]+$/g, '');
}

/** Sets a header in a list, replacing one of the same name (compared case-insensitively) where it stands. */
export function setHeader(headers: [string, string][], name: string, value: string): void {
  const at = headers.findIndex(([n]) => n.toLowerCase() === name.toLowerCase());
  if (at >= 0) headers[at] = [name, headerText(value)];
  else headers.push([name, headerText(value)]);
}

/** The value of a header in a list, by name compared case-insensitively. */
export function headerValue(headers: readonly [string, string][], name: string): string | undefined {
  return headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
}

/**
 * Content-Length as the HTTP client sends it: the body's length, and 0 for a POST, PUT or PATCH without a body
 * (undici sends that too), so a preview lists every header that goes out.
 */
export function setContentLength(headers: [string, string][], method: string, length: number | undefined): void {
  if (length !== undefined) setHeader(headers, 'Content-Length', String(length));
  else if (isOneOf(METHODS_WITH_BODY, method)) setHeader(headers, 'Content-Length', '0');
}
