import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { contentSecurityPolicy, createNonce, resultPanelHtml } from '../../../client/src/resultPanel/html';
import { mount } from '../../../client/src/webview/mount';
import { viewForPage, type PanelAction, type ResultView } from '../../../client/src/webview/protocol';
import { RAW_VIEW_LIMIT, renderResult, statusClass } from '../../../client/src/webview/render';
import type { ViewNode } from '../../../client/src/webview/viewNode';
import { portableResult } from '../../../server/src/core/http/portableResult';
import type { ConnectorResult } from '../../../server/src/core/http/types';
import type { JsonValue } from '../../../server/src/core/tree';
import { actsOnTerminal } from '../../support/terminal';
import { click, FakeDocument, openDetails, type FakeElement } from './fakeDocument';

const SCRIPT = '<script>window.pwned = 1</script>';
const IMG = '<img src=x onerror="window.pwned = 2">';

/** A panel view as the extension posts it: the result in its wire form, data as exact JSON text. */
function view(overrides: Partial<ConnectorResult> = {}, rawText = '{}'): ResultView {
  return {
    operationId: 'getPet',
    request: { method: 'GET', url: `http://127.0.0.1/pets?q=${IMG}` },
    result: portableResult({ status: 200, errors: [], warnings: [], timing: { totalMs: 12.4 }, ...overrides }),
    rawText,
    receivedAt: '2026-11-22T10:00:00.000Z',
  };
}

function allText(node: ViewNode): string[] {
  if (node.kind === 'text') return [node.text];
  return [...node.children.flatMap(allText), ...(node.lazyChildren?.().flatMap(allText) ?? [])];
}

function allAttributes(node: ViewNode): string[] {
  if (node.kind === 'text') return [];
  return [
    ...Object.values(node.attributes ?? {}).filter((v): v is string => v !== undefined),
    node.className ?? '',
    ...node.children.flatMap(allAttributes),
    ...(node.lazyChildren?.().flatMap(allAttributes) ?? []),
  ];
}

