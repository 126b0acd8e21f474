// Signing in as yourself in a real VS Code (code-server in Chromium): Send Request on the authorization code
// example opens the demo realm's sign-in page in the browser (VS Code's own opener), a notification says so, the
// user signs in there, and the answer comes back to the language server's listener on 127.0.0.1.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { RunningService } from '../../scripts/demo/http';
import { startOrdersOData } from '../../scripts/demo/ordersOData';
import { DEMO_PASSWORD, DEMO_USER, startTokenEndpoint, type RunningTokenEndpoint } from '../../scripts/demo/tokenEndpoint';
import { DEMO_EDITOR_SETTINGS } from '../../scripts/e2e/codeServer';
import { openConnectorToSend, startVsCode, type VsCodeSession } from '../support/codeServer';
import { answerQuickInput, resultPanelFrame, runCommand } from '../support/vscodeUi';

const EXAMPLE = 'ifs-orders-browser.connector.json';

describe('signing in in the browser from a real VS Code', () => {
  let realm: RunningTokenEndpoint;
  let orders: RunningService;
  let session: VsCodeSession | undefined;

  before(async () => {
    realm = await startTokenEndpoint(0);
    orders = await startOrdersOData(0, { verifyToken: realm.verify });
    const dir = mkdtempSync(join(tmpdir(), 'connector-e2e-sign-in-'));
    const text = readFileSync(join(__dirname, '..', '..', 'examples', EXAMPLE), 'utf8')
      .replace(/^\s*"\$schema": .*\n/m, '')
      .replaceAll('http://127.0.0.1:3032', new URL(realm.tokenUrl).origin)
      .replace('http://127.0.0.1:3031/odata/v4/orders', orders.url);
    writeFileSync(join(dir, EXAMPLE), text);
    session = await startVsCode({ workspaceFrom: dir, settings: DEMO_EDITOR_SETTINGS });
  });
  after(async () => {
    await session?.stop();
    await orders?.close();
    await realm?.close();
  });

  test('Send Request opens the sign-in page, says so in a notification, and sends with the token once signed in', async (t) => {
    const page = session!.page;
    try {
      await openConnectorToSend(page, EXAMPLE);
      await runCommand(page, 'Connector: Send Request');
      await answerQuickInput(page, 'OrderNo,CustomerNo,Status', /\$select/);
      await answerQuickInput(page, "Status eq 'Released'", /\$filter/);
      const popup = page.context().waitForEvent('page', { timeout: 60_000 });
      await answerQuickInput(page, '10', /\$top/);
      // The notification names where the user signs in, and can be cancelled.
      const notification = page.locator('.notification-toast', { hasText: `Signing in at ${new URL(realm.authorizationUrl).origin}` }).first();
      await notification.waitFor({ timeout: 60_000 });
      assert.match((await notification.textContent()) ?? '', /continue in your browser/);
      assert.ok(await notification.locator('.monaco-button, a.monaco-button', { hasText: 'Cancel' }).count() > 0, 'a Cancel button');
      // The browser tab VS Code opened: the realm's sign-in page.
      const signInPage = await popup;
      await signInPage.waitForLoadState();
      // code-server opens a page on this machine through its own proxy (/proxy/<port>/...): the path and query are the realm's.
      const opened = new URL(signInPage.url());
      assert.ok(opened.pathname.endsWith(new URL(realm.authorizationUrl).pathname), opened.href);
      assert.equal(opened.searchParams.get('code_challenge_method'), 'S256');
      assert.match(opened.searchParams.get('redirect_uri') ?? '', /^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      await signInPage.fill('input[name=username]', DEMO_USER);
      await signInPage.fill('input[name=password]', DEMO_PASSWORD);
      await signInPage.click('button[type=submit]:not([name=cancel])');
      await signInPage.waitForURL(/127\.0\.0\.1:\d+\/callback\?/, { timeout: 30_000 }).catch(async (error: unknown) => {
        throw new Error(`The browser did not reach the callback: at ${signInPage.url()}: ${(await signInPage.textContent('body').catch(() => '')) ?? ''} (${String(error)})`);
      });
      assert.match((await signInPage.textContent('body')) ?? '', /received the sign-in/);
      const frame = await resultPanelFrame(page, '/Orders?');
      assert.equal((await frame.textContent('.result .status'))?.trim(), '200');
      assert.match((await frame.textContent('.request')) ?? '', /Authorization: Bearer •••/);
      await notification.waitFor({ state: 'hidden', timeout: 15_000 });
      assert.equal(realm.requests.filter((r) => r.body.grant_type === 'authorization_code').length, 1);
    } catch (error) {
      await session!.saveArtifacts(t.name);
      throw error;
    }
  });

  test('Sign Out, once confirmed, forgets the sign-in: the next Send Request opens the sign-in page again', async (t) => {
    const page = session!.page;
    try {
      await runCommand(page, 'Connector: Sign Out…');
      const dialog = page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 30_000 });
      assert.match((await dialog.textContent()) ?? '', /Sign out of every service\?/);
      await dialog.locator('.monaco-button', { hasText: /^Sign Out$/ }).click();
      await page.locator('.notification-toast', { hasText: 'Signed out: tokens forgotten and 1 kept browser sign-in removed.' }).first().waitFor({ timeout: 30_000 });
      const exchanges = realm.requests.filter((r) => r.body.grant_type === 'authorization_code').length;
      // Without Sign Out the token in memory would be reused and no sign-in page would open.
      await runCommand(page, 'Connector: Send Request');
      await answerQuickInput(page, 'OrderNo', /\$select/);
      await answerQuickInput(page, "Status eq 'Released'", /\$filter/);
      const popup = page.context().waitForEvent('page', { timeout: 60_000 });
      await answerQuickInput(page, '5', /\$top/);
      const signInPage = await popup;
      await signInPage.waitForLoadState();
      await signInPage.fill('input[name=username]', DEMO_USER);
      await signInPage.fill('input[name=password]', DEMO_PASSWORD);
      await signInPage.click('button[type=submit]:not([name=cancel])');
      await signInPage.waitForURL(/127\.0\.0\.1:\d+\/callback\?/, { timeout: 30_000 });
      const frame = await resultPanelFrame(page, '$top=5');
      assert.equal((await frame.textContent('.result .status'))?.trim(), '200');
      assert.equal(realm.requests.filter((r) => r.body.grant_type === 'authorization_code').length, exchanges + 1);
    } catch (error) {
      await session!.saveArtifacts(t.name);
      throw error;
    }
  });
});
