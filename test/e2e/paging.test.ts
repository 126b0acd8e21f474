// Next page and All pages in the result panel of a real VS Code (code-server in Chromium), against a REST list on
// 127.0.0.1 that links its next page with a Link rel="next" header: three pages of two rows.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openConnectorToSend, startVsCode, type VsCodeSession } from '../support/codeServer';
import { startBystander, startHostilePager, type PagingService } from '../support/pagingServers';
import { panelText, resultPanelFrame, runCommand } from '../support/vscodeUi';

describe('paging in the result panel of a real VS Code', () => {
  let pager: PagingService;
  let bystander: PagingService;
  let session: VsCodeSession | undefined;

  before(async () => {
    bystander = await startBystander();
    pager = await startHostilePager(bystander.url);
    const workspace = mkdtempSync(join(tmpdir(), 'connector-e2e-paging-'));
    writeFileSync(join(workspace, 'items.connector.json'), `{ "kind": "rest", "name": "Items", "baseUrl": "${pager.url}/rest",
  "operations": [ { "id": "listItems", "method": "GET", "path": "/items" } ] }\n`);
    session = await startVsCode({ workspaceFrom: workspace });
  });

  after(async () => {
    await session?.stop();
    await pager?.close();
    await bystander?.close();
  });

  test('"Next page" shows the page the answer linked; "All pages" joins every page and says how many', async (t) => {
    const page = session!.page;
    try {
      await openConnectorToSend(page, 'items.connector.json');
      await runCommand(page, 'Connector: Send Request');
      // The file's only operation is sent without asking which.
      const first = await resultPanelFrame(page, '/rest/items');
      await panelText(first, '.result .data', '12');

      await first.locator('button', { hasText: 'Next page' }).click();
      const second = await resultPanelFrame(page, '/rest/items?page=2');
      // The table numbers its rows: row 0 is 21, row 1 is 22, and there are two.
      assert.match(await panelText(second, '.result .data', '2 rows'), /Data — 2 rows#n021122/);

      await second.locator('button', { hasText: 'All pages' }).click();
      await panelText(second, '.result .pages', '3 pages');
      const frame = await resultPanelFrame(page, '/rest/items');
      assert.match(await panelText(frame, '.result .data', '6 rows'), /Data — 6 rows#n011112221322431532/);
      assert.equal(await frame.locator('button', { hasText: 'Next page' }).count(), 0);
    } catch (error) {
      await session!.saveArtifacts(t.name);
      throw error;
    }
  });
});
