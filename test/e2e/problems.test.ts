import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openFile, problemsPanelRows, startVsCode, type VsCodeSession } from '../support/codeServer';
import { completionLabels, goToPosition } from '../support/vscodeUi';

const EXAMPLES = join(__dirname, '..', '..', 'examples');

describe('editing a connector file in a real VS Code', () => {
  let session: VsCodeSession | undefined;
  before(async () => {
    session = await startVsCode({ workspaceFrom: EXAMPLES });
  });
  after(() => session?.stop());

  test('opening the broken example lists its problems with their rule ids and lines', async (t) => {
    const page = session!.page;
    try {
      await openFile(page, 'broken-rest.connector.json');
      // The server answers within seconds; poll the view until the file's problems are there.
      const deadline = Date.now() + 60_000;
      let rows: string[] = [];
      while (Date.now() < deadline && !rows.some((r) => r.includes('multi-on-path'))) {
        rows = await problemsPanelRows(page, 'multi-on-path');
      }
      assert.equal(rows.length, 1, rows.join('\n'));
      assert.match(rows[0] ?? '', /cannot use 'multi'.*multi-on-path.*Ln 20/);
      for (const code of ['path-placeholder-without-parameter', 'unknown-model', 'form-without-content-type', 'unknown-property', 'separation-without-effect']) {
        const matching = await problemsPanelRows(page, code);
        assert.ok(matching.some((r) => r.includes(code)), `Problems view lacks ${code}: ${matching.join(' | ')}`);
      }
      const status = await page.locator('[id="status.problems"]').getAttribute('aria-label');
      assert.match(status ?? '', /Errors: 25, Warnings: 6, Infos: 3/);
    } catch (error) {
      await session!.saveArtifacts(t.name);
      throw error;
    }
  });

  test('a quick fix from the light bulb changes the file and its problem disappears', async (t) => {
    const page = session!.page;
    try {
      await openFile(page, 'broken-odata.connector.json');
      const status = page.locator('[id="status.problems"]');
      const errors = async (): Promise<number> => Number(/Errors: (\d+)/.exec((await status.getAttribute('aria-label')) ?? '')?.[1] ?? -1);
      const deadline = Date.now() + 60_000;
      // Wait for this file's problems: the panel's own count is the user's view of them.
      let rows: string[] = [];
      while (Date.now() < deadline && !rows.some((r) => r.includes("'None'"))) rows = await problemsPanelRows(page, 'invalid-value');
      const before = await errors();
      const lines = readFileSync(join(EXAMPLES, 'broken-odata.connector.json'), 'utf8').split('\n');
      const index = lines.findIndex((l) => l.includes('"metadataLevel": "None"'));
      await goToPosition(page, index + 1, (lines[index] ?? '').indexOf('"None"') + 2);
      await page.locator('.monaco-editor.focused').first().waitFor();
      // The light bulb shows once the editor has the code actions for this position; a busy workbench may drop
      // the first Ctrl+. pressed before that, as a user would press it again.
      await page.locator('.lightBulbWidget').first().waitFor({ timeout: 30_000 });
      const fix = page.locator('.action-widget .monaco-list-row', { hasText: "Change to 'none'" });
      for (let attempt = 0; attempt < 3 && !(await fix.isVisible()); attempt++) {
        await page.keyboard.press('Control+.');
        await fix.waitFor({ timeout: 10_000 }).catch(() => undefined);
      }
      await fix.waitFor({ timeout: 5_000 });
      await fix.click();
      await page.keyboard.press('Control+S');
      const saved = join(session!.workspace, 'broken-odata.connector.json');
      while (Date.now() < deadline && !readFileSync(saved, 'utf8').includes('"metadataLevel": "none"')) await page.waitForTimeout(250);
      assert.equal(readFileSync(saved, 'utf8').split('\n')[index], (lines[index] ?? '').replace('"None"', '"none"'));
      while (Date.now() < deadline && (await errors()) !== before - 1) await page.waitForTimeout(250);
      assert.equal(await errors(), before - 1, 'exactly one error, the fixed one, is gone');
      const remaining = await problemsPanelRows(page, 'invalid-value');
      assert.ok(!remaining.some((r) => r.includes("'None'")), remaining.join(' | '));
    } catch (error) {
      await session!.saveArtifacts(t.name);
      throw error;
    }
  });

  test('completion for location offers exactly the six locations', async (t) => {
    const page = session!.page;
    try {
      await openFile(page, 'petstore.connector.json');
      const lines = readFileSync(join(EXAMPLES, 'petstore.connector.json'), 'utf8').split('\n');
      const index = lines.findIndex((l) => l.includes('"name": "limit"'));
      const line = lines[index] ?? '';
      const column = line.indexOf('"query"', line.indexOf('"location"')) + 2;
      await goToPosition(page, index + 1, column);
      await page.locator('.monaco-editor.focused').first().waitFor();
      // Clear the value, then ask for suggestions, as a user choosing another location would.
      await page.keyboard.press('Control+Delete');
      await page.waitForTimeout(500);
      const labels = await completionLabels(page);
      await page.keyboard.press('Escape');
      assert.deepEqual([...labels].sort(), ['"body"', '"form"', '"header"', '"matrix"', '"path"', '"query"'].sort().map((l) => l), `labels: ${labels.join(', ')}`);
    } catch (error) {
      await session!.saveArtifacts(t.name);
      throw error;
    }
  });
});
