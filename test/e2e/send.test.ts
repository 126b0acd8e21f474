import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync, cpSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { RunningService } from '../../scripts/demo/http';
import { startPetstore } from '../../scripts/demo/petstore';
import { openConnectorToSend, startVsCode, type VsCodeSession } from '../support/codeServer';
import { sendGetPet } from '../support/petstoreSend';
import { answerQuickInput, pickQuickPickRow, resultPanelFrame, runCommand } from '../support/vscodeUi';

const EXAMPLES = join(__dirname, '..', '..', 'examples');
// Numbers written by hand: JSON.parse would turn them into 9007199254740992, 0.1 and Infinity.
const HOSTILE_NUMBERS = '"n":9007199254740993,"d":0.1000000000000000055511,"big":1e400';
const HOSTILE_BODY = JSON.stringify({
  title: '<script>window.pwned = "script"</script>',
  image: '<img src=x onerror="window.pwned = \'img\'">',
}).replace(/\}$/, `,${HOSTILE_NUMBERS}}`);

/** A workspace with the pet store example pointed at a local server, and a connector for a hostile server. */
function workspaceFor(petstoreUrl: string, hostileUrl: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'connector-e2e-ws-'));
  cpSync(join(EXAMPLES, 'petstore.connector.json'), join(dir, 'petstore.connector.json'));
  const petstore = readFileSync(join(dir, 'petstore.connector.json'), 'utf8').replace('http://127.0.0.1:3030/api', petstoreUrl);
  writeFileSync(join(dir, 'petstore.connector.json'), petstore);
  writeFileSync(join(dir, 'hostile.connector.json'), JSON.stringify({
    kind: 'rest',
    name: 'Hostile',
    baseUrl: hostileUrl,
    operations: [{ id: 'getHostile', method: 'GET', path: '/page', parameters: [] }],
  }, null, 2));
  return dir;
}

describe('Send Request in a real VS Code', () => {
  let petstore: RunningService;
  let hostile: Server;
  let session: VsCodeSession | undefined;

  before(async () => {
    petstore = await startPetstore(0);
    hostile = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(HOSTILE_BODY);
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    const hostileUrl = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
    session = await startVsCode({ workspaceFrom: workspaceFor(petstore.url, hostileUrl) });
  });

  after(async () => {
    await session?.stop();
    await petstore?.close();
    hostile?.close();
  });

  test('values typed into the prompts reach the server and the panel shows status 200 and the data', async (t) => {
    const page = session!.page;
    try {
      const frame = await sendGetPet(page, { petId: '1', lang: 'de' });
      assert.equal((await frame.textContent('.result .status'))?.trim(), '200');
      const data = (await frame.textContent('.result .data')) ?? '';
      assert.match(data, /Rex/);
      assert.match(data, /"de"/, 'the matrix value typed into the prompt reached the server');
    } catch (error) {
      await session!.saveArtifacts(t.name);
      throw error;
    }
  });

  test('a hostile response renders as text and runs no script; its numbers keep their digits', async (t) => {
    const page = session!.page;
    try {
      await openConnectorToSend(page, 'hostile.connector.json');
      await runCommand(page, 'Connector: Send Request');
      const frame = await resultPanelFrame(page, '/page');
      await frame.waitForFunction(() => document.body.textContent?.includes('<script>') === true, undefined, { timeout: 30_000 });
      const state = await frame.evaluate(() => ({
        pwned: (window as unknown as { pwned?: string }).pwned,
        images: document.querySelectorAll('img').length,
        // VS Code puts its own inline script into every webview; none may carry the response's text.
        injectedScripts: Array.from(document.querySelectorAll('script')).filter((s) => (s.textContent ?? '').includes('pwned')).length,
        text: document.body.textContent ?? '',
      }));
      assert.equal(state.pwned, undefined, 'no response script ran');
      assert.equal(state.images, 0, 'no element was created from the response');
      assert.equal(state.injectedScripts, 0, 'no script element holds the response');
      assert.ok(state.text.includes('<img src=x onerror='), 'the markup is shown as text');
      for (const digits of ['9007199254740993', '0.1000000000000000055511', '1e400']) assert.ok((await frame.textContent('.result .data'))?.includes(digits), `the panel shows ${digits}`);
    } catch (error) {
      await session!.saveArtifacts(t.name);
      throw error;
    }
  });

  // Last: the command palette then lists Send Request with Last Values first for "Send Request".
  test('Send Request with Last Values reuses the values typed before and asks again for the header value', async (t) => {
    const page = session!.page;
    try {
      await openConnectorToSend(page, 'petstore.connector.json');
      await runCommand(page, 'Connector: Send Request with Last Values');
      await pickQuickPickRow(page, 'getPet');
      // A header value may be a credential: it was not kept, so it is asked for; petId and lang were kept.
      await answerQuickInput(page, 'again-42', /X-Request-Id/);
      const frame = await resultPanelFrame(page, '/pets/1;lang=de');
      const deadline = Date.now() + 60_000;
      let data = '';
      while (!data.includes('again-42') && Date.now() < deadline) {
        data = (await frame.textContent('.result .data').catch(() => '')) ?? '';
        if (!data.includes('again-42')) await page.waitForTimeout(250);
      }
      assert.match(data, /"requestId": "again-42"/, 'the header typed again reached the server');
      assert.match(data, /"de"/, 'the kept matrix value was sent again');
    } catch (error) {
      await session!.saveArtifacts(t.name);
      throw error;
    }
  });
});
