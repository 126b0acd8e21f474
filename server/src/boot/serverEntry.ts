// The language server's entry (dist/server.js): starts the server's bundle from the code cache. The cache is written
// a few seconds after the first start, so it holds what opening and checking the first file compiled.
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { startBundle } from './startBundle';

// The command line's inlining budget for V8's optimizing compiler (see cliEntry.ts). In the server it matters most
// right after a large file is opened: the check makes the checking code hot, and the compiler's threads were still
// compiling it, copying most of what each hot function calls into it, when the first keystroke came; on two cores
// they took one from the keystroke (in a 1,000-operation file full of findings, 40 ms of compiler threads' time
// during the first keystroke, 30 ms with this budget). Set before the bundle is compiled: the code cache is valid
// only for the flags it was written with.
setFlagsFromString('--max-inlined-bytecode-size-cumulative=100');

startBundle(join(__dirname, 'server-main.js'), 3000);
