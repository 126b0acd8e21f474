import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { openFile, problemsPanelRows, startVsCode, type VsCodeSession } from '../support/codeServer';
import { goToPosition, runCommand } from '../support/vscodeUi';

// What users of VS Code extensions rely on, in a real VS Code: the project file (connector-tools.json) is
// understood by VS Code's own JSON support and by our server, Ctrl+Alt+R sends, Get Started opens a walkthrough.

const EXAMPLES = join(__dirname, '..', '..', 'examples');
const lineOf = (text: string): number => readFileSync(join(EXAMPLES, 'petstore.connector.json'), 'utf8').split('\n').findIndex((l) => l.includes(text)) + 1;

let session: VsCodeSession | undefined;
before(async () => {
  const workspace = mkdtempSync(join(tmpdir(), 'connector-e2e-project-'));
  cpSync(join(EXAMPLES, 'petstore.connector.json'), join(workspace, 'petstore.connector.json'));
  cpSync(join(EXAMPLES, 'broken-rest.connector.json'), join(workspace, 'broken-rest.connector.json'));
  // A misspelt rule id, and a setting the schema does not know.
  writeFileSync(join(workspace, 'connector-tools.json'), '{\n  "rules": { "multi-on-paht": "off" },\n  "colour": true\n}\n');
  session = await startVsCode({ workspaceFrom: workspace });
});
after(() => session?.stop());

test('connector-tools.json: our rule check and the contributed JSON Schema both apply in the editor', async (t) => {
  const page = session!.page;
  try {
    await openFile(page, 'connector-tools.json');
    let rows: string[] = [];
    const deadline = Date.now() + 60_000;
    const seen = (): boolean => rows.some((r) => r.includes("There is no rule 'multi-on-paht'")) && rows.some((r) => /Property multi-on-paht is not allowed/i.test(r));
    while (Date.now() < deadline && !seen()) rows = await problemsPanelRows(page, '');
    // From the language server (with the closest id), and from VS Code's JSON support reading our schema.
    assert.ok(rows.some((r) => r.includes("Did you mean 'multi-on-path'?") && r.includes('unknown-rule')), rows.join(' | '));
    assert.ok(rows.some((r) => /Property multi-on-paht is not allowed/i.test(r)), rows.join(' | '));
    assert.ok(rows.some((r) => /Property colour is not allowed/i.test(r)), rows.join(' | '));
  } catch (error) {
    await session!.saveArtifacts(t.name);
    throw error;
  }
});

test('Ctrl+Alt+R in a connector file starts Send Request', async (t) => {
  const page = session!.page;
  try {
    await openFile(page, 'petstore.connector.json');
    // The cursor in getPet: Ctrl+Alt+R sends that operation and asks for its first value.
    await goToPosition(page, lineOf('"id": "getPet"'), 10);
    await page.keyboard.press('Control+Alt+R');
    await page.locator('.quick-input-widget:visible .quick-input-title', { hasText: /petId — path integer/ }).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
  } catch (error) {
    await session!.saveArtifacts(t.name);
    throw error;
  }
});

test('Connector: Get Started opens the walkthrough', async (t) => {
  const page = session!.page;
  try {
    await runCommand(page, 'Connector: Get Started');
    await page.getByText('Get started with Connector Tools').first().waitFor({ timeout: 30_000 });
    await page.getByText('Send a request').first().waitFor({ timeout: 10_000 });
  } catch (error) {
    await session!.saveArtifacts(t.name);
    throw error;
  }
});
