// A 50,000-row answer in the result panel of a real VS Code (code-server in Chromium): the table holds every row
// but builds only those in view; scrolled to the end it shows the last order, the keys move row by row, and
// started anew the panel shows it again.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { Frame } from 'playwright-core';
import { openConnectorToSend, startVsCode, type VsCodeSession } from '../support/codeServer';
import { ORDER_ROWS, orderOf, ordersAnswer, ordersService } from '../support/ordersAnswer';
import { resultPanelFrame, runCommand } from '../support/vscodeUi';

/** The cells of the row the table numbers `index` when it is in the DOM and has a box, else undefined. */
async function shownRow(frame: Frame, ariaIndex: number): Promise<string[] | undefined> {
  return frame.evaluate((at) => {
    const row = document.querySelector(`table.rows tbody tr[aria-rowindex="${at}"]`);
    if (!row || row.getClientRects().length === 0) return undefined;
    const scroller = row.closest('.table-scroll');
    const box = row.getBoundingClientRect();
    const view = scroller?.getBoundingClientRect();
    // In view: inside the scroller's box, not only in the DOM.
    if (!view || box.top < view.top - 1 || box.bottom > view.bottom + 1) return undefined;
    return Array.from(row.querySelectorAll('td'), (td) => td.textContent ?? '');
  }, ariaIndex);
}

async function waitForRow(frame: Frame, ariaIndex: number): Promise<string[]> {
  const handle = await frame.waitForFunction((at) => {
    const row = document.querySelector(`table.rows tbody tr[aria-rowindex="${at}"]`);
    const scroller = row?.closest('.table-scroll');
    if (!row || !scroller) return false;
    const box = row.getBoundingClientRect();
    const view = scroller.getBoundingClientRect();
    return box.height > 0 && box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
  }, ariaIndex, { timeout: 30_000, polling: 'raf' });
  await handle.dispose();
  return (await shownRow(frame, ariaIndex)) ?? [];
}

