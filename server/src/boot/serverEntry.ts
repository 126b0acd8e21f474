// The language server's entry (dist/server.js): starts the server's bundle from the code cache. The cache is written
// a few seconds after the first start, so it holds what opening and checking the first file compiled.
import { join } from 'node:path';
import { startBundle } from './startBundle';

startBundle(join(__dirname, 'server-main.js'), 3000);