describe('result panel rendering', () => {
  const hostile = view(
    {
      status: 500,
      errors: [SCRIPT],
      warnings: [IMG],
      data: { [SCRIPT]: IMG, list: [SCRIPT, { nested: IMG }] },
      headers: { 'x-evil': SCRIPT },
    },
    `${SCRIPT}${IMG}`,
  );

  test('hostile strings become text, never markup, attributes or classes', () => {
    const tree = renderResult(hostile);
    const texts = allText(tree).join('\n');
    assert.ok(texts.includes(SCRIPT), 'the script text is shown as text');
    assert.ok(texts.includes(IMG), 'the img text is shown as text');
    for (const value of allAttributes(tree)) {
      assert.ok(!value.includes('<'), `attribute or class carries markup: ${value}`);
    }
  });

  test('mounting creates only the known tags and safe attributes', () => {
    const document = new FakeDocument();
    mount(renderResult(hostile), document, () => undefined);
    const tags = new Set(document.elements.map((e) => e.tag));
    for (const tag of tags) assert.ok(['div', 'span', 'section', 'h2', 'details', 'summary', 'pre', 'button', 'ul', 'li', 'code'].includes(tag), tag);
    for (const element of document.elements) {
      for (const name of element.attributes.keys()) assert.ok(['title', 'role', 'aria-label', 'data-kind'].includes(name), name);
    }
    assert.ok(document.texts.some((t) => t.data === SCRIPT));
  });

  test('errors and warnings come before the data', () => {
    const texts = allText(renderResult(hostile));
    assert.ok(texts.indexOf('Errors') < texts.indexOf('Data'));
    assert.ok(texts.indexOf('Warnings') < texts.indexOf('Data'));
  });

  test('each redirect followed is listed before the errors, saying when credentials were not sent on', () => {
    const texts = allText(renderResult(view({
      redirects: [
        { status: 302, from: 'https://a.example/x', to: 'https://b.example/y', credentialsWithheld: true },
        { status: 301, from: 'https://b.example/y', to: 'https://b.example/z' },
      ],
      errors: ['HTTP 401'],
    })));
    assert.ok(texts.includes('302 https://a.example/x → https://b.example/y (credentials not sent)'));
    assert.ok(texts.includes('301 https://b.example/y → https://b.example/z'));
    assert.ok(texts.indexOf('Redirects') < texts.indexOf('Errors'));
    assert.ok(!allText(renderResult(view())).includes('Redirects'), 'no section without redirects');
  });

  test('status classes follow the class of response', () => {
    assert.equal(statusClass(204), 'status-2xx');
    assert.equal(statusClass(404), 'status-4xx');
    assert.equal(statusClass(503), 'status-5xx');
    assert.equal(statusClass(0), 'status-error');
  });

  test('a huge array builds nothing until opened, then one group at a time', () => {
    const data = Array.from({ length: 100_000 }, (_, i) => ({ id: i, name: `item ${i}` }));
    const document = new FakeDocument();
    mount(renderResult(view({ data }, '[]')), document, () => undefined);
    const created = document.elements.length;
    assert.ok(created < 400, `mounting created ${created} elements`);
    const group = document.elements.find((e) => e.className === 'json-group') as FakeElement;
    openDetails(group);
    const afterOpen = document.elements.length - created;
    assert.ok(afterOpen > 0 && afterOpen <= 2 * 100 + 2, `opening one group created ${afterOpen} elements`);
  });

  test('a long raw body is cut, with an action to open it in an editor', () => {
    const raw = 'x'.repeat(RAW_VIEW_LIMIT + 10);
    const tree = renderResult(view({}, raw));
    const texts = allText(tree);
    assert.ok(texts.every((t) => t.length <= RAW_VIEW_LIMIT));
    const actions: PanelAction[] = [];
    const document = new FakeDocument();
    mount(tree, document, (a) => actions.push(a));
    const openButtons = document.elements.filter((e) => e.tag === 'button' && e.children.some((c) => 'data' in c && c.data === 'Open in editor'));
    assert.equal(openButtons.length, 2);
    for (const listener of openButtons[1]?.listeners.get('click') ?? []) listener();
    assert.deepEqual(actions, ['openInEditor']);
  });
});

describe('what the page is sent of a long answer', () => {
  test('the raw body only as far as the raw view shows it, with its whole length; a short one whole', () => {
    const raw = `${'x'.repeat(RAW_VIEW_LIMIT)}THE-END`;
    const sent = viewForPage(view({}, raw));
    assert.equal(sent.rawText.length, RAW_VIEW_LIMIT);
    assert.ok(!sent.rawText.includes('THE-END'));
    assert.equal(sent.rawLength, raw.length);
    const texts = allText(renderResult(sent));
    assert.ok(texts.includes(`Raw response (${raw.length.toLocaleString('en-US')} characters)`), 'the summary gives the whole length');
    assert.ok(texts.some((t) => t.startsWith('Showing the first')), 'and says only the start is shown');
    const short = view({}, '{"a":1}');
    assert.equal(viewForPage(short), short);
    assert.equal(viewForPage(sent), sent, 'cut once');
  });
});

