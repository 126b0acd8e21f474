// `npm run bench`: every benchmark in turn, figures printed as tables (never asserted).
import { arch, cpus, totalmem } from 'node:os';

const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(`Node ${process.version}, ${arch()}, ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB`);

const only = process.argv.slice(2);
const benches = ['lint'];
for (const name of benches) {
  if (only.length > 0 && !only.includes(name)) continue;
  await import(`./${name}.bench.ts`);
}
