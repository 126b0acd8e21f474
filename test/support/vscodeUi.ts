// What a user does in the VS Code workbench, as Playwright steps (code-server in Chromium).
import type { Frame, Page } from 'playwright-core';

/** Runs a command from the Command Palette by its title, as a user would. */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(`>${title}`);
  // Enter runs the focused row: wait until it is this very command (not one whose title merely starts alike).
  await page.waitForFunction((wanted) => {
    const label = document.querySelector('.quick-input-list .monaco-list-row.focused .label-name');
    return (label?.textContent ?? '').trim() === wanted;
  }, title, { timeout: 15_000 });
  await acceptQuickInput(page);
}

/**
 * Presses Enter in the open quick input and waits until it took it: the widget closed, or shows another input (a
 * command's own prompt). A busy workbench can drop the Enter while it re-renders the list; a user would press it
 * again, and so does this, once.
 */
export async function acceptQuickInput(page: Page): Promise<void> {
  const shown = (): Promise<{ value: string; title: string } | undefined> => page.evaluate(() => {
    const widget = document.querySelector<HTMLElement>('.quick-input-widget');
    if (!widget || !widget.checkVisibility()) return undefined;
    return {
      value: widget.querySelector<HTMLInputElement>('input')?.value ?? '',
      title: widget.querySelector('.quick-input-title')?.textContent ?? '',
    };
  });
  const before = await shown();
  if (!before) throw new Error(`No quick input is open to press Enter in. ${await workbenchState(page)}`);
  const taken = (): Promise<boolean> => page.waitForFunction(({ value, title }) => {
    const widget = document.querySelector<HTMLElement>('.quick-input-widget');
    if (!widget || !widget.checkVisibility()) return true;
    const now = widget.querySelector<HTMLInputElement>('input')?.value ?? '';
    return now !== value || (widget.querySelector('.quick-input-title')?.textContent ?? '') !== title;
  }, before, { timeout: 10_000 }).then(() => true, () => false);
  await page.keyboard.press('Enter');
  if (await taken()) return;
  await page.keyboard.press('Enter');
  if (!(await taken())) throw new Error(`The quick input holding "${before.value}" did not take Enter, twice. ${await workbenchState(page)}`);
}

/** Answers the current quick input (input box or quick pick) with text, then Enter. */
export async function answerQuickInput(page: Page, text: string, expectTitle?: RegExp): Promise<void> {
  const widget = page.locator('.quick-input-widget:visible');
  await widget.waitFor({ timeout: 15_000 });
  if (expectTitle) await page.locator('.quick-input-widget:visible .quick-input-title', { hasText: expectTitle }).waitFor({ timeout: 15_000 });
  const input = page.locator('.quick-input-widget:visible input');
  await input.fill(text);
  await acceptQuickInput(page);
}

/** Picks the quick pick row whose label contains `label`. */
export async function pickQuickPickRow(page: Page, label: string): Promise<void> {
  const row = page.locator('.quick-input-widget:visible .quick-input-list .monaco-list-row', { hasText: label }).first();
  await row.waitFor({ timeout: 15_000 });
  await row.click();
}

/** Moves the cursor to a 1-based line and column with Go to Line. */
export async function goToPosition(page: Page, line: number, column: number): Promise<void> {
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget:visible input');
  await input.waitFor();
  await input.fill(`:${line}:${column}`);
  // Enter only acts once the picker has read the text and offers to go there.
  await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: `line ${line}` }).first().waitFor({ timeout: 15_000 });
  await acceptQuickInput(page);
}

/** The labels the suggest widget shows after Ctrl+Space at the cursor. */
export async function completionLabels(page: Page): Promise<string[]> {
  await page.keyboard.press('Control+Space');
  const rows = page.locator('.suggest-widget .monaco-list-row');
  await rows.first().waitFor({ timeout: 15_000 });
  // The list shows "Loading..." first, then every item at once.
  await page.waitForTimeout(500);
  return rows.evaluateAll((els) =>
    els.map((el) => (el.querySelector('.label-name')?.textContent ?? el.getAttribute('aria-label') ?? '').trim()),
  );
}

