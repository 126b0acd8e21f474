/** A mistake in how the command was called: reported as one message on stderr with exit code 2. */
export class UsageError extends Error {
  constructor(message: string, readonly hint?: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A file or folder the user named that cannot be read: reported with the reason, exit code 2. */
export interface ReadProblem {
  path: string;
  reason: string;
}

/** Turns a Node file-system error into the words a user expects ("no such file", "permission denied"). */
export function describeFsError(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  switch (code) {
    case 'ENOENT': return 'no such file or directory';
    case 'EACCES':
    case 'EPERM': return 'permission denied';
    case 'EISDIR': return 'it is a directory';
    case 'ENOTREGULAR': return 'not a regular file';
    case 'ENOTDIR': return 'a part of the path is not a directory';
    case 'ELOOP': return 'too many symbolic links';
    case 'EMFILE':
    case 'ENFILE': return 'too many open files';
    case 'ERR_STRING_TOO_LONG':
    case 'ERR_FS_FILE_TOO_LARGE': return 'the file is too large to read';
    default: return error instanceof Error ? error.message : String(error);
  }
}
