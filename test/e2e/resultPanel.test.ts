// The result panel's buttons in a real VS Code (code-server in Chromium): "Send again" sends the operation again
// with the values kept (asking again for the header value, which may be a credential), "Save as expectation"
// writes a tests file with the case, and Show History reopens the result without that header value. Against the
// demo pet store, started here on 127.0.0.1.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { RunningService } from '../../scripts/demo/http';
import { startPetstore } from '../../scripts/demo/petstore';
import { startVsCode, type VsCodeSession } from '../support/codeServer';
import { sendGetPet } from '../support/petstoreSend';
import { answerQuickInput, pickQuickPickRow, panelText, resultPanelFrame, runCommand } from '../support/vscodeUi';

const EXAMPLES = join(__dirname, '..', '..', 'examples');

describe('the result panel in a real VS Code', () => {
  let petstore: RunningService;
  let session: VsCodeSession | undefined;
  let workspace = '';

  before(async () => {
    petstore = await startPetstore(0);
    workspace = mkdtempSync(join(tmpdir(), 'connector-e2e-panel-'));
    cpSync(join(EXAMPLES, 'petstore.connector.json'), join(workspace, 'petstore.connector.json'));
    const connector = join(workspace, 'petstore.connector.json');
    writeFileSync(connector, readFileSync(connector, 'utf8').replace('http://127.0.0.1:3030/api', petstore.url));
    session = await startVsCode({ workspaceFrom: workspace });
  });

  after(async () => {
    await session?.stop();
    await petstore?.close();
  });

  test('"Send again" sends the operation again, "Save as expectation" writes the case, the history keeps no header value', async (t) => {
    const page = session!.page;
    try {
      const frame = await sendGetPet(page, { petId: '1', lang: 'de', requestId: 'first-1' });
      await panelText(frame, '.result .data', 'first-1');

      await frame.locator('button', { hasText: 'Send again' }).click();
      // The header value was not kept: it is asked for again; petId and lang are sent as they were.
      await answerQuickInput(page, 'again-7', /X-Request-Id/);
      const again = await resultPanelFrame(page, '/pets/1;lang=de');
      assert.match(await panelText(again, '.result .data', 'again-7'), /"de"/);

      // The tests file is written, then opened at the case.
      await again.locator('button', { hasText: 'Save as expectation' }).click();
      const testsTab = page.locator('.tab[aria-label*="petstore.tests.json"]').first();
      await testsTab.waitFor({ timeout: 15_000 });
      const cases = (JSON.parse(readFileSync(join(session!.workspace, 'petstore.tests.json'), 'utf8')) as { cases: { operation: string; values: Record<string, unknown>; expect: { status: number; data: { requestId: string } } }[] }).cases;
      assert.equal(cases.length, 1);
      assert.equal(cases[0]?.operation, 'getPet');
      assert.equal(cases[0]?.expect.status, 200);
      assert.equal(cases[0]?.expect.data.requestId, 'again-7');
      assert.equal(cases[0]?.values.lang, 'de');

      // The history keeps the result, not the header value typed for it (without that value it makes no case). The
      // tab is clicked first so that the keyboard is the workbench's, not the panel's.
      await testsTab.click();
      await runCommand(page, 'Connector: Show History');
      await pickQuickPickRow(page, 'getPet');
      const kept = await resultPanelFrame(page, '/pets/1;lang=de');
      assert.doesNotMatch(await panelText(kept, '.result .request', 'X-Request-Id: •••'), /again-7/);
      assert.equal(await kept.locator('button', { hasText: 'Save as expectation' }).count(), 0);
    } catch (error) {
      await session!.saveArtifacts(t.name);
      throw error;
    }
  });
});
