/**
 * What a metadata document may not be, whatever its form: larger than the cap, or (in XML) with a document type
 * declaration (the only way to declare entities, so none can be expanded) or nested deeper than any CSDL document
 * needs (a deeply nested document would exhaust a recursive reader's stack). The XML reader refuses the last two in
 * its one pass over the text (xmlEvents.ts).
 */

/** The largest metadata document read, in characters (real services' documents are a few megabytes). */
export const MAX_METADATA_CHARS = 32 * 1024 * 1024;
/** CSDL nests about ten levels (annotations with records in collections a few more). */
export const MAX_XML_DEPTH = 100;

/** Why a document of `chars` characters is not read, or undefined when its size is within the cap. */
export function tooLargeMessage(chars: number): string | undefined {
  return chars > MAX_METADATA_CHARS ? `it is ${(chars / 1024 / 1024).toFixed(1)} MB, above the ${MAX_METADATA_CHARS / 1024 / 1024} MB limit for metadata documents` : undefined;
}

export const DOCTYPE_MESSAGE = 'it has a document type declaration (<!DOCTYPE or <!ENTITY), which a metadata document never needs; it is not read, so no entity can be expanded';
export const TOO_DEEP_MESSAGE = `its elements nest more than ${MAX_XML_DEPTH} levels deep, far beyond any metadata document`;
