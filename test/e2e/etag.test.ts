// "Send with this ETag…" in the result panel of a real VS Code (code-server in Chromium): a read's answer carries
// an ETag; the button starts Send Request for the file's delete with the key and the ETag already in the prompts,
// and the service receives the ETag in If-Match only after the user confirmed them.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { openConnectorToSend, startVsCode, type VsCodeSession } from '../support/codeServer';
import { answerQuickInput, pickQuickPickRow, resultPanelFrame, runCommand } from '../support/vscodeUi';

const ETAG = 'W/"Vk1kOjE="';

/** Waits for the prompt titled so, says what it was filled with, and confirms it as it stands. */
async function confirmPrompt(page: Page, title: RegExp): Promise<string> {
  await page.locator('.quick-input-widget:visible .quick-input-title', { hasText: title }).waitFor({ timeout: 15_000 });
  const value = await page.locator('.quick-input-widget:visible input').inputValue();
  await page.keyboard.press('Enter');
  return value;
}

describe('Send with this ETag in the result panel of a real VS Code', () => {
  let service: Server;
  let session: VsCodeSession | undefined;
  const received: { method: string; url: string; ifMatch: string | undefined }[] = [];

  before(async () => {
    service = createServer((request, response) => {
      received.push({ method: request.method ?? '', url: decodeURIComponent(request.url ?? ''), ifMatch: request.headers['if-match'] as string | undefined });
      if (request.method !== 'GET') return response.writeHead(204).end();
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ '@odata.etag': ETAG, OrderNo: 'A-17', Status: 'Planned' }));
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(service.address() as AddressInfo).port}/odata`;
    const workspace = mkdtempSync(join(tmpdir(), 'connector-e2e-etag-'));
    writeFileSync(join(workspace, 'orders.connector.json'), `{ "kind": "odata", "name": "Orders", "baseUrl": "${base}", "connectorVersion": "2.1.17",
  "customRequests": [
    { "id": "getOrder", "operation": "read", "url": "Orders('{orderNo}')", "metadataLevel": "minimal" },
    { "id": "deleteOrder", "operation": "delete", "url": "Orders('{orderNo}')", "headers": { "If-Match": "{{etag}}" } }
  ] }\n`);
    session = await startVsCode({ workspaceFrom: workspace });
  });

  after(async () => {
    await session?.stop();
    await new Promise((resolve) => service.close(resolve));
  });

  test("the read's ETag and key fill the delete's prompts; the delete is sent only once they are confirmed", async (t) => {
    const page = session!.page;
    try {
      await openConnectorToSend(page, 'orders.connector.json');
      await runCommand(page, 'Connector: Send Request');
      await pickQuickPickRow(page, 'getOrder');
      await answerQuickInput(page, 'A-17', /orderNo/);
      const frame = await resultPanelFrame(page, "Orders('A-17')");
      await frame.locator('button', { hasText: 'Send with this ETag…' }).click();
      assert.equal(await confirmPrompt(page, /orderNo/), 'A-17');
      assert.equal(received.some((r) => r.method === 'DELETE'), false, 'nothing is sent before every prompt is confirmed');
      assert.equal(await confirmPrompt(page, /etag/), ETAG);
      const deadline = Date.now() + 60_000;
      while (!received.some((r) => r.method === 'DELETE') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(received.filter((r) => r.method === 'DELETE'), [{ method: 'DELETE', url: "/odata/Orders('A-17')", ifMatch: ETAG }]);
    } catch (error) {
      await session!.saveArtifacts(t.name);
      throw error;
    }
  });
});