describe('result panel page', () => {
  test('allows only nonce-bearing scripts and styles, nothing remote, no eval', () => {
    const nonce = createNonce();
    const csp = contentSecurityPolicy(nonce);
    assert.match(csp, /default-src 'none'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|https?:|\*/);
    const html = resultPanelHtml('vscode-resource:/dist/webview.js', nonce, '<b>getPet</b>');
    assert.ok(html.includes(`<script nonce="${nonce}" src="vscode-resource:/dist/webview.js">`));
    assert.ok(html.includes(`<style nonce="${nonce}">`));
    assert.ok(!html.includes('<b>getPet</b>'), 'the title is escaped');
  });

  test('control characters and bidirectional overrides in an answer show as escapes, in every part of the panel', () => {
    const acting = 'clear\u001b[2J 40%\r\u001b[2KDone rlo\u202eevil nel\u0085';
    const hostileView: ResultView = {
      ...view({ data: { [acting]: acting, list: [{ cell: acting }] }, errors: [acting], warnings: [acting], headers: { 'x-note': acting } }, acting),
      request: { method: 'GET', url: 'http://127.0.0.1/x', headers: [['X-Note', acting]], body: acting },
      responseHeaders: { 'x-note': acting },
    };
    const document = new FakeDocument();
    mount(renderResult(hostileView), document, () => undefined);
    for (const details of document.elements.filter((e) => e.tag === 'details')) openDetails(details);
    const texts = [...allText(renderResult(hostileView)), ...document.texts.map((t) => t.data)];
    assert.deepEqual(texts.flatMap(actsOnTerminal), []);
    assert.ok(texts.some((t) => t.includes('clear\\u001b[2J 40%\\r\\u001b[2KDone rlo\\u202eevil nel\\u0085')), 'shown as escapes, as the command line shows them');
  });

  test('every page gets a different nonce', () => {
    assert.notEqual(createNonce(), createNonce());
  });
});

