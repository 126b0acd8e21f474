// Bringing curl commands into a connector in a real VS Code: a command pasted into `operations` becomes an operation
// through the light bulb, "Import cURL / Postman / HAR…" takes the one on the clipboard, and a Postman collection from a
// file, each origin into a connector; an OpenAPI document chosen there goes to its own import. Each time the team's
// text stays, the examples go to the values file, and no credential is written anywhere.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { openFile, startVsCode, type VsCodeSession } from '../support/codeServer';
import { goToPosition, pickQuickPickRow, runCommand, workbenchState } from '../support/vscodeUi';

const CONNECTOR = `// The pet store, as our team keeps it.
{
  "kind": "rest",
  "name": "Pets",
  "baseUrl": "https://pets.example.com",
  "operations": [
    { "id": "listPets", "method": "GET", "path": "/pets", "parameters": [] }, // ours

  ]
}
`;
const KEY = 'key-e2e-0123456789';

/** A team's collection (v2.0): a folder, variables, a bearer token in a variable, and a second API. */
const COLLECTION = {
  info: { name: 'Shop', schema: 'https://schema.getpostman.com/json/collection/v2.0.0/collection.json' },
  auth: { type: 'bearer', bearer: { token: '{{token}}' } },
  variables: [{ key: 'base', value: 'https://shop.example.com/api' }, { key: 'token', value: 'tok-e2e-abcdef0123' }],
  item: [
    { name: 'Orders', item: [
      { name: 'Find orders', request: { method: 'GET', url: '{{base}}/orders?status=open&limit=20' } },
      { name: 'Place order', request: { method: 'POST', header: [{ key: 'Content-Type', value: 'application/json' }], body: { mode: 'raw', raw: '{"sku":"A-1","quantity":2}' }, url: '{{base}}/orders' } },
    ] },
    { name: 'Ping analytics', request: { method: 'POST', url: 'https://stats.example.com/ping' } },
  ],
};

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'connector-e2e-requests-'));
  writeFileSync(join(dir, 'pets.connector.json'), CONNECTOR);
  writeFileSync(join(dir, 'shop.postman_collection.json'), JSON.stringify(COLLECTION, null, 2));
  writeFileSync(join(dir, 'stock.yaml'), 'openapi: 3.0.3\ninfo: { title: Stock, version: "1" }\nservers: [{ url: "https://stock.example.com" }]\npaths:\n  /items/{sku}:\n    get:\n      operationId: getItem\n      parameters: [{ name: sku, in: path, required: true, schema: { type: string } }]\n      responses: { "200": { description: ok } }\n');
  return dir;
}

async function toClipboard(page: Page, text: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
}

/** Waits until a file on disk holds `wanted`; its text. */
async function fileHolding(page: Page, path: string, wanted: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !(existsSync(path) && readFileSync(path, 'utf8').includes(wanted))) await page.waitForTimeout(250);
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  assert.ok(text.includes(wanted), `${path} does not hold ${wanted}:\n${text}\n${await workbenchState(page)}`);
  return text;
}

