// `npm start`: the demo services the examples point at, and a real VS Code (code-server) with the extension and
// examples/ open. Everything listens on 127.0.0.1 only; Ctrl-C stops it all.
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { request } from 'undici';
import { DEMO_EDITOR_SETTINGS, launchCodeServer, repoRoot, type RunningCodeServer } from './e2e/codeServer';
import { cacheRoot, CodeServerSetupError, describeMissingPackages, ensureCodeServer, missingSystemPackages } from './e2e/codeServerInstall';
import type { RunningService } from './demo/http';
import { startOrdersOData } from './demo/ordersOData';
import { PETSTORE_API_KEY, startPetstore } from './demo/petstore';
import { DEMO_CLIENT_SECRET, DEMO_PASSWORD, DEMO_USER, startTokenEndpoint } from './demo/tokenEndpoint';

const PETSTORE_PORT = 3030;
const ODATA_PORT = 3031;
const TOKEN_PORT = 3032;
const EDITOR_PORT = Number(process.env.CONNECTOR_TOOLS_PORT ?? 8080);

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

/** Resolves when nothing listens on 127.0.0.1:port. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Everything that would stop the start later, checked before anything slow begins. */
async function preflight(): Promise<void> {
  const taken: string[] = [];
  for (const [what, port, variable] of [['the pet store', PETSTORE_PORT, ''], ['the OData service', ODATA_PORT, ''], ['the token endpoint', TOKEN_PORT, ''], ['VS Code', EDITOR_PORT, 'CONNECTOR_TOOLS_PORT']] as const) {
    if (!(await portFree(port))) taken.push(`port ${port} (${what}) is already in use${variable ? `; set ${variable} to use another port` : ''}`);
  }
  if (taken.length > 0) fail(`Cannot start: ${taken.join('; ')}. Is another npm start running?`);
  const missing = missingSystemPackages({ forTests: false });
  if (missing.length > 0) fail(describeMissingPackages(missing));
}

/** Resolves once the workbench page answers 200. */
async function answering(url: string): Promise<boolean> {
  try {
    const response = await request(url, { headersTimeout: 10_000 });
    await response.body.dump();
    return response.statusCode === 200;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  await preflight();
  try {
    await ensureCodeServer();
  } catch (error) {
    fail(`Could not set up VS Code: ${error instanceof CodeServerSetupError ? error.message : String(error)}`);
  }

  const services: Pick<RunningService, 'close'>[] = [];
  let editor: RunningCodeServer | undefined;
  const stop = async (): Promise<void> => {
    editor?.stop();
    await Promise.all(services.map((s) => s.close()));
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(0)));
  process.once('SIGTERM', () => void stop().then(() => process.exit(0)));

  const tokens = await startTokenEndpoint(TOKEN_PORT);
  services.push(tokens);
  const petstore = await startPetstore(PETSTORE_PORT);
  const orders = await startOrdersOData(ODATA_PORT, { verifyToken: tokens.verify });
  services.push(petstore, orders);
  console.log(`Pet store REST API:   ${petstore.url}   (secret 'petstore' = ${PETSTORE_API_KEY})`);
  console.log(`OData orders service: ${orders.url}   (OAuth2 client credentials: secret 'ifs' = ${DEMO_CLIENT_SECRET})`);
  console.log(`Token endpoint:       ${tokens.tokenUrl}`);
  console.log(`Sign-in page:         ${tokens.authorizationUrl}   (user '${DEMO_USER}', password ${DEMO_PASSWORD}; for the password flow: secret 'alice-password')`);

  // A persistent profile outside the repo keeps secrets and settings between runs.
  const profileDir = join(cacheRoot(), 'start-profile');
  mkdirSync(profileDir, { recursive: true });
  console.log('Starting VS Code (code-server) with the extension...');
  try {
    editor = await launchCodeServer({ workspace: join(repoRoot, 'examples'), profileDir, port: EDITOR_PORT, settings: DEMO_EDITOR_SETTINGS });
  } catch (error) {
    await stop();
    fail(`Could not start VS Code: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!(await answering(editor.url))) {
    await stop();
    fail(`VS Code started but ${editor.url} does not answer; its output:\n${editor.log.join('')}`);
  }
  console.log(`\nOpen ${editor.url}\nCtrl-C stops everything.`);
}

void main();