describe('a 50,000-row answer in the result panel of a real VS Code', () => {
  let server: Server;
  let session: VsCodeSession | undefined;

  before(async () => {
    const answer = ordersAnswer();
    let workspace: string;
    ({ server, workspace } = await ordersService(() => answer));
    session = await startVsCode({ workspaceFrom: workspace });
  });

  after(async () => {
    await session?.stop();
    server?.close();
  });

  test('the table scrolls to the last row, builds only the rows in view, and the keys move row by row', async (t) => {
    const page = session!.page;
    try {
      await openConnectorToSend(page, 'orders.connector.json');
      await runCommand(page, 'Connector: Send Request');
      const frame = await resultPanelFrame(page, '/orders', 180_000);
      const first = await waitForRow(frame, 2);
      assert.deepEqual(first.slice(0, 2), ['0', orderOf(0).orderNo]);
      assert.equal(await frame.getAttribute('table.rows', 'aria-rowcount'), String(ORDER_ROWS + 1), 'a screen reader hears how many rows there are');

      // A few rows down, then a few more: the rows are the elements that were there (those that left reused for
      // those that came), each showing its own order.
      const scrollRows = (rows: number): Promise<void> => frame.evaluate((by) => {
        const scroller = document.querySelector('.table-scroll');
        const height = document.querySelector('table.rows tbody tr')?.getBoundingClientRect().height ?? 20;
        if (scroller) scroller.scrollTop = by * height;
      }, rows);
      await scrollRows(25);
      await waitForRow(frame, 2 + 30);
      await frame.evaluate(() => {
        (window as unknown as { rowsBefore: Set<Element> }).rowsBefore = new Set(Array.from(document.querySelectorAll('table.rows tbody tr')));
      });
      await scrollRows(31);
      assert.deepEqual((await waitForRow(frame, 2 + 40)).slice(0, 2), ['40', orderOf(40).orderNo]);
      const reused = await frame.evaluate(() => {
        const before = (window as unknown as { rowsBefore: Set<Element> }).rowsBefore;
        const now = Array.from(document.querySelectorAll('table.rows tbody tr'));
        return { before: before.size, now: now.length, reused: now.filter((row) => before.has(row)).length, indexes: now.map((row) => Number(row.getAttribute('aria-rowindex'))) };
      });
      // A view a fraction of a row high holds one row more or less depending on where it stands: only then is a row made.
      assert.ok(reused.now - reused.reused <= Math.max(0, reused.now - reused.before), `the row elements are those that were there (${reused.reused} of ${reused.now}; ${reused.before} before)`);
      assert.deepEqual(reused.indexes, reused.indexes.map((_, i) => (reused.indexes[0] ?? 0) + i), 'the rows are in order, none missing');

      // Dragged to the end: the scroll bar stands for every row.
      await frame.evaluate(() => {
        const scroller = document.querySelector('.table-scroll');
        if (scroller) scroller.scrollTop = scroller.scrollHeight;
      });
      const last = await waitForRow(frame, ORDER_ROWS + 1);
      const { orderNo, total } = orderOf(ORDER_ROWS - 1);
      // Its number, order number and total as the answer wrote it (two decimals: the exact reader's digits).
      assert.deepEqual([last[0], last[1], last[4]], [String(ORDER_ROWS - 1), orderNo, total]);
      // The header row stays at the top of the scrolled table, over the rows.
      const header = await frame.evaluate(() => {
        const view = document.querySelector('.table-scroll')?.getBoundingClientRect();
        const th = document.querySelector('table.rows thead th:nth-child(2)');
        const box = th?.getBoundingClientRect();
        const hit = box ? document.elementFromPoint(box.left + 2, box.top + box.height / 2) : null;
        return { offset: box && view ? Math.abs(box.top - view.top) : Number.NaN, onTop: hit === th || (hit !== null && th?.contains(hit) === true) };
      });
      assert.ok(header.offset <= 1 && header.onTop, `the header is at the top of the view, over the rows (${JSON.stringify(header)})`);
      const built = await frame.evaluate(() => document.querySelectorAll('table.rows tbody tr').length);
      assert.ok(built > 0 && built < 200, `${built} rows in the DOM`);

      // Home from the keyboard on the table, then a click on a row and End: the focus moves to the last row.
      await frame.locator('.table-scroll').focus();
      await page.keyboard.press('Home');
      await waitForRow(frame, 2);
      await frame.locator('table.rows tbody tr[aria-rowindex="3"] td').first().click();
      await page.keyboard.press('ArrowDown');
      await frame.waitForFunction(() => document.activeElement?.getAttribute('aria-rowindex') === '4', undefined, { timeout: 10_000 });
      // Page Down a few times: a screenful each, the focused row in view, the table standing still in between.
      const page1 = await frame.evaluate(() => Math.floor(((document.querySelector('.table-scroll')?.clientHeight ?? 0) - (document.querySelector('table.rows thead')?.getBoundingClientRect().height ?? 0)) / (document.querySelector('table.rows tbody tr')?.getBoundingClientRect().height ?? 1)));
      for (let i = 0; i < 3; i++) await page.keyboard.press('PageDown');
      const paged = String(4 + 3 * page1);
      await frame.waitForFunction((at) => document.activeElement?.getAttribute('aria-rowindex') === at, paged, { timeout: 10_000 });
      await waitForRow(frame, Number(paged));
      const settled = await frame.evaluate(() => document.querySelector('.table-scroll')?.scrollTop ?? -1);
      await frame.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      assert.equal(await frame.evaluate(() => document.querySelector('.table-scroll')?.scrollTop ?? -1), settled, 'the table does not scroll by itself');
      await page.keyboard.press('End');
      await frame.waitForFunction((at) => document.activeElement?.getAttribute('aria-rowindex') === at, String(ORDER_ROWS + 1), { timeout: 10_000 });
      assert.equal((await waitForRow(frame, ORDER_ROWS + 1))[1], orderNo);
      await page.keyboard.press('ArrowUp');
      await frame.waitForFunction((at) => document.activeElement?.getAttribute('aria-rowindex') === at, String(ORDER_ROWS), { timeout: 10_000 });
      assert.equal((await waitForRow(frame, ORDER_ROWS))[1], orderOf(ORDER_ROWS - 2).orderNo);

      // The page starts anew (as when the panel is hidden and shown again): it gets its result again.
      await runCommand(page, 'Developer: Reload Webviews');
      for (const deadline = Date.now() + 30_000; !frame.isDetached() && Date.now() < deadline;) await page.waitForTimeout(100);
      assert.ok(frame.isDetached(), 'the page was started anew');
      const again = await resultPanelFrame(page, '/orders', 120_000);
      assert.deepEqual((await waitForRow(again, 2)).slice(0, 2), ['0', orderOf(0).orderNo]);
    } catch (error) {
      await session!.saveArtifacts(t.name);
      throw error;
    }
  });
});