describe('curl commands into a connector in a real VS Code', () => {
  let session: VsCodeSession | undefined;
  before(async () => {
    session = await startVsCode({ workspaceFrom: workspace() });
  });
  after(() => session?.stop());

  test('a curl command pasted into operations becomes an operation through the light bulb', async (t) => {
    const page = session!.page;
    try {
      await openFile(page, 'pets.connector.json');
      const blank = CONNECTOR.split('\n').findIndex((l) => l === '');
      await goToPosition(page, blank + 1, 1);
      await toClipboard(page, `curl -X POST 'https://pets.example.com/pets?notify=true' \\\n  -H 'X-Api-Key: ${KEY}' \\\n  -H 'Content-Type: application/json' \\\n  --data-raw '{"name":"Rex","age":3}'`);
      await page.keyboard.press('Control+V');
      await goToPosition(page, blank + 2, 8);
      const action = page.locator('.action-widget .monaco-list-row', { hasText: 'Convert the curl command' });
      for (let attempt = 0; attempt < 5 && !(await action.isVisible()); attempt++) {
        await page.keyboard.press('Control+.');
        await action.waitFor({ timeout: 10_000 }).catch(() => undefined);
      }
      await action.click();
      await runCommand(page, 'File: Save All Files');
      const saved = await fileHolding(page, join(session!.workspace, 'pets.connector.json'), '"id": "postPets"');
      assert.ok(saved.startsWith('// The pet store, as our team keeps it.\n'), saved);
      assert.match(saved, /"listPets".*\/\/ ours/);
      assert.doesNotMatch(saved, /curl|key-e2e/);
      assert.match(saved, /"X-Api-Key"/);
      const values = await fileHolding(page, join(session!.workspace, 'pets.values.json'), '"postPets"');
      assert.match(values, /"notify": true/);
      assert.doesNotMatch(values, /key-e2e/);
    } catch (error) {
      await session!.saveArtifacts(t.name);
      throw error;
    }
  });

  test('Import cURL / Postman / HAR… takes the command on the clipboard into the open connector', async (t) => {
    const page = session!.page;
    try {
      await openFile(page, 'pets.connector.json');
      await toClipboard(page, `curl 'https://pets.example.com/pets/7?expand=owner' -H 'X-Api-Key: ${KEY}'`);
      await runCommand(page, 'Connector: Import cURL / Postman / HAR…');
      await pickQuickPickRow(page, 'The curl command on the clipboard');
      await pickQuickPickRow(page, 'Add to pets.connector.json');
      const saved = await fileHolding(page, join(session!.workspace, 'pets.connector.json'), '"id": "getPets7"');
      assert.match(saved, /"id": "postPets"/);
      assert.doesNotMatch(saved, /key-e2e/);
      const values = await fileHolding(page, join(session!.workspace, 'pets.values.json'), '"getPets7"');
      assert.match(values, /"expand": "owner"/);
      await page.locator('.notification-toast', { hasText: /Updated 1 operation, examples in the values file\./ }).waitFor({ timeout: 30_000 });
    } catch (error) {
      await session!.saveArtifacts(t.name);
      throw error;
    }
  });

  test('Import cURL / Postman / HAR… reads a Postman collection from a file, each of its two origins into a connector of its own', async (t) => {
    const page = session!.page;
    try {
      await openFile(page, 'pets.connector.json');
      await runCommand(page, 'Connector: Import cURL / Postman / HAR…');
      await pickQuickPickRow(page, 'Choose a file…');
      // VS Code's own file dialogs (a quick input in the browser): the file picked from the folder's list; the new
      // connector's name is the one offered, beside the collection.
      await page.locator('.quick-input-widget:visible .quick-input-title', { hasText: '(1/3): the file' }).waitFor({ timeout: 15_000 });
      await pickQuickPickRow(page, 'shop.postman_collection.json');
      await pickQuickPickRow(page, 'Every origin, each into a connector of its own');
      await pickQuickPickRow(page, 'A new connector file…');
      await page.locator('.quick-input-widget:visible .quick-input-title', { hasText: '(3/3): the connector file' }).waitFor({ timeout: 15_000 });
      await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('.quick-input-widget input')?.value ?? '').endsWith('/shop.connector.json'), undefined, { timeout: 15_000 });
      await page.keyboard.press('Enter');
      const connector = await fileHolding(page, join(session!.workspace, 'shop.connector.json'), '"id": "ordersPlaceOrder"');
      assert.match(connector, /"baseUrl": "https:\/\/shop.example.com\/api"/);
      assert.match(connector, /"authorization": \{ "scheme": "bearer", "secret": "token" \}/);
      assert.doesNotMatch(connector, /stats\.example|tok-e2e/);
      const values = await fileHolding(page, join(session!.workspace, 'shop.values.json'), '"ordersFindOrders"');
      assert.match(values, /"status": "open", "limit": 20/);
      assert.doesNotMatch(values, /tok-e2e/);
      const stats = await fileHolding(page, join(session!.workspace, 'stats.example.com.connector.json'), '"id": "pingAnalytics"');
      assert.match(stats, /"name": "Shop \(stats.example.com\)",\s*"baseUrl": "https:\/\/stats.example.com"/);
      await page.locator('.notification-toast', { hasText: /Imported 3 operations into 2 connectors, examples in the values file\. Set secret 'token'/ }).waitFor({ timeout: 30_000 });
    } catch (error) {
      await session!.saveArtifacts(t.name);
      throw error;
    }
  });

  test('Import cURL / Postman / HAR… hands an OpenAPI document to the OpenAPI import', async (t) => {
    const page = session!.page;
    try {
      await runCommand(page, 'Connector: Import cURL / Postman / HAR…');
      await pickQuickPickRow(page, 'Choose a file…');
      await page.locator('.quick-input-widget:visible .quick-input-title', { hasText: '(1/3): the file' }).waitFor({ timeout: 15_000 });
      await pickQuickPickRow(page, 'stock.yaml');
      await page.locator('.quick-input-widget:visible .quick-input-title', { hasText: 'Import OpenAPI or Swagger Document (2/3): the operations' }).waitFor({ timeout: 15_000 });
      await page.keyboard.press('Enter');
      await page.locator('.quick-input-widget:visible .quick-input-title', { hasText: '(3/3): the connector file' }).waitFor({ timeout: 15_000 });
      await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('.quick-input-widget input')?.value ?? '').endsWith('/stock.connector.json'), undefined, { timeout: 15_000 });
      await page.keyboard.press('Enter');
      const connector = await fileHolding(page, join(session!.workspace, 'stock.connector.json'), '"id": "getItem"');
      assert.match(connector, /"baseUrl": "https:\/\/stock.example.com"/);
    } catch (error) {
      await session!.saveArtifacts(t.name);
      throw error;
    }
  });
});