/** Waits for the frame that renders a result panel (the webview's inner frame), whose request line contains `requestText`. */
export async function resultPanelFrame(page: Page, requestText: string, timeoutMs = 60_000): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  let seen: string[] = [];
  while (Date.now() < deadline) {
    seen = [];
    for (const frame of page.frames()) {
      if (frame.isDetached()) continue;
      const line = await frame.$eval('.result .request-line', (el) => el.textContent ?? '').catch(() => '');
      if (line.includes(requestText)) return frame;
      if (line) seen.push(line.trim());
      else if (frame !== page.mainFrame() && frame.url().includes('webview') && frame.childFrames().length === 0) {
        // A webview's content frame that rendered something else (VS Code shows its own errors there, e.g. about
        // service workers); the host frame around it holds no text of its own.
        const body = await frame.$eval('body', (el) => (el.innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, 160)).catch(() => '');
        // A blank one is named too: a webview whose content never loaded differs from no panel at all.
        seen.push(body ? `webview showing "${body}"` : `blank webview frame ${new URL(frame.url()).pathname.split('/').pop() ?? ''}`);
      }
    }
    await page.waitForTimeout(250);
  }
  throw new Error(`The result panel for ${requestText} did not appear. Panels: ${seen.join(' | ') || 'none'}. ${await workbenchState(page)} ${await notificationCenter(page)}`);
}

/**
 * Every notification of the session, from the Notification Center (toasts hide themselves after a while): for a
 * failure's message, once waiting is over.
 */
async function notificationCenter(page: Page): Promise<string> {
  try {
    await page.keyboard.press('Escape');
    await runCommand(page, 'Notifications: Show Notifications');
    await page.locator('.notifications-center').first().waitFor({ timeout: 5_000 });
    const all = await page.locator('.notifications-center .notification-list-item-message').evaluateAll((els) => els.map((el) => (el.textContent ?? '').trim()));
    return `Notification Center: ${all.join(' | ') || 'empty'}.`;
  } catch (error) {
    return `Notification Center: not read (${error instanceof Error ? error.message.split('\n')[0] : String(error)}).`;
  }
}

/** What the workbench shows a user right now (active tab, quick input, notifications), for failure messages. */
export async function workbenchState(page: Page): Promise<string> {
  const texts = async (selector: string): Promise<string[]> =>
    page.locator(selector).evaluateAll((els) => els.map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim()).filter(Boolean)).catch(() => []);
  const activeTab = await texts('.editor-group-container.active .tab.active');
  const tabs = await page.locator('.editor-group-container .tab').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? '').filter(Boolean)).catch(() => []);
  const quickInput = await texts('.quick-input-widget:visible .quick-input-title, .quick-input-widget:visible .quick-input-message');
  // The Command Palette and Quick Open have neither title nor message: what is typed in them says which is open.
  const typed = await page.locator('.quick-input-widget:visible input').evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value)).catch(() => []);
  if (typed.length > 0) quickInput.push(`input holding "${typed.join('')}"`);
  const notifications = await texts('.notification-toast .notification-list-item-message');
  return `Active tab: ${activeTab.join(' | ') || 'none'}. Tabs: ${tabs.join(' | ') || 'none'}. Quick input: ${quickInput.join(' | ') || 'none'}. Notifications: ${notifications.join(' | ') || 'none'}.`;
}

/** Waits until the panel's element holds a text, and gives the element's whole text. */
export async function panelText(frame: Frame, selector: string, holds: string): Promise<string> {
  await frame.waitForFunction(([where, what]) => document.querySelector(where)?.textContent?.includes(what) === true, [selector, holds] as const, { timeout: 60_000 });
  return (await frame.textContent(selector)) ?? '';
}
