// The command line's entry (dist/cli.js, also the script of `connector lint`'s checking threads): starts the
// command's bundle from the code cache, which the first run writes as it exits.
import { join } from 'node:path';
import { startBundle } from './startBundle';

startBundle(join(__dirname, 'cli-main.js'), 'exit');
