// In a real VS Code (code-server), Send Request travels by VS Code's own proxy settings: http.proxy names a proxy
// that asks for credentials, http.proxyAuthorization gives them, and the request reaches the service through its
// tunnel; the proxy's credentials go to the proxy only. Preview Request says so, and counts none of the system's
// certificate authorities VS Code trusts as added ones.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { RunningService } from '../../scripts/demo/http';
import { startPetstore } from '../../scripts/demo/petstore';
import { startVsCode, type VsCodeSession } from '../support/codeServer';
import { sendGetPet } from '../support/petstoreSend';
import { answerQuickInput, pickQuickPickRow, runCommand } from '../support/vscodeUi';
import { startProxy, type RunningProxy } from '../support/proxy';

const EXAMPLES = join(__dirname, '..', '..', 'examples');

describe("Send Request in a real VS Code goes through VS Code's http.proxy", () => {
  let petstore: RunningService;
  let proxy: RunningProxy;
  let session: VsCodeSession | undefined;
  const authorization = `Basic ${Buffer.from('editor user:hunter2').toString('base64')}`;

  before(async () => {
    petstore = await startPetstore(0);
    proxy = await startProxy({ credentials: { user: 'editor user', password: 'hunter2' } });
    const dir = mkdtempSync(join(tmpdir(), 'connector-e2e-proxy-ws-'));
    cpSync(join(EXAMPLES, 'petstore.connector.json'), join(dir, 'petstore.connector.json'));
    writeFileSync(join(dir, 'petstore.connector.json'), readFileSync(join(dir, 'petstore.connector.json'), 'utf8').replace('http://127.0.0.1:3030/api', petstore.url));
    session = await startVsCode({ workspaceFrom: dir, settings: { 'http.proxy': proxy.url, 'http.proxyAuthorization': authorization } });
  });

  after(async () => {
    await session?.stop();
    await Promise.all([petstore?.close(), proxy?.close()]);
  });

  test('the request is tunnelled through the proxy with the credentials of http.proxyAuthorization, and answered', async (t) => {
    const page = session!.page;
    try {
      const frame = await sendGetPet(page, { petId: '1', lang: 'en' });
      assert.equal((await frame.textContent('.result .status'))?.trim(), '200');
      const service = new URL(petstore.url).host;
      // VS Code itself may use the proxy too (for its marketplace): only the tunnels to the service are ours.
      const tunnels = proxy.targets.map((target, i) => ({ target, authorization: proxy.authorizations[i] })).filter((x) => x.target === `CONNECT ${service}`);
      assert.ok(tunnels.length >= 1, JSON.stringify(proxy.targets));
      assert.ok(tunnels.every((x) => x.authorization === authorization), JSON.stringify(tunnels));
      assert.ok(proxy.requests.some((r) => r === `${service} GET /api/pets/1;lang=en`), JSON.stringify(proxy.requests));
    } catch (error) {
      await session!.saveArtifacts(t.name);
      throw error;
    }
  });

  test('Preview Request says the request goes through the proxy, and names no added certificate authority', async (t) => {
    const page = session!.page;
    try {
      await runCommand(page, 'Connector: Preview Request');
      await pickQuickPickRow(page, 'getPet');
      await answerQuickInput(page, '2', /petId/);
      await answerQuickInput(page, 'en', /lang/);
      await answerQuickInput(page, '', /X-Request-Id/);
      const service = new URL(petstore.url).origin;
      // The preview opens in an editor beside; Monaco writes spaces as no-break spaces.
      const shown = await page.waitForFunction((origin) => {
        const texts = Array.from(document.querySelectorAll('.monaco-editor .view-lines')).map((e) => (e as HTMLElement).innerText.replace(/\u00a0/g, ' '));
        return texts.find((text) => text.includes('# Network:') && text.includes(origin)) ?? false;
      }, service, { timeout: 30_000 });
      const text = String(await shown.jsonValue());
      assert.match(text, new RegExp(`#   ${service.replace(/[.]/g, '\\.')}: through the proxy ${proxy.url.replace(/[.]/g, '\\.')}`));
      assert.doesNotMatch(text, /certificate authorit/);
    } catch (error) {
      await session!.saveArtifacts(t.name);
      throw error;
    }
  });
});
