// What the language server's process is started with besides the editor's environment. Kept apart from
// extension.ts (which needs VS Code) so that the benchmarks start the server as the editor does.

/**
 * glibc's malloc serves a block of 128 KB or more from a mapping of its own, given back when freed, but after the
 * first such block is freed it raises that threshold (up to 32 MB) and serves later large blocks from its heap,
 * which it rarely gives back. A large file's messages are blocks of many MB made and dropped (the file opened, the
 * diagnostics of a file full of findings: 12 MB each for the 13 MB file), and 10 to 20 MB of them stayed in the
 * process for as long as it ran. A threshold fixed at 4 MB keeps each such block in a mapping of its own; the
 * smaller ones of every keystroke (the diagnostics of a 1.4 MB file are 1.25 MB) stay in the heap, which reuses
 * them: at 128 KB, mapping and filling a fresh one per keystroke made typing slower. Other C libraries ignore the
 * variable.
 */
export const SERVER_ENVIRONMENT: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: String(4 * 1024 * 1024) };
