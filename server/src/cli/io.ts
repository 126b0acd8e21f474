/** Where a command writes and what it knows of its terminal: the entry wires it to the process. */
export interface CliIo {
  /** Writes to standard output; the entry writes every character that would act on a terminal visibly (visibleText). */
  stdout(text: string): void;
  /** Writes to standard error, as visibly as stdout. */
  stderr(text: string): void;
  /** Writes a report that holds its own colour codes to standard output: its maker passed every text it did not write itself through visibleText. */
  stdoutPainted(text: string): void;
  cwd: string;
  /** Colour is for a person at a terminal: stdout is a TTY and NO_COLOR is not set, or FORCE_COLOR asks for it. */
  color: boolean;
  /** Reads all of standard input (for `connector lint -`). */
  readStdin(): Promise<Buffer>;
  /** The terminal's width in columns when stdout is a terminal; absent when output is piped or redirected. */
  columns?: number;
}
