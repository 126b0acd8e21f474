import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { startOrdersOData } from '../../scripts/demo/ordersOData';
import { DEMO_CLIENT_SECRET, startTokenEndpoint } from '../../scripts/demo/tokenEndpoint';
import { makeTempFolder, runCli } from '../support/cli';

const EXAMPLES = join(__dirname, '..', '..', 'examples');
const EXAMPLE = 'ifs-orders-generated.connector.json';
const ARGS = ['import', 'odata', 'ifs-orders.metadata.xml', '--base-url', 'http://127.0.0.1:3031/odata/v4/orders', '--name', 'IFS Customer Orders (from $metadata)'];
/** What the designer added by hand after the import: how the service signs in. */
const BY_HAND = / {2}\/\/ Added by hand after the import[^\n]*\n[^\n]*\n {2}"authorization": [^\n]*\n/;

test(`examples/${EXAMPLE} is what connector import odata writes from examples/ifs-orders.metadata.xml, and importing again keeps it as it is`, async () => {
  const example = readFileSync(join(EXAMPLES, EXAMPLE), 'utf8');
  assert.match(example, BY_HAND);
  const run = await runCli(ARGS, { cwd: EXAMPLES });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, example.replace(BY_HAND, ''));
  const folder = makeTempFolder({ [EXAMPLE]: example, 'ifs-orders.metadata.xml': readFileSync(join(EXAMPLES, 'ifs-orders.metadata.xml'), 'utf8') });
  try {
    const again = await runCli([...ARGS, '--out', EXAMPLE], { cwd: folder.path });
    assert.equal(again.code, 0, again.stderr);
    assert.equal(readFileSync(join(folder.path, EXAMPLE), 'utf8'), example);
  } finally {
    folder.remove();
  }
});

test('the generated example signs in and changes an order with its ETag on the demo service', async () => {
  const tokens = await startTokenEndpoint(0);
  const service = await startOrdersOData(0, { verifyToken: tokens.verify });
  const folder = makeTempFolder({
    [EXAMPLE]: readFileSync(join(EXAMPLES, EXAMPLE), 'utf8').replace('http://127.0.0.1:3031/odata/v4/orders', service.url).replace('http://127.0.0.1:3032/realms/demo/protocol/openid-connect/token', tokens.tokenUrl),
    'ifs-orders.metadata.xml': readFileSync(join(EXAMPLES, 'ifs-orders.metadata.xml'), 'utf8'),
  });
  try {
    const env = { CONNECTOR_SECRET_IFS: DEMO_CLIENT_SECRET };
    const send = async (id: string, values: Record<string, string>): Promise<{ status: number; data: Record<string, unknown> }> => {
      const run = await runCli(['request', EXAMPLE, id, ...Object.entries(values).flatMap(([k, v]) => ['--value', `${k}=${v}`]), '--format', 'json'], { cwd: folder.path, env });
      return JSON.parse(run.stdout) as { status: number; data: Record<string, unknown> };
    };
    const read = await send('getCustomerOrder', { orderNo: 'A-2' });
    assert.equal(read.status, 200);
    const changed = await send('updateCustomerOrder', { orderNo: 'A-2', etag: String(read.data['@odata.etag']), customerNo: 'C900' });
    assert.deepEqual([changed.status, changed.data.CustomerNo, changed.data['@odata.etag']], [200, 'C900', 'W/"A-2-2"']);
  } finally {
    folder.remove();
    await service.close();
    await tokens.close();
  }
});
