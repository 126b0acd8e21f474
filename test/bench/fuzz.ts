// `npm run fuzz`: the core's properties over 100,000 generated files (npm test runs 5,000 with a new seed each time).
import { checkCoreProperties } from '../unit/robustness/properties';

const runs = Number(process.argv[2] ?? 100_000);
const started = Date.now();
checkCoreProperties(runs);
console.log(`fuzz: ${runs.toLocaleString('en-US')} cases passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