describe('result panel: tables, request, headers and structure', () => {
  const rows: JsonValue[] = [{ OrderNo: 'A-10', Total: 5, Note: SCRIPT }, { OrderNo: 'A-9', Total: 50 }, { OrderNo: 'A-2', Total: null }];
  const rich: ResultView = {
    ...view({ data: { '@odata.context': 'x', value: rows } }),
    request: { method: 'GET', url: 'http://127.0.0.1/Orders', headers: [['Authorization', 'Bearer •••']] },
    responseHeaders: { 'content-type': 'application/json', 'x-evil': IMG },
    signIn: { tokenUrl: 'http://127.0.0.1:3032/token', fromCache: true },
    structure: { dropped: ['@odata.context', 'value[].Note'], missing: ['value[].Status'] },
    canUseAsStructure: true,
    canSaveAsExpectation: true,
    environment: 'local',
  };

  function cellsOf(table: FakeElement): string[][] {
    const body = table.children.find((c) => 'tag' in c && c.tag === 'tbody') as FakeElement;
    return body.children.map((tr) => (tr as FakeElement).children.map((td) => ((td as FakeElement).children[0] as { data: string }).data));
  }

  test('a list of rows is a table beside the tree; a click on a header sorts it, again reverses it', () => {
    const document = new FakeDocument();
    mount(renderResult(rich), document, () => undefined);
    const table = document.elements.find((e) => e.tag === 'table' && e.className === 'rows') as FakeElement;
    assert.ok(table, 'the value list is a table');
    assert.ok(document.elements.some((e) => e.className === 'tree-view'), 'the tree is still there');
    assert.deepEqual(cellsOf(table).map((r) => r[1]), ['A-10', 'A-9', 'A-2']);
    const header = (name: string): FakeElement => (((table.children[0] as FakeElement).children[0] as FakeElement).children as FakeElement[]).find((th) => (th.children[0] as { data: string }).data === name) as FakeElement;
    click(header('OrderNo'));
    assert.deepEqual(cellsOf(table).map((r) => r[1]), ['A-2', 'A-9', 'A-10'], 'numbers inside text sort as numbers');
    assert.equal(header('OrderNo').attributes.get('aria-sort'), 'ascending');
    click(header('Total'));
    assert.deepEqual(cellsOf(table).map((r) => r[2]), ['5', '50', 'null'], 'numbers by value, null last');
    click(header('Total'));
    assert.deepEqual(cellsOf(table).map((r) => r[2]), ['50', '5', 'null'], 'descending, null still last');
  });

  test('the request sent, the sign-in, response headers and the structure have their own sections, hostile text as text', () => {
    const texts = allText(renderResult(rich)).join('\n');
    assert.match(texts, /Authorization: Bearer •••/);
    assert.match(texts, /Signed in with a token from http:\/\/127\.0\.0\.1:3032\/token \(reused from memory\)/);
    assert.match(texts, /Response headers \(2\)/);
    assert.match(texts, /drops 2 properties of the answer and expects 1 that did not come/);
    assert.match(texts, /value\[\]\.Status/);
    assert.match(texts, /environment local/);
    const document = new FakeDocument();
    const actions: PanelAction[] = [];
    mount(renderResult(rich), document, (a) => actions.push(a));
    for (const name of ['Use as response structure', 'Save as expectation']) {
      const button = document.elements.find((e) => e.tag === 'button' && e.children.some((c) => 'data' in c && c.data === name)) as FakeElement;
      click(button);
    }
    assert.deepEqual(actions, ['useAsStructure', 'saveAsExpectation']);
    assert.ok(!document.elements.some((e) => e.tag === 'script' || e.tag === 'img'));
    assert.ok(document.texts.some((t) => t.data === SCRIPT), 'a hostile cell is a text node');
  });

  test('the request sent names every origin that received a credential, and shows the token request sent first', () => {
    const signedIn: ResultView = {
      ...rich,
      signIn: { tokenUrl: 'http://127.0.0.1:3032/token', fromCache: false },
      credentials: [
        { origin: 'http://127.0.0.1:3032', what: `the client id '${SCRIPT}' and the client secret 'crm' (Basic authorization), for a token` },
        { origin: 'http://127.0.0.1:3031', what: 'the token from http://127.0.0.1:3032 (Authorization: Bearer)' },
      ],
      tokenRequest: 'POST http://127.0.0.1:3032/token\nAuthorization: Basic •••\n\ngrant_type=client_credentials',
    };
    const texts = allText(renderResult(signedIn));
    assert.ok(texts.includes('Credentials went to:'));
    assert.ok(texts.includes(`http://127.0.0.1:3032: the client id '${SCRIPT}' and the client secret 'crm' (Basic authorization), for a token`));
    assert.ok(texts.includes('http://127.0.0.1:3031: the token from http://127.0.0.1:3032 (Authorization: Bearer)'));
    assert.ok(texts.includes(signedIn.tokenRequest ?? '-'), 'the token request, as sent');
    assert.ok(texts.some((t) => /fetched for this request/.test(t)));
    const document = new FakeDocument();
    mount(renderResult(signedIn), document, () => undefined);
    assert.ok(!document.elements.some((e) => e.tag === 'script'), 'a hostile client id is text');
    // Reused from memory: nothing went to the token endpoint this time, and no token request is shown.
    const reused = allText(renderResult({ ...rich, signIn: { tokenUrl: 'http://127.0.0.1:3032/token', fromCache: true }, credentials: signedIn.credentials ?? [] })).join('\n');
    assert.match(reused, /reused from memory/);
    assert.ok(!reused.includes('grant_type'));
  });
});

