// Text from connector files, tests files and services is printed to terminals and reports. Some characters act
// there instead of showing: escape sequences clear the screen, write the clipboard (OSC 52) or set the title, CR
// and backspace overwrite what was printed, bidirectional controls reorder what follows. They are written the way
// JSON writes them, so text and JSON output alike stay readable and a JSON document keeps its meaning.

/**
 * Characters that act instead of showing: C0 controls but tab and line feed (a CR only where it does not end a
 * line as CR LF), DEL, C1 controls, the bidirectional controls (U+061C, U+200E, U+200F, U+202A-U+202E,
 * U+2066-U+2069) and lone surrogates.
 */
// eslint-disable-next-line no-control-regex
export const ACTING_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|\r(?!\n)|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const SHORT: Record<string, string> = { '\b': '\\b', '\f': '\\f', '\r': '\\r' };

/** Text with every character that would act on a terminal written visibly, as JSON escapes it (`\u001b`, `\r`); line feeds and tabs stay. */
export function visibleText(text: string): string {
  return text.replace(ACTING_CHARACTERS, (c) => SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
