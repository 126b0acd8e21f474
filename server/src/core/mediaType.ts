// What a Content-Type (or a media range an OpenAPI document lists) names, as every part that compares them reads it.

/** The media type of a Content-Type value: lower-cased, without parameters such as `charset`; undefined when empty. */
export function mediaType(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  const semicolon = contentType.indexOf(';');
  return (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase() || undefined;
}