describe('result panel: numbers', () => {
  // As the service wrote them: JSON.parse would make 9007199254740992 of the first, 0.1 of the fifth and Infinity of the third.
  const answer = '{"value":[{"id":9007199254740993,"o":{"big":1e400}},{"id":9007199254740992},{"id":1e400},{"id":-1e400},{"id":0.1000000000000000055511},{"id":0.1},{"id":-0},{"id":10},{"id":9.50}],"n":12345678901234567890}';
  const exact: ResultView = { ...view(), result: { status: 200, errors: [], warnings: [], timing: { totalMs: 1 }, dataJson: answer }, rawText: answer };

  test('the tree shows every number with its own digits', () => {
    const texts = allText(renderResult(exact));
    for (const digits of ['9007199254740993', '9007199254740992', '1e400', '-1e400', '0.1000000000000000055511', '-0', '9.50', '12345678901234567890']) {
      assert.ok(texts.includes(digits), `${digits} is shown`);
    }
    assert.ok(!texts.some((t) => /Infinity|^null$/.test(t)));
  });

  test('table cells show the digits and sort by exact value', () => {
    const document = new FakeDocument();
    mount(renderResult(exact), document, () => undefined);
    const table = document.elements.find((e) => e.tag === 'table' && e.className === 'rows') as FakeElement;
    const body = (): FakeElement[] => ((table.children.find((c) => 'tag' in c && c.tag === 'tbody') as FakeElement).children as FakeElement[]);
    const column = (index: number): string[] => body().map((tr) => (((tr.children[index] as FakeElement).children[0] as { data: string }).data));
    assert.deepEqual(column(1), ['9007199254740993', '9007199254740992', '1e400', '-1e400', '0.1000000000000000055511', '0.1', '-0', '10', '9.50']);
    assert.deepEqual(column(2)[0], '{"big":1e400}');
    assert.ok(body().every((tr) => (tr.children[1] as FakeElement).className === 'number'), 'numbers are right-aligned');
    const header = (((table.children[0] as FakeElement).children[0] as FakeElement).children as FakeElement[])[1] as FakeElement;
    click(header);
    assert.deepEqual(column(1), ['-1e400', '-0', '0.1', '0.1000000000000000055511', '9.50', '10', '9007199254740992', '9007199254740993', '1e400']);
    click(header);
    assert.deepEqual(column(1), ['1e400', '9007199254740993', '9007199254740992', '10', '9.50', '0.1000000000000000055511', '0.1', '-0', '-1e400']);
  });

  test('an answer with control characters and exact numbers: escapes and digits, in the tree and the table', () => {
    const hostile = '{"value":[{"id":9007199254740993,"note":"rlo\\u202eevil\\u001b[2J","big":1e400}],"d":0.1000000000000000055511}';
    const shown: ResultView = { ...view(), result: { status: 200, errors: [], warnings: [], timing: { totalMs: 1 }, dataJson: hostile }, rawText: hostile };
    const document = new FakeDocument();
    mount(renderResult(shown), document, () => undefined);
    for (const details of document.elements.filter((e) => e.tag === 'details')) openDetails(details);
    const texts = [...allText(renderResult(shown)), ...document.texts.map((t) => t.data)];
    assert.deepEqual(texts.flatMap(actsOnTerminal), []);
    for (const digits of ['9007199254740993', '1e400', '0.1000000000000000055511']) assert.ok(texts.includes(digits), `${digits} is shown`);
    assert.ok(texts.includes('rlo\\u202eevil\\u001b[2J'), 'the table cell shows the escapes');
  });

  test('a result kept by an older version (data as plain JSON) is still shown', () => {
    const old = { ...view(), result: { status: 200, errors: [], warnings: [], timing: { totalMs: 1 }, data: { name: 'Rex' } } } as unknown as ResultView;
    assert.ok(allText(renderResult(old)).includes('"Rex"'));
  });

  test('a batch shows one section per item: its request, change set, status, errors and data', () => {
    const tree = renderResult(view({
      data: [{ status: 201, data: { ID: 1 }, errors: [] }, { status: 400, data: null, errors: ["Change set 'books' failed at item 2 (HTTP 400); none of its changes were applied."] }],
      batchItems: [{ request: 'createBook', changeSet: 'books' }, { request: 'createBook', changeSet: 'books' }],
    }));
    const sections = (tree.kind === 'element' ? tree.children : []).filter((c) => c.kind === 'element' && c.className === 'batch-item');
    assert.equal(sections.length, 2);
    const [first, second] = sections.map((s) => allText(s).join(' | '));
    assert.match(first ?? '', /^Item 1: createBook \(change set 'books'\) \| 201 \|/);
    assert.match(first ?? '', /ID/);
    assert.match(second ?? '', /^Item 2: createBook \(change set 'books'\) \| 400 \| Change set 'books' failed at item 2/);
  });
});
