// An environments file with credentials in an address is refused by `connector request --env` and `connector test
// --env`, naming the file, line and column; nothing is sent.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startEchoServer } from '../support/echoServer';
import { runCli } from '../support/cli';

describe('user info in an environment address', () => {
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  const project = mkdtempSync(join(tmpdir(), 'connector-envs-'));

  before(async () => {
    echo = await startEchoServer();
    mkdirSync(join(project, '.git'));
    writeFileSync(join(project, 'api.connector.json'), JSON.stringify({
      kind: 'rest', name: 'api', baseUrl: `${echo.url}/own`,
      authorization: { scheme: 'apiKey', in: 'header', name: 'X-Api-Key', secret: 'api' },
      operations: [{ id: 'ping', method: 'GET', path: '/ping', parameters: [] }],
    }));
    writeFileSync(join(project, 'api.tests.json'), JSON.stringify({ cases: [{ name: 'ping', operation: 'ping', expect: { status: 200 } }] }));
    // Line 6, column 20: the address with a user and password in it.
    writeFileSync(join(project, 'connector-environments.json'), `{
  "environments": {
    "prod": {
      "connectors": {
        "api.connector.json": {
          "baseUrl": "${echo.url.replace('http://', 'http://deploy:hunter2@')}/prod"
        }
      }
    }
  }
}
`);
  });
  after(async () => {
    await echo.close();
    rmSync(project, { recursive: true, force: true });
  });

  test('connector request --env refuses it with the file, line and column, and sends nothing', async () => {
    const run = await runCli(['request', 'api.connector.json', 'ping', '--env', 'prod'], { cwd: project, env: { CONNECTOR_SECRET_API: 'key' } });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /connector-environments\.json has a problem; fix it before sending with an environment: .*connector-environments\.json:6:22 'baseUrl' has credentials before the host/);
    assert.match(run.stderr, /Nothing was sent/);
    assert.ok(!run.stderr.includes('hunter2'), 'the password is not repeated');
    assert.equal(echo.received.length, 0);
  });

  test('connector test --env refuses it too', async () => {
    const run = await runCli(['test', '--env', 'prod'], { cwd: project, env: { CONNECTOR_SECRET_API: 'key' } });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /connector-environments\.json:6:22 'baseUrl' has credentials before the host/);
    assert.equal(echo.received.length, 0);
  });
});
