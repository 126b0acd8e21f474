// "Add Custom Requests from $metadata…" in a real VS Code: from the light bulb on an OData connector that names its
// metadata, pick an entity set and a bound action, and the connector gains their requests, its own text kept.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { METADATA_XML } from '../../scripts/demo/ordersOData';
import { openFile, startVsCode, type VsCodeSession } from '../support/codeServer';
import { goToPosition, workbenchState } from '../support/vscodeUi';

const CONNECTOR = `// Customer orders, as our team keeps them.
{
  "kind": "odata",
  "name": "Orders",
  "baseUrl": "http://127.0.0.1:3031/odata/v4/orders",
  "connectorVersion": "2.1.17",
  "metadata": "orders.metadata.xml",
  "customRequests": [
    { "id": "orderCount", "operation": "read", "url": "Orders/$count" } // ours
  ]
}
`;

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'connector-e2e-metadata-'));
  writeFileSync(join(dir, 'orders.connector.json'), CONNECTOR);
  writeFileSync(join(dir, 'orders.metadata.xml'), METADATA_XML);
  return dir;
}

describe('Add Custom Requests from $metadata in a real VS Code', () => {
  let session: VsCodeSession | undefined;
  before(async () => {
    session = await startVsCode({ workspaceFrom: workspace() });
  });
  after(() => session?.stop());

  test('the light bulb on "metadata" offers it; the picked entity set and action are added, and the connector checks clean', async (t) => {
    const page = session!.page;
    try {
      await openFile(page, 'orders.connector.json');
      const line = CONNECTOR.split('\n').findIndex((l) => l.includes('"metadata"'));
      await goToPosition(page, line + 1, 6);
      await page.locator('.monaco-editor.focused').first().waitFor();
      await page.locator('.lightBulbWidget').first().waitFor({ timeout: 60_000 });
      const action = page.locator('.action-widget .monaco-list-row', { hasText: 'Add Custom Requests from $metadata' });
      for (let attempt = 0; attempt < 3 && !(await action.isVisible()); attempt++) {
        await page.keyboard.press('Control+.');
        await action.waitFor({ timeout: 10_000 }).catch(() => undefined);
      }
      await action.click();

      // The picker: entity sets, actions and functions of the service; the one request the connector has is no choice of its own.
      await page.locator('.quick-input-widget:visible .quick-input-title', { hasText: 'entity sets, actions and functions' }).waitFor({ timeout: 30_000 });
      const row = (text: string) => page.locator('.quick-input-widget:visible .quick-input-list .monaco-list-row', { hasText: text }).first();
      for (const label of ['Orders: entity set of CustomerOrder', 'CustomerOrder_Release: action']) {
        await page.locator('.quick-input-widget:visible input').fill(label.split(':')[0] ?? '');
        await row(label).waitFor({ timeout: 15_000 });
        // The row's checkbox sits at its left edge, as a user clicks it.
        await row(label).click({ position: { x: 12, y: 10 } });
        await page.locator('.quick-input-widget:visible', { hasText: `${label === 'Orders: entity set of CustomerOrder' ? 1 : 2} Selected` }).waitFor({ timeout: 10_000 });
      }
      await page.locator('.quick-input-widget:visible input').fill('');
      await page.keyboard.press('Enter');

      const saved = join(session!.workspace, 'orders.connector.json');
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && !readFileSync(saved, 'utf8').includes('"id": "customerOrder_Release"')) await page.waitForTimeout(250);
      const text = readFileSync(saved, 'utf8');
      assert.ok(text.includes('"id": "customerOrder_Release"'), `the connector was not written. ${await workbenchState(page)}`);
      const ours = CONNECTOR.indexOf(' // ours');
      assert.ok(text.startsWith(`${CONNECTOR.slice(0, ours)}, // ours\n`), `everything the team wrote is as it was, the comment on its line:\n${text.slice(0, ours + 40)}`);
      for (const id of ['listOrders', 'getCustomerOrder', 'createCustomerOrder', 'updateCustomerOrder', 'deleteCustomerOrder']) assert.ok(text.includes(`"id": "${id}"`), id);
      assert.ok(!text.includes('"id": "listDocuments"'), 'only what was picked');
      await page.locator('.notification-toast', { hasText: 'Added 6 Custom requests' }).waitFor({ timeout: 30_000 });
      // The metadata checks run on what was written: nothing to report.
      const status = page.locator('[id="status.problems"]');
      while (Date.now() < deadline && !/No Problems|Errors: 0, Warnings: 0/.test((await status.getAttribute('aria-label')) ?? '')) await page.waitForTimeout(250);
      assert.match((await status.getAttribute('aria-label')) ?? '', /No Problems|Errors: 0, Warnings: 0/);
    } catch (error) {
      await session!.saveArtifacts(t.name);
      throw error;
    }
  });
});
