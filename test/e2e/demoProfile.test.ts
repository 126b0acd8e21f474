import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { DEMO_EDITOR_SETTINGS } from '../../scripts/e2e/codeServer';
import { openFile, startVsCode, type VsCodeSession } from '../support/codeServer';

// `npm start` opens examples/, which lies inside the project's git clone: the workbench must show the examples and
// nothing the user did not ask for (no chat panel, no "git repository found in parent folders" prompt).

let session: VsCodeSession | undefined;
before(async () => {
  session = await startVsCode({ workspaceFrom: join(__dirname, '..', '..', 'examples'), settings: DEMO_EDITOR_SETTINGS, insideGitRepository: true });
});
after(() => session?.stop());

test('the demo workbench opens on the examples without the chat panel or a git prompt', async (t) => {
  const page = session!.page;
  try {
    await openFile(page, 'petstore.connector.json');
    // The extension host is up and has run our extension once the Send request lens shows; the git extension
    // starts before it, so its parent-folder prompt would be showing by then.
    await page.locator('.codelens-decoration', { hasText: 'Send request' }).first().waitFor({ timeout: 60_000 });
    const toasts = await page.locator('.notifications-toasts .notification-toast').allInnerTexts();
    assert.deepEqual(toasts.filter((text) => /git repository/i.test(text)), []);
    assert.equal(await page.locator('.part.auxiliarybar').isVisible(), false, 'the secondary side bar (chat) is hidden');
  } catch (error) {
    await session!.saveArtifacts(t.name);
    throw error;
  }
});
