// Preloaded (`node --import`) into a benchmarked process and, as Node.js passes its options on, into each of its
// worker threads: writes the thread's Linux thread id to CONNECTOR_BENCH_THREADS_FILE, so the benchmark can tell
// the process's own threads of JavaScript from V8's and libuv's helpers. With CONNECTOR_BENCH_CORES, the process
// sees that many processors, so it starts as many threads as it would on such a machine (they take turns here).
import { appendFileSync, readlinkSync } from 'node:fs';
import os from 'node:os';

const cores = Number(process.env.CONNECTOR_BENCH_CORES);
if (cores > 0) os.availableParallelism = () => cores;
const file = process.env.CONNECTOR_BENCH_THREADS_FILE;
if (file) appendFileSync(file, `${readlinkSync('/proc/thread-self').split('/').pop()}\n`);
