// The limits an import of an OpenAPI or Swagger document runs within, in one place: a document is the user's file,
// but it may come from anywhere, and neither the editor nor the command line may hang or run out of memory on it.

const MB = 1024 * 1024;

/** A file of the document (the document itself or one it refers to by `$ref`) larger than this is refused. */
export const MAX_FILE_BYTES = 64 * MB;

/**
 * The most a file may hold once its YAML aliases (`*name`) are expanded, counted as JSON text. An alias repeats
 * what its anchor holds, so a few hundred bytes can stand for gigabytes; nothing larger than a file the import
 * reads may come out of one.
 */
export const MAX_EXPANDED_CHARS = MAX_FILE_BYTES;

/**
 * Deepest nesting of objects and arrays in a YAML file, after aliases. JSON has the one limit every JSON reader of
 * Connector Tools has (MAX_NESTING, 512 levels, measured on the text with the same words); YAML keeps its reader's
 * own limit, 100 levels, because that is what the OpenAPI parser's YAML reader (js-yaml) allows for a file it reads:
 * a YAML document is read here exactly when the parser would read it. Aliases can nest deeper than the text does,
 * so the limit is measured again once they are expanded.
 */
export const MAX_YAML_DEPTH = 100;

/** What a worker reading a document may use: time (extended as files are read) and memory. */
export interface ImportBudget {
  /** Milliseconds before the worker is stopped, for a document of `bytes`. */
  deadlineMs: number;
  /** Milliseconds added for each further byte read ($ref'd files). */
  msPerByte: number;
  /** The worker's heap limit in megabytes. */
  memoryMb: number;
}

/**
 * The budget for reading and mapping a document of `bytes` (an update adds twice the connector file's size): 30 s, plus 2 s per MB (a 57 MB document of 51,000
 * operations takes about 16 s on a shared two-core machine, and gets 144 s); memory 512 MB plus 16 MB per MB of the
 * document, at most 4 GB (the same document needs between 512 and 768 MB, and gets 1.4 GB).
 */
export function importBudget(bytes: number): ImportBudget {
  const msPerByte = 2000 / MB;
  return {
    deadlineMs: 30_000 + Math.ceil(bytes * msPerByte),
    msPerByte,
    memoryMb: Math.min(4096, 512 + Math.ceil((bytes / MB) * 16)),
  };
}

/** A byte count for messages: `64 MB`, `820 KB`. */
export function sizeText(bytes: number): string {
  return bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
