import { dirname, resolve } from 'node:path';
import { FoundFileError, openFoundFile, type BodyFileReader, type FileAccess, type FileOutcome, type FileRef } from '../core';
import { closeOpened, openInside, readOpened, realFolders } from './checkedFile';
import { editorRoot } from './projectRoot';

/** Where files may come from, and how the user allows another folder (a setting in VS Code, a flag on the command line). */
export interface WorkspaceFileOptions {
  /** The workspace: files named by values and bodies must be inside one of these folders. */
  roots: readonly string[];
  /** Folders the user allowed on purpose. */
  allowed?: readonly string[];
  /** How to allow a folder, for the message: "the setting connectorTools.request.allowedFileFolders". */
  howToAllow: string;
}


/**
 * The file step for the editor and the command line: a path is taken relative to the connector's folder and
 * followed through symlinks; only a regular file inside the workspace (or an allowed folder) is used, and a file
 * read later (a body file's text, a file sent) must still be that file.
 */
export function workspaceFiles(options: WorkspaceFileOptions): FileAccess {
  const folders = realFolders([...options.roots, ...(options.allowed ?? [])]);
  return {
    async find(given: string, baseDir: string): Promise<FileOutcome> {
      const absolute = resolve(baseDir, given);
      const opened = openInside(absolute, folders);
      if (opened.ok) {
        closeOpened(opened);
        return { ok: true, file: { given, path: opened.path, size: opened.size, identity: opened.identity } };
      }
      if (opened.reason === 'outside') {
        return {
          ok: false,
          problem: {
            code: 'file-outside-workspace',
            path: given,
            message: `The file '${given}' resolves to ${opened.path}, outside the workspace${folders.length ? ` (${folders.join(', ')})` : ''}; it is not read or sent. Files must be inside the workspace; to allow a folder on purpose, add it with ${options.howToAllow}.`,
          },
        };
      }
      const why = opened.reason === 'missing' ? `(${absolute}) does not exist` : opened.reason === 'not-file' ? `(${opened.path}) is not a regular file` : `(${opened.path}) cannot be read (${opened.code ?? 'unreadable'})`;
      return { ok: false, problem: { code: 'file-unreadable', path: given, message: `The file '${given}' ${why}; nothing was sent.` } };
    },
    async readText(file: FileRef) {
      try {
        const handle = await openFoundFile(file);
        try {
          return { ok: true, text: await handle.readFile('utf8') };
        } finally {
          await handle.close();
        }
      } catch (error) {
        const message = error instanceof FoundFileError ? error.message : `The file '${file.given}' (${file.path}) cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}); nothing was sent.`;
        return { ok: false, problem: { code: 'file-unreadable', path: file.given, message } };
      }
    },
  };
}

/**
 * Reads body files for the checks, with the same rule as sending: relative to the connector's folder, after
 * symlinks, inside the workspace or an allowed folder, a regular file; checked and read in one step.
 */
export function bodyFileReader(connectorDir: string, folders: readonly string[]): BodyFileReader {
  const real = realFolders(folders);
  return (given) => {
    const absolute = resolve(connectorDir, given);
    const opened = openInside(absolute, real);
    if (!opened.ok) {
      switch (opened.reason) {
        case 'outside': return { ok: false, message: `${JSON.stringify(given)} resolves to ${opened.path}, outside the workspace; it would not be sent.` };
        case 'not-file': return { ok: false, message: `${JSON.stringify(given)} is not a regular file.` };
        case 'missing': return { ok: false, message: `${JSON.stringify(given)} does not exist (looked for ${absolute}).` };
        case 'unreadable': return { ok: false, message: `${JSON.stringify(given)} cannot be read (${opened.code ?? 'unreadable'}).` };
      }
    }
    try {
      return { ok: true, text: readOpened(opened) };
    } catch (error) {
      return { ok: false, message: `${JSON.stringify(given)} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}).` };
    }
  };
}

/**
 * The folders a connector in the editor may read files from: the workspace folders, plus allowed ones (relative to
 * the first). Without a workspace folder, the connector's project root, as on the command line.
 */
export function editorFolders(connectorPath: string, workspaceFolders: readonly string[], allowed: readonly string[]): string[] {
  const roots = workspaceFolders.length ? [...workspaceFolders] : [editorRoot(connectorPath, workspaceFolders).folder];
  const base = roots[0] ?? dirname(connectorPath);
  return [...roots, ...allowed.map((f) => resolve(base, f))];
}

/** The body-file reader for a connector in the editor, over the folders of editorFolders. */
export function editorBodyFileReader(connectorPath: string, workspaceFolders: readonly string[], allowed: readonly string[]): BodyFileReader {
  return bodyFileReader(dirname(connectorPath), editorFolders(connectorPath, workspaceFolders, allowed));
}
