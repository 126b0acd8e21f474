// The result panel's buttons and what the extension does for each: the page declares its buttons once
// (client/src/webview/protocol.ts), the controller has one handler per button (client/src/resultPanel/actions.ts).
// The handlers run here against a host that records what they ask of the editor.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as vscode from 'vscode';
import { PANEL_ACTION_HANDLERS, runPanelAction, type PageChoice, type PanelHost, type PanelTarget } from '../../client/src/resultPanel/actions';
import { PANEL_BUTTONS, type ResultView } from '../../client/src/webview/protocol';
import { renderResult } from '../../client/src/webview/render';
import type { ViewNode } from '../../client/src/webview/viewNode';
import { parseExact, portableResult, type ExactJson } from '../../server/src/core';
import { SAVE_AS_EXPECTATION, USE_AS_RESPONSE_STRUCTURE } from '../../server/src/protocol';

const BIG = '9007199254740993';
const EDIT = { changes: { 'file:///w/orders.connector.json': [] } };
const RANGE = { start: { line: 3, character: 2 }, end: { line: 3, character: 9 } };

function exact(text: string): ExactJson {
  const parsed = parseExact(text);
  assert.ok(parsed.ok);
  return parsed.value;
}

const FOLLOW_UP = { operationId: 'updatePet', texts: [['petId', BIG], ['etag', 'W/"7"']] as [string, string][] };

/** A panel's result: data with a number JSON.parse would round, offering every button. */
function view(overrides: Partial<ResultView> = {}): ResultView {
  return {
    operationId: 'getPet',
    request: { method: 'GET', url: 'http://127.0.0.1/pets/1' },
    result: portableResult({ status: 200, errors: [], warnings: [], timing: { totalMs: 3 }, data: exact(`{"id":${BIG},"name":"Rex"}`) }),
    rawText: `{"id":${BIG},"name":"Rex"}`,
    receivedAt: '2026-11-22T10:00:00.000Z',
    valuesJson: `{"petId":${BIG}}`,
    canUseAsStructure: true,
    canSaveAsExpectation: true,
    nextPageUrl: 'http://127.0.0.1/pets?page=2',
    etagFollowUps: [FOLLOW_UP],
    ...overrides,
  };
}

const TARGET: PanelTarget = { uri: { toString: () => 'file:///w/pets.connector.json' } as vscode.Uri, operationId: 'getPet' };

/** The editor as the handlers see it: every call recorded, the server's answers given by method. */
class RecordingHost implements PanelHost {
  readonly calls: [string, ...unknown[]][] = [];
  applies = true;
  /** What the user picks when asked to choose (an index), or undefined for dismissing the choice. */
  picks: number | undefined = 0;
  constructor(private readonly answers: Record<string, unknown> = {}) {}
  async copy(text: string): Promise<void> { this.calls.push(['copy', text]); }
  async openText(content: string, language: string): Promise<void> { this.calls.push(['openText', content, language]); }
  async saveText(text: string): Promise<void> { this.calls.push(['saveText', text]); }
  async sendAgain(target: PanelTarget, pages?: PageChoice): Promise<void> { this.calls.push(['sendAgain', target.operationId, ...(pages ? [pages] : [])]); }
  async sendWithDefaults(target: PanelTarget, texts: readonly [string, string][]): Promise<void> { this.calls.push(['sendWithDefaults', target.uri.toString(), target.operationId, texts]); }
  async pick(items: readonly { label: string; detail: string }[], title: string): Promise<number | undefined> { this.calls.push(['pick', items.map((i) => i.label), title]); return this.picks; }
  async request<R>(method: string, params: object): Promise<R> {
    this.calls.push(['request', method, params]);
    return this.answers[method] as R;
  }
  async applyEdit(edit: unknown): Promise<boolean> { this.calls.push(['applyEdit', edit]); return this.applies; }
  async showAt(uri: vscode.Uri, range: unknown): Promise<void> { this.calls.push(['showAt', uri.toString(), range]); }
  async writeFile(uri: string, text: string): Promise<void> { this.calls.push(['writeFile', uri, text]); }
  async openAtText(uri: string, text: string): Promise<void> { this.calls.push(['openAtText', uri, text]); }
  relativePath(uri: string): string { return uri.slice(uri.lastIndexOf('/') + 1); }
  info(message: string): void { this.calls.push(['info', message]); }
  error(message: string): void { this.calls.push(['error', message]); }
  named(name: string): unknown[][] { return this.calls.filter((c) => c[0] === name).map((c) => c.slice(1)); }
}

function actionsIn(node: ViewNode): string[] {
  if (node.kind === 'text') return [];
  return [...(node.action ? [node.action] : []), ...node.children.flatMap(actionsIn), ...(node.lazyChildren?.().flatMap(actionsIn) ?? [])];
}

