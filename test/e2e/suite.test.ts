// Environments, OAuth2, the Testing view and "Use as response structure" in a real VS Code (code-server in Chromium),
// against the demo services (token endpoint included) started here on 127.0.0.1.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import type { RunningService } from '../../scripts/demo/http';
import { startOrdersOData } from '../../scripts/demo/ordersOData';
import { PETSTORE_API_KEY, startPetstore } from '../../scripts/demo/petstore';
import { DEMO_CLIENT_SECRET, startTokenEndpoint, type RunningTokenEndpoint } from '../../scripts/demo/tokenEndpoint';
import { DEMO_EDITOR_SETTINGS } from '../../scripts/e2e/codeServer';
import { openConnectorToSend, openFile, startVsCode, type VsCodeSession } from '../support/codeServer';
import { answerQuickInput, pickQuickPickRow, resultPanelFrame, runCommand, workbenchState } from '../support/vscodeUi';

const EXAMPLES = join(__dirname, '..', '..', 'examples');

/** Waits until `read` returns something `ok` accepts; the last value is in the failure message. */
async function until<T>(page: Page, what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await page.waitForTimeout(250);
    value = await read();
  }
  if (!ok(value)) throw new Error(`${what}: last seen ${JSON.stringify(value)}. ${await workbenchState(page)}`);
  return value;
}

/** Answers the secret prompts that come up (by the secret's name) until `done` is visible. */
async function answerSecretsUntil(page: Page, secrets: Record<string, string>, done: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await done()) return;
    const title = (await page.locator('.quick-input-widget:visible .quick-input-title').first().textContent({ timeout: 500 }).catch(() => '')) ?? '';
    const name = /Secret '([^']+)'/.exec(title)?.[1];
    if (name && secrets[name] !== undefined) await answerQuickInput(page, secrets[name] ?? '');
    await page.waitForTimeout(250);
  }
  throw new Error(`Gave up waiting. ${await workbenchState(page)}`);
}

