/** Header names are tokens (RFC 9110): letters, digits and ! # $ % & ' * + - . ^ _ ` | ~. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * What would make a header unsendable as written, or undefined. CR, LF and NUL are refused (they would end the
 * header and start another); so are characters beyond Latin-1, which HTTP/1.1 header bytes cannot carry.
 */
export function headerProblem(name: string, value: string): string | undefined {
  if (!TOKEN.test(name)) return `The header name ${JSON.stringify(name)} is not a valid HTTP header name (letters, digits and !#$%&'*+-.^_\`|~ only).`;
  if (/[\r\n\0]/.test(value)) return `The value of header '${name}' holds a line break or NUL, which would forge another header; remove it.`;
  const wide = [...value].find((c) => (c.codePointAt(0) ?? 0) > 0xff);
  if (wide) return `The value of header '${name}' holds ${JSON.stringify(wide)} (U+${(wide.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}), which an HTTP header cannot carry; use Latin-1 text or percent-encode it.`;
  return undefined;
}

/** Sets a header in a list, replacing one of the same name (compared case-insensitively) where it stands. */
export function setHeader(headers: [string, string][], name: string, value: string): void {
  const at = headers.findIndex(([n]) => n.toLowerCase() === name.toLowerCase());
  if (at >= 0) headers[at] = [name, value];
  else headers.push([name, value]);
}

/** The value of a header in a list, by name compared case-insensitively. */
export function headerValue(headers: readonly [string, string][], name: string): string | undefined {
  return headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
}
