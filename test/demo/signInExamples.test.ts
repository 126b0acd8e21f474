// The sign-in examples against the demo services, as a new user runs them: the orders service and the demo realm on
// 127.0.0.1 (on free ports here; the examples name the ports `npm start` uses). The password example with its
// secret from the environment; the browser example with the test playing the browser on the printed address.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { RunningService } from '../../scripts/demo/http';
import { startOrdersOData } from '../../scripts/demo/ordersOData';
import { DEMO_PASSWORD, DEMO_USER, startTokenEndpoint, type RunningTokenEndpoint } from '../../scripts/demo/tokenEndpoint';
import { printedAddress, signInWithBrowser } from '../support/browser';
import { makeTempFolder, runCli, type TempFolder } from '../support/cli';

const EXAMPLES = join(__dirname, '..', '..', 'examples');
const FILES = ['ifs-orders-password.connector.json', 'ifs-orders-browser.connector.json'];

describe('the sign-in examples', () => {
  let realm: RunningTokenEndpoint;
  let orders: RunningService;
  let folder: TempFolder;

  before(async () => {
    realm = await startTokenEndpoint(0);
    orders = await startOrdersOData(0, { verifyToken: realm.verify });
    const realmOrigin = new URL(realm.tokenUrl).origin;
    folder = makeTempFolder(Object.fromEntries(FILES.map((name) => [name, readFileSync(join(EXAMPLES, name), 'utf8').replaceAll('http://127.0.0.1:3032', realmOrigin).replace('http://127.0.0.1:3031/odata/v4/orders', orders.url)])));
  });
  after(async () => {
    folder.remove();
    await orders.close();
    await realm.close();
  });

  test('ifs-orders-password.connector.json: the secret alice-password from the environment signs in', async () => {
    const run = await runCli(['request', join(folder.path, FILES[0] ?? ''), 'listOrders'], { env: { CONNECTOR_SECRET_ALICE_PASSWORD: DEMO_PASSWORD } });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^Status: 200/);
    assert.match(run.stdout, /"OrderNo"/);
  });

  test('ifs-orders-browser.connector.json: signing in on the printed address', async () => {
    let visit: Promise<unknown> | undefined;
    const run = await runCli(['request', join(folder.path, FILES[1] ?? ''), 'listOrders'], {
      onStderr: (soFar) => {
        const address = printedAddress(soFar);
        if (address && !visit) visit = signInWithBrowser(address, { username: DEMO_USER, password: DEMO_PASSWORD });
      },
    });
    await visit;
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^Status: 200/);
    assert.match(run.stderr, /^Signed in\.$/m);
  });
});
