// An OData $batch in the result panel of a real VS Code (code-server in Chromium), against SAP CAP (@sap/cds) on
// 127.0.0.1: Send Request on a batch Custom request shows one section per item, each with its own status.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CAP_PASSWORD, CAP_USER, startCapService } from '../support/capServer';
import { openConnectorToSend, startVsCode, type VsCodeSession } from '../support/codeServer';
import { answerQuickInput, panelText, pickQuickPickRow, resultPanelFrame, runCommand } from '../support/vscodeUi';

describe('an OData $batch in the result panel of a real VS Code', () => {
  let service: Awaited<ReturnType<typeof startCapService>>;
  let session: VsCodeSession | undefined;

  before(async () => {
    service = await startCapService({ writable: true });
    const workspace = mkdtempSync(join(tmpdir(), 'connector-e2e-batch-'));
    const connector = {
      kind: 'odata', name: 'CAP books', baseUrl: service.url, connectorVersion: '2.1.17',
      authorization: { scheme: 'basic', username: CAP_USER, secret: 'cap' },
      customRequests: [
        { id: 'createBook', operation: 'create', url: 'Books', body: '{"ID": {{id}}, "title": "{{title}}"}' },
        { id: 'getBook', operation: 'read', url: 'Books({id})' },
        { id: 'bookAndMissing', operation: 'batch', requests: [
          { request: 'createBook', values: { id: 601, title: 'Shirley' }, changeSet: 'books' },
          { request: 'getBook', values: { id: 9999 } },
        ] },
      ],
    };
    writeFileSync(join(workspace, 'cap.connector.json'), `${JSON.stringify(connector, null, 2)}\n`);
    session = await startVsCode({ workspaceFrom: workspace });
  });

  after(async () => {
    await session?.stop();
    await service?.close();
  });

  test('Send Request on a batch shows one section per item: its request, change set, status and data', async (t) => {
    const page = session!.page;
    try {
      await openConnectorToSend(page, 'cap.connector.json');
      await runCommand(page, 'Connector: Send Request');
      await pickQuickPickRow(page, 'bookAndMissing');
      await answerQuickInput(page, CAP_PASSWORD, /Secret 'cap'/);
      const frame = await resultPanelFrame(page, '/$batch');
      await panelText(frame, '.result', 'Item 2: getBook');
      const items = await frame.locator('.result .batch-item').evaluateAll((sections) => sections.map((section) => ({
        heading: section.querySelector('h2')?.textContent ?? '',
        status: section.querySelector('.status')?.textContent ?? '',
        text: section.textContent ?? '',
      })));
      assert.equal(items.length, 2, JSON.stringify(items));
      assert.equal(items[0]?.heading, "Item 1: createBook (change set 'books')");
      assert.equal(items[0]?.status, '201');
      assert.match(items[0]?.text ?? '', /Shirley/);
      assert.equal(items[1]?.heading, 'Item 2: getBook');
      assert.equal(items[1]?.status, '404');
    } catch (error) {
      await session!.saveArtifacts(t.name);
      throw error;
    }
  });
});
