// The XML library (fast-xml-parser), loaded when first needed: writing XML bodies is rare next to checking a
// file, and the library costs the language server several milliseconds at startup. ($metadata is read by
// metadata/xmlEvents.ts, which needs no library.)
let library: typeof import('fast-xml-parser') | undefined;

/** fast-xml-parser, required on first use (synchronously: checks and request building are synchronous). */
export function xmlLibrary(): typeof import('fast-xml-parser') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, synchronously
  library ??= require('fast-xml-parser') as typeof import('fast-xml-parser');
  return library;
}
