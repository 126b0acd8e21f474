import { readFileSync, realpathSync, statSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { BodyFileReader, FileAccess, FileOutcome, FileRef } from '../core';
import { editorRoot, inside } from './projectRoot';

/** Where files may come from, and how the user allows another folder (a setting in VS Code, a flag on the command line). */
export interface WorkspaceFileOptions {
  /** The workspace: files named by values and bodies must be inside one of these folders. */
  roots: readonly string[];
  /** Folders the user allowed on purpose. */
  allowed?: readonly string[];
  /** How to allow a folder, for the message: "the setting connectorTools.request.allowedFileFolders". */
  howToAllow: string;
}


async function realFolder(folder: string): Promise<string | undefined> {
  return realpath(folder).catch(() => undefined);
}

/**
 * The file step for the editor and the command line: a path is taken relative to the connector's folder and
 * followed through symlinks; only a regular file inside the workspace (or an allowed folder) is used.
 */
export function workspaceFiles(options: WorkspaceFileOptions): FileAccess {
  const foldersPromise = Promise.all([...options.roots, ...(options.allowed ?? [])].map(realFolder)).then((all) => all.filter((f): f is string => f !== undefined));
  return {
    async find(given: string, baseDir: string): Promise<FileOutcome> {
      const absolute = resolve(baseDir, given);
      let real: string;
      try {
        real = await realpath(absolute);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
        return { ok: false, problem: { code: 'file-unreadable', path: given, message: `The file '${given}' (${absolute}) ${code === 'ENOENT' ? 'does not exist' : `cannot be read (${code})`}; nothing was sent.` } };
      }
      const folders = await foldersPromise;
      if (!folders.some((folder) => inside(real, folder))) {
        return {
          ok: false,
          problem: {
            code: 'file-outside-workspace',
            path: given,
            message: `The file '${given}' resolves to ${real}, outside the workspace${folders.length ? ` (${folders.join(', ')})` : ''}; it is not read or sent. Files must be inside the workspace; to allow a folder on purpose, add it with ${options.howToAllow}.`,
          },
        };
      }
      const info = await stat(real).catch(() => undefined);
      if (!info?.isFile()) return { ok: false, problem: { code: 'file-unreadable', path: given, message: `'${given}' (${real}) is not a regular file; nothing was sent.` } };
      return { ok: true, file: { given, path: real, size: info.size } };
    },
    async readText(file: FileRef) {
      try {
        return { ok: true, text: await readFile(file.path, 'utf8') };
      } catch (error) {
        return { ok: false, problem: { code: 'file-unreadable', path: file.given, message: `The file '${file.given}' (${file.path}) cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}); nothing was sent.` } };
      }
    },
  };
}

/**
 * Reads body files for the checks, with the same rule as sending: relative to the connector's folder, after
 * symlinks, inside the workspace or an allowed folder, a regular file.
 */
export function bodyFileReader(connectorDir: string, folders: readonly string[]): BodyFileReader {
  const real = folders.map((f) => {
    try {
      return realpathSync(f);
    } catch {
      return undefined;
    }
  }).filter((f): f is string => f !== undefined);
  return (given) => {
    const absolute = resolve(connectorDir, given);
    try {
      const path = realpathSync(absolute);
      if (!real.some((folder) => inside(path, folder))) return { ok: false, message: `${JSON.stringify(given)} resolves to ${path}, outside the workspace; it would not be sent.` };
      if (!statSync(path).isFile()) return { ok: false, message: `${JSON.stringify(given)} is not a regular file.` };
      return { ok: true, text: readFileSync(path, 'utf8') };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return { ok: false, message: code === 'ENOENT' ? `${JSON.stringify(given)} does not exist (looked for ${absolute}).` : `${JSON.stringify(given)} cannot be read (${code ?? String(error)}).` };
    }
  };
}

/** How the editor allows another folder, for messages. */
const EDITOR_HOW_TO_ALLOW = 'the setting connectorTools.request.allowedFileFolders';

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

/** The file step for sending from the editor, over the folders of editorFolders. */
export function editorFileAccess(connectorPath: string, workspaceFolders: readonly string[], allowed: readonly string[]): FileAccess {
  return workspaceFiles({ roots: editorFolders(connectorPath, workspaceFolders, allowed), howToAllow: EDITOR_HOW_TO_ALLOW });
}