describe('environments, OAuth2, tests and the result panel in a real VS Code', () => {
  let tokens: RunningTokenEndpoint;
  let services: RunningService[] = [];
  let session: VsCodeSession | undefined;

  before(async () => {
    tokens = await startTokenEndpoint(0);
    services = [await startPetstore(0), await startOrdersOData(0, { verifyToken: tokens.verify })];
    const dir = mkdtempSync(join(tmpdir(), 'connector-e2e-suite-'));
    for (const name of ['petstore.connector.json', 'petstore.tests.json', 'ifs-orders.connector.json', 'ifs-orders.tests.json', 'ifs-orders.metadata.xml']) {
      // The schemas are contributed by the extension; the examples' relative $schema would point outside this folder.
      writeFileSync(join(dir, name), readFileSync(join(EXAMPLES, name), 'utf8').replace(/^\s*"\$schema": .*\n/m, ''));
    }
    const petstorePort = new URL(services[0]?.url ?? '').port;
    const replace = (name: string, edit: (text: string) => string): void => writeFileSync(join(dir, name), edit(readFileSync(join(dir, name), 'utf8')));
    replace('petstore.connector.json', (t) => t.replace('127.0.0.1:3030', `127.0.0.1:${petstorePort}`));
    // The orders connector's own address answers nothing: only the environment 'local' reaches the service.
    replace('ifs-orders.connector.json', (t) => t.replace('http://127.0.0.1:3031/odata/v4/orders', 'http://127.0.0.1:9/odata/v4/orders').replace('http://127.0.0.1:3032/realms/demo/protocol/openid-connect/token', tokens.tokenUrl));
    // One case that fails, to see its diff at the expectation.
    replace('petstore.tests.json', (t) => t.replace('"data": { "id": 1, "name": "Rex", "lang": "en" }', '"data": { "id": 1, "name": "Rexy", "lang": "en" }'));
    writeFileSync(join(dir, 'connector-environments.json'), JSON.stringify({
      environments: {
        local: { description: 'the services of this test', connectors: { 'ifs-orders.connector.json': { baseUrl: services[1]?.url } } },
        staging: { description: 'not reachable here', secrets: { ifs: 'ifs-staging' } },
      },
    }, null, 2));
    session = await startVsCode({ workspaceFrom: dir, settings: { ...DEMO_EDITOR_SETTINGS, 'testing.automaticallyOpenPeekView': 'failureAnywhere' } });
  });

  after(async () => {
    await session?.stop();
    await Promise.all(services.map((s) => s.close()));
    await tokens?.close();
  });

  test('switch to the environment in the status bar, send with OAuth2, and use the answer as the response structure', async (t) => {
    const page = session!.page;
    try {
      const item = page.locator('.statusbar-item', { hasText: 'No environment' }).first();
      await item.waitFor({ timeout: 60_000 });
      await item.click();
      await page.locator('.quick-input-widget:visible .quick-input-title', { hasText: 'Connector environment' }).waitFor({ timeout: 15_000 });
      await pickQuickPickRow(page, 'local');
      await page.locator('.statusbar-item', { hasText: 'local' }).first().waitFor({ timeout: 15_000 });

      await openConnectorToSend(page, 'ifs-orders.connector.json');
      await runCommand(page, 'Connector: Send Request');
      await pickQuickPickRow(page, 'listOrders');
      // The query options are asked for, their defaults filled in.
      await answerQuickInput(page, 'OrderNo,CustomerNo,Status', /\$select/);
      await answerQuickInput(page, "Status eq 'Released'", /\$filter/);
      await answerQuickInput(page, '10', /\$top/);
      // The client secret is asked for the token endpoint, naming where the token goes.
      await answerQuickInput(page, DEMO_CLIENT_SECRET, new RegExp(`Secret 'ifs' for ${new URL(tokens.tokenUrl).origin.replace(/[.]/g, '\\.')}`));
      const frame = await resultPanelFrame(page, '/Orders?');
      assert.equal((await frame.textContent('.result .status'))?.trim(), '200');
      assert.match((await frame.textContent('.result .request-line')) ?? '', new RegExp(services[1]?.url.replace(/[.]/g, '\\.') ?? ''), 'sent to the environment\'s address');
      assert.match((await frame.textContent('.result .environment')) ?? '', /environment local/);
      assert.equal(tokens.issued(), 1);
      // The value list is a table; the request section shows the token only as •••.
      await frame.locator('table.rows').waitFor();
      assert.match((await frame.textContent('table.rows')) ?? '', /A-1.*A-3/s);
      assert.match((await frame.textContent('.request')) ?? '', /Authorization: Bearer •••/);
      assert.match((await frame.textContent('.structure')) ?? '', /value\[\]\.@odata\.etag/);

      await frame.locator('button', { hasText: 'Use as response structure' }).click();
      const path = join(session!.workspace, 'ifs-orders.connector.json');
      await page.locator('.editor-group-container.active .tab.active[aria-label*="ifs-orders.connector.json"]').first().waitFor({ timeout: 15_000 });
      await page.keyboard.press('Control+S');
      const saved = await until(page, 'the structure written into the file', async () => readFileSync(path, 'utf8'), (text) => /"responseStructure": \{[\s\S]*"@odata\.etag": ""/.test(text));
      assert.match(saved, /\/\/ A valid OData connector/, 'comments are kept');
    } catch (error) {
      await session!.saveArtifacts(t.name);
      throw error;
    }
  });

  test('the Testing view runs the cases; a failure shows its diff at the expectation; a case opens in the panel', async (t) => {
    const page = session!.page;
    try {
      await openFile(page, 'petstore.tests.json');
      await runCommand(page, 'Test: Run All Tests');
      // The pet store's key is asked for once (and the orders' client secret, unless a Send stored it already).
      const peek = page.locator('.test-output-peek').first();
      await answerSecretsUntil(page, { petstore: PETSTORE_API_KEY, ifs: DEMO_CLIENT_SECRET }, () => peek.isVisible());
      // A failure opens the peek at the failing expectation, with expected and actual.
      const peekText = await until(page, 'the failure in the peek', async () => (await peek.textContent()) ?? '', (text) => text.includes('data.name'));
      assert.match(peekText, /data\.name: expected "Rexy", got "Rex"/);
      // The diff is in the peek; a case's answer opens in the result panel on demand, from the peek's button.
      for (const part of ['Expected', '"Rexy"', 'Actual', '"Rex"']) assert.ok(peekText.includes(part), `the peek shows ${part}`);
      await page.getByText('Open Result in Panel', { exact: true }).first().click();
      const frame = await resultPanelFrame(page, '/pets/1');
      assert.equal((await frame.textContent('.result .status'))?.trim(), '200');
      assert.match((await frame.textContent('.result .source')) ?? '', /case: one pet by id/);
      await runCommand(page, 'Testing: Focus on Test Explorer View');
      const rows = page.locator('.test-explorer .monaco-list-row');
      const seen = await until(page, 'every case with its result', async () => rows.evaluateAll((els) => els.map((el) => `${(el.textContent ?? '').trim()} | ${el.getAttribute('aria-label') ?? ''}`)), (l) => l.some((x) => /^dogs and fish/.test(x)) && l.some((x) => /^one pet by id/.test(x)));
      const state = (name: RegExp): string => seen.find((l) => name.test(l)) ?? '';
      assert.match(state(/^one pet by id/), /\(Failed\)/, seen.join(' || '));
      assert.match(state(/^dogs and fish/), /\(Passed\)/, seen.join(' || '));
      assert.match(state(/^ifs-orders/), /\(Passed\)/, 'the OAuth2 cases ran in the active environment');
    } catch (error) {
      await session!.saveArtifacts(t.name);
      throw error;
    }
  });
});
