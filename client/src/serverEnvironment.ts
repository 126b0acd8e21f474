// What the language server's process is started with besides the editor's environment. Kept apart from
// extension.ts (which needs VS Code) so that the benchmarks start the server as the editor does.

/**
 * glibc's malloc serves a block of 128 KB or more from a mapping of its own, given back when freed, but after the
 * first such block is freed it raises that threshold (up to 32 MB) and serves later large blocks from its heap,
 * which gives back only what lies past the last block in use. A fixed threshold of 64 KB keeps every block the
 * server makes and drops by the megabyte in a mapping of its own: the messages of a large file (the file opened,
 * the diagnostics of a file full of findings: 12 MB each for the 13 MB file), and above all the reads of a large
 * message, which arrives 64 KB at a time, each read a block kept until the whole message is in. With a threshold of
 * 4 MB those reads were freed together in the heap, and in about half the servers a block still in use above them
 * kept all 13 MB of them in the process for as long as it ran (its heap 18 to 19 MB once idle instead of 4 to 7).
 * Typing is not slowed: the diagnostics message of every keystroke is written into a buffer reused from the message
 * before last. Other C libraries ignore the variable.
 */
export const SERVER_ENVIRONMENT: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: String(64 * 1024) };
