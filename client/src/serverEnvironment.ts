// What the language server's process is started with besides the editor's environment. Kept apart from
// extension.ts (which needs VS Code) so that the benchmarks start the server as the editor does.

/**
 * glibc's malloc serves a block of 128 KB or more from its own mapping, given back when freed, but after the first
 * such block is freed it raises that threshold (up to 32 MB) and serves later large blocks from its heap, which it
 * rarely gives back. The server's large blocks are messages of MBs (a file opened, the diagnostics of a file full of
 * findings), made and dropped: with the threshold raised, the 13 MB file full of findings left about 30 MB in the
 * process for as long as it ran. A fixed threshold keeps each such block in a mapping of its own. Other C libraries
 * ignore the variable.
 */
export const SERVER_ENVIRONMENT: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: String(128 * 1024) };
