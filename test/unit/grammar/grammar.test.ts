import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import * as oniguruma from 'vscode-oniguruma';
import { INITIAL, parseRawGrammar, Registry, type IGrammar } from 'vscode-textmate';

const ROOT = join(__dirname, '..', '..', '..');
let grammar: IGrammar;

before(async () => {
  await oniguruma.loadWASM(readFileSync(join(ROOT, 'node_modules/vscode-oniguruma/release/onig.wasm')).buffer as ArrayBuffer);
  const registry = new Registry({
    onigLib: Promise.resolve({ createOnigScanner: (s) => new oniguruma.OnigScanner(s), createOnigString: (s) => new oniguruma.OnigString(s) }),
    loadGrammar: async () => parseRawGrammar(readFileSync(join(ROOT, 'syntaxes/connector-json.tmLanguage.json'), 'utf8'), 'connector-json.tmLanguage.json'),
  });
  const loaded = await registry.loadGrammar('source.connector-json');
  assert.ok(loaded);
  grammar = loaded;
});

/** The scopes of the first token whose text is `text` on a line. */
function scopesOf(line: string, text: string): string[] {
  const { tokens } = grammar.tokenizeLine(line, INITIAL);
  const token = tokens.find((t) => line.slice(t.startIndex, t.endIndex) === text);
  assert.ok(token, `no token ${JSON.stringify(text)} in ${JSON.stringify(line)}: ${tokens.map((t) => line.slice(t.startIndex, t.endIndex)).join('|')}`);
  return token.scopes;
}

test('{param} in a path is a path parameter', () => {
  assert.ok(scopesOf('{ "path": "/pets/{petId}/photos" }', 'petId').includes('variable.parameter.path.connector'));
  assert.ok(scopesOf('{ "url": "Orders(\'{orderNo}\')" }', 'orderNo').includes('variable.parameter.path.connector'));
});

test('{param} in another string is plain text', () => {
  const scopes = scopesOf('{ "summary": "see {petId}" }', 'see {petId}');
  assert.ok(!scopes.includes('variable.parameter.path.connector'));
});

test('{{variable}} is a template variable in bodies and headers', () => {
  assert.ok(scopesOf('{ "body": "{ \\"a\\": \\"{{name}}\\" }" }', 'name').includes('variable.other.readwrite.connector'));
  assert.ok(scopesOf('{ "headers": { "If-Match": "{{etag}}" } }', 'etag').includes('variable.other.readwrite.connector'));
});

test('keys, comments and numbers keep their JSON scopes', () => {
  assert.ok(scopesOf('{ "kind": "rest" } // a comment', ' a comment').some((s) => s.startsWith('comment.line')));
  assert.ok(scopesOf('{ "kind": "rest" }', 'kind').includes('support.type.property-name.json'));
  assert.ok(scopesOf('{ "limit": 20 }', '20').includes('constant.numeric.json'));
  assert.ok(scopesOf('/* block */ {}', ' block ').some((s) => s.startsWith('comment.block')));
});
