import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { multipartSegments } from './body';
import type { BuiltRequest, FileRef } from './types';

/** Which file a stat describes (device and inode): a file opened later is the one checked only if this is equal. */
export function fileIdentity(stats: { dev: bigint; ino: bigint }): string {
  return `${stats.dev}:${stats.ino}`;
}

/**
 * How a file named by a value or a body is opened: read only; a FIFO does not hold the open (it is then refused as
 * not a regular file); a symlink in the file's own place is refused (the path is already the real one).
 */
export const FILE_OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

/** A found file that cannot be opened as the file that was checked; `message` says which and why. */
export class FoundFileError extends Error {
  readonly fileError = true;
}

/** Why a found file is refused: the file at its path is not the one the file step checked. */
function changed(file: FileRef): FoundFileError {
  return new FoundFileError(`The file '${file.given}' (${file.path}) changed since it was checked (another file, a symlink or a folder took its place); nothing was sent.`);
}

/**
 * Opens a file the file step found, and only that file: a path whose folders or file were swapped for symlinks
 * since the check leads to another file, which is refused (FoundFileError) instead of read.
 */
export async function openFoundFile(file: FileRef): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(file.path, FILE_OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'ENOENT' || code === 'ENOTDIR') throw changed(file);
    throw new FoundFileError(`The file '${file.given}' (${file.path}) cannot be read (${code ?? String(error)}); nothing was sent.`);
  }
  try {
    const stats = await handle.stat({ bigint: true });
    if (stats.isFile() && fileIdentity(stats) === file.identity) return handle;
  } catch {
    // Unreadable: refused below like any other file.
  }
  await handle.close().catch(() => undefined);
  throw changed(file);
}

/** A request body ready for undici, and how to let go of the files it holds when it is not (fully) sent. */
export interface WireBody {
  body: string | Readable | undefined;
  close(): void;
}

/**
 * A built request's body as undici sends it: text as is, files streamed from disk, multipart in order. Every file
 * is opened (and proven to be the file checked) before a byte is sent; a file that fails throws FoundFileError.
 */
export async function openWireBody(built: BuiltRequest): Promise<WireBody> {
  const body = built.body;
  if (!body) return { body: undefined, close: () => undefined };
  if (body.kind === 'text') return { body: body.text, close: () => undefined };
  const files = body.kind === 'file' ? [body.file] : body.parts.flatMap((p) => (p.kind === 'file' ? [p.file] : []));
  const streams: Readable[] = [];
  const close = (): void => streams.forEach((s) => s.destroy());
  try {
    for (const file of files) streams.push((await openFoundFile(file)).createReadStream());
  } catch (error) {
    close();
    throw error;
  }
  if (body.kind === 'file') return { body: streams[0], close };
  const segments = multipartSegments(body.boundary, body.parts);
  const opened = [...streams];
  return {
    body: Readable.from((async function* () {
      for (const segment of segments) {
        if (segment.kind === 'text') yield Buffer.from(segment.text);
        else for await (const chunk of opened.shift() ?? []) yield chunk as Buffer;
      }
    })()),
    close,
  };
}
