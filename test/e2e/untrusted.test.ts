import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { openFile, problemsPanelRows, startVsCode, type VsCodeSession } from '../support/codeServer';
import { runCommand } from '../support/vscodeUi';

let session: VsCodeSession | undefined;
before(async () => {
  session = await startVsCode({ workspaceFrom: join(__dirname, '..', '..', 'examples'), untrusted: true });
});
after(() => session?.stop());

test('in an untrusted workspace problems still show and Send Request is refused with an explanation', async (t) => {
  const page = session!.page;
  try {
    // The trust prompt appears first in an untrusted folder: stay in restricted mode, as a careful user would.
    const restricted = page.getByRole('button', { name: /Don't Trust|No, I don't trust/ });
    if (await restricted.isVisible({ timeout: 15_000 }).catch(() => false)) await restricted.click();
    await openFile(page, 'broken-rest.connector.json');
    const deadline = Date.now() + 60_000;
    let rows: string[] = [];
    while (Date.now() < deadline && !rows.some((r) => r.includes('multi-on-path'))) rows = await problemsPanelRows(page, 'multi-on-path');
    assert.ok(rows.some((r) => r.includes('multi-on-path')), `problems: ${rows.join(' | ')}`);
    await openFile(page, 'petstore.connector.json');
    await runCommand(page, 'Connector: Send Request');
    const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'untrusted workspace' });
    await toast.first().waitFor({ timeout: 30_000 });
    assert.match((await toast.first().textContent()) ?? '', /Trust the workspace/);
  } catch (error) {
    await session!.saveArtifacts(t.name);
    throw error;
  }
});
