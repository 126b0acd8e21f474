// Reads an OpenAPI or Swagger document from disk with its `$ref`s to other files, for the import. The edge that does
// I/O: files are read only inside one folder, nothing is fetched from the network, and each file is parsed within the
// limits of limits.ts. It runs in the import's worker (importWorker.ts), which also bounds its time and memory.
import { bundle } from '@readme/openapi-parser';
import { readFile, realpath, stat } from 'node:fs/promises';
import { dirname, extname, relative, isAbsolute, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportFailure, JsonValue } from '../core';
import { errorMessage, parseDocumentText } from './documentText';
import { MAX_FILE_BYTES, sizeText } from './limits';
import { specificationProblems } from './validateDocument';

/** A document read and bundled (`$ref`s to other files brought inside it), and what its validation said. */
export type LoadOutcome =
  | { ok: true; document: JsonValue; problems: string[]; files: string[] }
  | { ok: false; failure: ImportFailure };

export interface LoadOptions {
  /** The folder that `$ref`s to other files must stay inside (after symbolic links); the document's own folder when absent. */
  root?: string;
  /** Told the size of each file as it is read (the document first), before it is parsed. */
  onRead?: (bytes: number) => void;
}

/** Files the OpenAPI parser reads as text or binary data, not as JSON or YAML (its text and binary parsers' lists). */
const NOT_A_DOCUMENT = /^\.(txt|htm|html|md|xml|js|min|map|css|scss|less|svg|jpeg|jpg|gif|png|bmp|ico)$/i;

/** Whether `path` is `folder` or inside it. */
function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The path a resolver is asked for, as a file-system path. */
function filePathOf(url: string): string {
  return url.startsWith('file:') ? fileURLToPath(url) : decodeURI(url);
}

/** A file that cannot be read, as the failure to report. */
function cannotRead(path: string, error: unknown): ImportFailure {
  const code = (error as NodeJS.ErrnoException).code;
  return { code: 'unreadable', message: `Cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : errorMessage(error)}.` };
}

/** Thrown to stop the library when a file is refused; the failure it carries is what the user is told. */
class Refused extends Error {
  constructor(readonly failure: ImportFailure) {
    super(failure.message);
  }
}

/** Reads and parses one file of the document within the limits, or says why not. */
async function readDocumentFile(path: string, shown: string, onRead: ((bytes: number) => void) | undefined): Promise<{ value: unknown; refersOutside: boolean }> {
  const info = await stat(path);
  if (!info.isFile()) throw new Refused({ code: 'unreadable', message: `${shown} is not a file.` });
  if (info.size > MAX_FILE_BYTES) throw new Refused({ code: 'too-large', message: `${shown} is larger than ${sizeText(MAX_FILE_BYTES)}, the most the import reads.` });
  onRead?.(info.size);
  const parsed = parseDocumentText(await readFile(path, 'utf8'));
  if (parsed.ok) return parsed;
  if (parsed.nesting !== undefined) throw new Refused({ code: 'too-large', message: `${shown}: ${parsed.nesting}; OpenAPI documents are not nested this deep.` });
  throw new Refused({ code: parsed.limit ? 'too-large' : 'invalid-document', message: `${shown} cannot be read as an OpenAPI document: ${parsed.reason}.` });
}

/**
 * Reads, parses (JSON or YAML) and bundles a document: `$ref`s to other files are resolved inside the root folder
 * only; remote `$ref`s are refused. The document is then validated against the OpenAPI or Swagger schema; what
 * the validation finds is returned as problems, for the import to report (it still imports what it can).
 */
export async function loadOpenApiDocument(path: string, options: LoadOptions = {}): Promise<LoadOutcome> {
  let realPath: string;
  try {
    realPath = await realpath(path);
  } catch (error) {
    return { ok: false, failure: cannotRead(path, error) };
  }
  const root = await realpath(options.root ?? dirname(realPath)).catch(() => dirname(realPath));
  const files: string[] = [realPath];
  let parsedRoot: { value: unknown; refersOutside: boolean };
  try {
    parsedRoot = await readDocumentFile(realPath, path, options.onRead);
  } catch (error) {
    if (error instanceof Refused) return { ok: false, failure: error.failure };
    return { ok: false, failure: cannotRead(path, error) };
  }
  let refused: ImportFailure | undefined;
  const confinedFiles = {
    order: 100,
    canRead: (file: { url: string }): boolean => !/^[a-z][a-z0-9+.-]*:\/\//i.test(file.url) || file.url.startsWith('file:'),
    // Files that hold JSON or YAML are handed over parsed (within the limits); the library's parsers take a value as it is.
    async read(file: { url: string }): Promise<unknown> {
      const wanted = filePathOf(file.url);
      const real = await realpath(wanted).catch(() => wanted);
      if (real === realPath) return parsedRoot.value;
      if (!isInside(root, real)) {
        refused = { code: 'ref-outside-folder', message: `A $ref points at ${wanted}, outside ${root}; only files in the document's folder (or the folder you allow) are read. Move the file there.` };
        throw new Error(refused.message);
      }
      files.push(real);
      if (NOT_A_DOCUMENT.test(extname(real))) {
        const info = await stat(real);
        if (info.size > MAX_FILE_BYTES) {
          refused = { code: 'too-large', message: `${wanted} is larger than ${sizeText(MAX_FILE_BYTES)}, the most the import reads.` };
          throw new Error(refused.message);
        }
        options.onRead?.(info.size);
        return readFile(real);
      }
      try {
        return (await readDocumentFile(real, wanted, options.onRead)).value;
      } catch (error) {
        if (error instanceof Refused) refused = error.failure;
        throw error;
      }
    },
  };
  let document: JsonValue;
  // Bundling brings other files in; a document that refers to none is complete as parsed (and bundling one with
  // many $refs takes time that grows with their square).
  if (!parsedRoot.refersOutside) {
    document = parsedRoot.value as JsonValue;
  } else {
    try {
      const parserOptions = {
        resolve: {
          file: confinedFiles,
          // The library's own HTTP resolver stays unused: an import reads files, it never fetches.
          http: { canRead: false } as unknown as Record<string, never>,
        },
      };
      document = (await bundle(realPath, parserOptions as unknown as Parameters<typeof bundle>[1])) as unknown as JsonValue;
    } catch (error) {
      if (refused) return { ok: false, failure: refused };
      const message = errorMessage(error);
      const remote = /Unable to resolve \$ref pointer "(https?:[^"]+)"/i.exec(message);
      if (remote) {
        return { ok: false, failure: { code: 'remote-ref', message: `A $ref points at ${remote[1] ?? 'a remote document'}; the import reads local files only. Save that document beside this one and point the $ref at it.` } };
      }
      return { ok: false, failure: { code: 'invalid-document', message: `${path} cannot be read as an OpenAPI document: ${message.replace(/^Error: /, '')}` } };
    }
  }
  const problems = await specificationProblems(document);
  return { ok: true, document, problems, files };
}
