// What a terminal acts on instead of showing, written out for tests independently of the code under test.

/**
 * Every character in `text` that a terminal acts on or that reorders what is read: C0 controls but tab, line feed
 * and the CR of a CRLF, DEL, C1 controls, bidirectional controls and lone surrogates; each as `U+XXXX at index`.
 */
export function actsOnTerminal(text: string): string[] {
  const found: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    const previous = text.charCodeAt(i - 1);
    const c0 = code < 0x20 && code !== 0x09 && code !== 0x0a && !(code === 0x0d && next === 0x0a);
    const bidi = code === 0x061c || code === 0x200e || code === 0x200f || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
    const loneHigh = code >= 0xd800 && code <= 0xdbff && !(next >= 0xdc00 && next <= 0xdfff);
    const loneLow = code >= 0xdc00 && code <= 0xdfff && !(previous >= 0xd800 && previous <= 0xdbff);
    if (c0 || (code >= 0x7f && code <= 0x9f) || bidi || loneHigh || loneLow) found.push(`U+${code.toString(16).padStart(4, '0')} at ${i}`);
  }
  return found;
}