describe("the result panel's actions", () => {
  test('every button the page can show has exactly one handler, and the controller handles nothing else', () => {
    const buttons = PANEL_BUTTONS.map((b) => b.action);
    assert.equal(new Set(buttons).size, buttons.length, `a button is declared twice: ${buttons.join(', ')}`);
    assert.deepEqual(Object.keys(PANEL_ACTION_HANDLERS).sort(), [...buttons].sort());
    // What the rendered page can post: the action bar and the raw view's own "Open in editor".
    const posted = new Set(actionsIn(renderResult(view({ rawText: 'x'.repeat(200_000) }))));
    assert.ok(posted.size >= buttons.length, [...posted].join(', '));
    for (const action of posted) assert.ok(Object.hasOwn(PANEL_ACTION_HANDLERS, action), `no handler for ${action}`);
  });

  test('buttons with a condition are offered only when it holds', () => {
    const plain = new Set(actionsIn(renderResult(view({ canUseAsStructure: false, canSaveAsExpectation: false }))));
    assert.ok(!plain.has('useAsStructure') && !plain.has('saveAsExpectation'), [...plain].join(', '));
    assert.ok(plain.has('sendAgain') && plain.has('copyData'));
    const onePage = new Set(actionsIn(renderResult(view({ nextPageUrl: undefined }))));
    assert.ok(!onePage.has('nextPage') && !onePage.has('allPages'), [...onePage].join(', '));
    const linked = new Set(actionsIn(renderResult(view())));
    assert.ok(linked.has('nextPage') && linked.has('allPages'), [...linked].join(', '));
  });

  test('Next page sends the operation again at the page the answer linked; All pages reads every page', async () => {
    const host = new RecordingHost();
    await runPanelAction('nextPage', { view: view(), target: TARGET, host });
    await runPanelAction('allPages', { view: view(), target: TARGET, host });
    await runPanelAction('nextPage', { view: view({ nextPageUrl: undefined }), target: TARGET, host });
    assert.deepEqual(host.named('sendAgain'), [['getPet', { pageUrl: 'http://127.0.0.1/pets?page=2' }], ['getPet', { allPages: true }]]);
  });

  test("copy, open and save carry the service's digits", async () => {
    const host = new RecordingHost();
    for (const action of ['copyData', 'copyRaw', 'openInEditor', 'save']) await runPanelAction(action, { view: view(), target: TARGET, host });
    const [[data], [raw]] = host.named('copy') as [string][];
    assert.equal(data, `{\n  "id": ${BIG},\n  "name": "Rex"\n}`);
    assert.equal(raw, `{"id":${BIG},"name":"Rex"}`);
    assert.deepEqual(host.named('openText'), [[data, 'json']]);
    const [[saved]] = host.named('saveText') as [string][];
    assert.match(saved, new RegExp(`"id": ${BIG}`));
    assert.match(saved, /"status": 200/);
  });

  test('an answer that is not JSON opens as plain text', async () => {
    const host = new RecordingHost();
    const text = view({ result: portableResult({ status: 200, errors: [], warnings: [], timing: { totalMs: 1 }, data: 'plain words' }), rawText: 'plain words' });
    await runPanelAction('openInEditor', { view: text, target: TARGET, host });
    assert.deepEqual(host.named('openText'), [['plain words', 'plaintext']]);
  });

  test('send again sends the operation the result came from, and nothing without one', async () => {
    const host = new RecordingHost();
    await runPanelAction('sendAgain', { view: view(), target: TARGET, host });
    await runPanelAction('sendAgain', { view: view(), target: undefined, host });
    assert.deepEqual(host.calls, [['sendAgain', 'getPet']]);
  });

  test('use as response structure asks the server for the edit, applies it and shows where', async () => {
    const host = new RecordingHost({ [USE_AS_RESPONSE_STRUCTURE]: { ok: true, edit: EDIT, range: RANGE } });
    await runPanelAction('useAsStructure', { view: view(), target: TARGET, host });
    assert.deepEqual(host.named('request'), [[USE_AS_RESPONSE_STRUCTURE, { uri: 'file:///w/pets.connector.json', operationId: 'getPet', rawText: `{"id":${BIG},"name":"Rex"}` }]]);
    assert.deepEqual(host.named('applyEdit'), [[EDIT]]);
    assert.deepEqual(host.named('showAt'), [['file:///w/pets.connector.json', RANGE]]);
    assert.match(String(host.named('info')[0]), /response structure of getPet now lists/);
  });

  test("use as response structure shows the server's refusal and changes nothing", async () => {
    const host = new RecordingHost({ [USE_AS_RESPONSE_STRUCTURE]: { ok: false, message: 'not an OData connector' } });
    await runPanelAction('useAsStructure', { view: view(), target: TARGET, host });
    assert.deepEqual(host.named('error'), [['Cannot use the answer as the response structure: not an OData connector']]);
    assert.deepEqual(host.named('applyEdit'), []);
  });

  test('save as expectation writes a new tests file, or edits the one there is, and opens it at the case', async () => {
    const created = new RecordingHost({ [SAVE_AS_EXPECTATION]: { ok: true, testsUri: 'file:///w/pets.tests.json', name: 'getPet answers 200', newText: '{"cases":[]}\n' } });
    await runPanelAction('saveAsExpectation', { view: view(), target: TARGET, host: created });
    assert.deepEqual(created.named('request'), [[SAVE_AS_EXPECTATION, { uri: 'file:///w/pets.connector.json', operationId: 'getPet', valuesJson: `{"petId":${BIG}}`, status: 200, dataJson: `{"id":${BIG},"name":"Rex"}` }]]);
    assert.deepEqual(created.named('writeFile'), [['file:///w/pets.tests.json', '{"cases":[]}\n']]);
    assert.deepEqual(created.named('openAtText'), [['file:///w/pets.tests.json', '"getPet answers 200"']]);
    assert.deepEqual(created.named('info'), [["Saved as the case 'getPet answers 200' in pets.tests.json."]]);

    const edited = new RecordingHost({ [SAVE_AS_EXPECTATION]: { ok: true, testsUri: 'file:///w/pets.tests.json', name: 'getPet answers 200 (2)', edit: EDIT } });
    await runPanelAction('saveAsExpectation', { view: view(), target: TARGET, host: edited });
    assert.deepEqual(edited.named('applyEdit'), [[EDIT]]);
    assert.deepEqual(edited.named('writeFile'), []);
    assert.deepEqual(edited.named('info'), [["Saved as the case 'getPet answers 200 (2)' in pets.tests.json (unsaved)."]]);

    const refused = new RecordingHost({ [SAVE_AS_EXPECTATION]: { ok: true, testsUri: 'file:///w/pets.tests.json', name: 'x', edit: EDIT } });
    refused.applies = false;
    await runPanelAction('saveAsExpectation', { view: view(), target: TARGET, host: refused });
    assert.deepEqual(refused.named('openAtText'), [], 'an edit VS Code did not apply is not shown as saved');
  });

  test('save as expectation needs the values the result was sent with', async () => {
    const host = new RecordingHost();
    await runPanelAction('saveAsExpectation', { view: view({ valuesJson: undefined }), target: TARGET, host });
    assert.deepEqual(host.calls, []);
  });

  test('Send with this ETag is offered only for an answer with ETag follow-ups', () => {
    assert.ok(!new Set(actionsIn(renderResult(view({ etagFollowUps: undefined })))).has('sendWithEtag'));
    assert.ok(!new Set(actionsIn(renderResult(view({ etagFollowUps: [] })))).has('sendWithEtag'));
    assert.ok(new Set(actionsIn(renderResult(view()))).has('sendWithEtag'));
  });

  test('Send with this ETag starts Send Request for the one follow-up, its prompts starting from the ETag and the key', async () => {
    const host = new RecordingHost();
    await runPanelAction('sendWithEtag', { view: view(), target: TARGET, host });
    assert.deepEqual(host.named('pick'), [], 'one follow-up needs no choice');
    assert.deepEqual(host.named('sendWithDefaults'), [['file:///w/pets.connector.json', 'updatePet', [['petId', BIG], ['etag', 'W/"7"']]]]);
    assert.deepEqual(host.named('sendAgain'), []);
  });

  test('with several follow-ups the user chooses one; dismissing the choice sends nothing; no target sends nothing', async () => {
    const several = view({ etagFollowUps: [FOLLOW_UP, { operationId: 'deletePet', texts: [['petId', BIG], ['etag', 'W/"7"']] }] });
    const host = new RecordingHost();
    host.picks = 1;
    await runPanelAction('sendWithEtag', { view: several, target: TARGET, host });
    assert.deepEqual(host.named('pick'), [[['Send updatePet with this ETag…', 'Send deletePet with this ETag…'], "Send with the answer's ETag"]]);
    assert.deepEqual(host.named('sendWithDefaults').map((c) => c[1]), ['deletePet']);

    const dismissed = new RecordingHost();
    dismissed.picks = undefined;
    await runPanelAction('sendWithEtag', { view: several, target: TARGET, host: dismissed });
    await runPanelAction('sendWithEtag', { view: view(), target: undefined, host: dismissed });
    assert.deepEqual(dismissed.named('sendWithDefaults'), []);
  });

  test('a message naming no action of the panel does nothing', async () => {
    const host = new RecordingHost();
    for (const action of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'deleteEverything', '']) {
      await runPanelAction(action, { view: view(), target: TARGET, host });
    }
    assert.deepEqual(host.calls, []);
  });
});
