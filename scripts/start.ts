// `npm start`: the demo services the examples point at, and a real VS Code (code-server) with the extension and
// examples/ open. Everything listens on 127.0.0.1 only; Ctrl-C stops it all.
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { launchCodeServer, repoRoot, type RunningCodeServer } from './e2e/codeServer';
import type { RunningService } from './demo/http';
import { ODATA_PASSWORD, startOrdersOData } from './demo/ordersOData';
import { PETSTORE_API_KEY, startPetstore } from './demo/petstore';

const PETSTORE_PORT = 3030;
const ODATA_PORT = 3031;
const EDITOR_PORT = Number(process.env.CONNECTOR_TOOLS_PORT ?? 8080);

function explainListenError(what: string, port: number, error: unknown): never {
  const code = (error as NodeJS.ErrnoException).code;
  const reason = code === 'EADDRINUSE' ? `port ${port} is already in use (is another npm start running?)` : String(error);
  console.error(`Could not start ${what}: ${reason}.`);
  process.exit(2);
}

async function main(): Promise<void> {
  const services: RunningService[] = [];
  let editor: RunningCodeServer | undefined;
  const stop = async (): Promise<void> => {
    editor?.stop();
    await Promise.all(services.map((s) => s.close()));
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(0)));
  process.once('SIGTERM', () => void stop().then(() => process.exit(0)));

  services.push(await startPetstore(PETSTORE_PORT).catch((e: unknown) => explainListenError('the pet store', PETSTORE_PORT, e)));
  services.push(await startOrdersOData(ODATA_PORT).catch((e: unknown) => explainListenError('the OData service', ODATA_PORT, e)));
  console.log(`Pet store REST API:  ${services[0]?.url}   (secret 'petstore' = ${PETSTORE_API_KEY})`);
  console.log(`OData orders service: ${services[1]?.url}   (secret 'ifs' = ${ODATA_PASSWORD})`);

  // A persistent profile outside the repo keeps secrets and settings between runs.
  const profileDir = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'connector-tools', 'start-profile');
  mkdirSync(profileDir, { recursive: true });
  console.log('Starting VS Code (code-server) with the extension...');
  try {
    editor = await launchCodeServer({ workspace: join(repoRoot, 'examples'), profileDir, port: EDITOR_PORT });
  } catch (error) {
    console.error(`Could not start VS Code: ${error instanceof Error ? error.message : String(error)}`);
    console.error(`If port ${EDITOR_PORT} is taken, set CONNECTOR_TOOLS_PORT to another port.`);
    await stop();
    process.exit(2);
  }
  console.log(`\nOpen ${editor.url}\nCtrl-C stops everything.`);
}

void main();
