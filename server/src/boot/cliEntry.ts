// The command line's entry (dist/cli.js, also the script of `connector lint`'s checking threads): starts the
// command's bundle from the code cache, which the first run writes as it exits.
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { isMainThread } from 'node:worker_threads';
import { startBundle } from './startBundle';

// A command runs for a second or so. V8's optimizing compiler, by default, copies up to 920 bytes of bytecode of the
// functions a hot function calls into it: for the functions run once per file (read, parse, check one file) that
// copies most of the checking code, and compiling it took about a third of `connector lint`'s CPU over 2,000 small
// files, on threads besides the one checking, for code that then ran a few thousand times. A smaller budget (small
// helpers are still inlined) costs nothing measurable on one large file. Set before the bundle is compiled: the
// code cache is valid only for the flags it was written with, so every start must set the same ones. V8's flags are
// the process's: checking threads (this same script) run with the ones their process set.
if (isMainThread) setFlagsFromString('--max-inlined-bytecode-size-cumulative=100');

startBundle(join(__dirname, 'cli-main.js'), 'exit');
