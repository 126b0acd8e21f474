// Reads an OpenAPI or Swagger document from disk with its `$ref`s to other files, for the import. The edge that does
// I/O: files are read only inside one folder, nothing is fetched from the network.
import { readFile, realpath, stat } from 'node:fs/promises';
import { dirname, relative, isAbsolute, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nestingTooDeep, tooDeepAt, type ImportFailure, type JsonValue } from '../core';

/** Larger documents than this are refused rather than read into memory. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

/** A document read and bundled (`$ref`s to other files brought inside it), and what its validation said. */
export type LoadOutcome =
  | { ok: true; document: JsonValue; problems: string[]; files: string[] }
  | { ok: false; failure: ImportFailure };

export interface LoadOptions {
  /** The folder that `$ref`s to other files must stay inside (after symbolic links); the document's own folder when absent. */
  root?: string;
}

/** The parser, loaded on first use: it is large, and only an import needs it (esbuild.mjs keeps it in its own file). */
function loadParser(): typeof import('./parser') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./parser') as typeof import('./parser');
}

/** Whether `path` is `folder` or inside it. */
function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The path a resolver is asked for, as a file-system path. */
function filePathOf(url: string): string {
  return url.startsWith('file:') ? fileURLToPath(url) : decodeURI(url);
}

/** The library's error message without its stack or the class name prefix it sometimes adds. */
function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n').slice(0, 6).join('\n').trim();
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
    const info = await stat(realPath);
    if (!info.isFile()) return { ok: false, failure: { code: 'unreadable', message: `${path} is not a file.` } };
    if (info.size > MAX_FILE_BYTES) return { ok: false, failure: { code: 'unreadable', message: `${path} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB.` } };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, failure: { code: 'unreadable', message: `Cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : messageOf(error)}.` } };
  }
  const root = await realpath(options.root ?? dirname(realPath)).catch(() => dirname(realPath));
  const files: string[] = [];
  let refused: ImportFailure | undefined;
  const confinedFiles = {
    order: 100,
    canRead: (file: { url: string }): boolean => !/^[a-z][a-z0-9+.-]*:\/\//i.test(file.url) || file.url.startsWith('file:'),
    async read(file: { url: string }): Promise<Buffer> {
      const wanted = filePathOf(file.url);
      const real = await realpath(wanted).catch(() => wanted);
      if (!isInside(root, real)) {
        refused = { code: 'ref-outside-folder', message: `A $ref points at ${wanted}, outside ${root}; only files in the document's folder (or the folder you allow) are read. Move the file there.` };
        throw new Error(refused.message);
      }
      const info = await stat(real);
      if (info.size > MAX_FILE_BYTES) throw new Error(`${wanted} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB.`);
      files.push(real);
      const bytes = await readFile(real);
      // The parser recurses once per level of a JSON document: one nested far too deep is refused before it is read
      // (YAML's own parser stops at 100 levels).
      const text = bytes.toString('utf8');
      const deep = /^\s*[[{]/.test(text) ? tooDeepAt(text) : -1;
      if (deep >= 0) {
        refused = { code: 'invalid-document', message: `${real === realPath ? path : wanted}: ${nestingTooDeep(text, deep)}; OpenAPI documents are not nested this deep.` };
        throw new Error(refused.message);
      }
      return bytes;
    },
  };
  const { bundle, validate } = loadParser();
  let document: JsonValue;
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
    const message = messageOf(error);
    const remote = /Unable to resolve \$ref pointer "(https?:[^"]+)"/i.exec(message);
    if (remote) {
      return { ok: false, failure: { code: 'remote-ref', message: `A $ref points at ${remote[1] ?? 'a remote document'}; the import reads local files only. Save that document beside this one and point the $ref at it.` } };
    }
    return { ok: false, failure: { code: 'invalid-document', message: `${path} cannot be read as an OpenAPI document: ${message.replace(/^Error: /, '')}` } };
  }
  const problems: string[] = [];
  try {
    const result = await validate(structuredClone(document) as Parameters<typeof validate>[0], { validate: { errors: { colorize: false } } });
    if (!result.valid) problems.push(...result.errors.map((e) => e.message.trim()));
    problems.push(...result.warnings.map((w) => w.message.trim()));
  } catch (error) {
    problems.push(messageOf(error));
  }
  return { ok: true, document, problems, files };
}
