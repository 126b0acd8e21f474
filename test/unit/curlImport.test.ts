// Reading curl command lines as bash and curl read them, and what an import makes of each option; hostile input gets
// a precise message, never a crash or a hang, and never a read file.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readCurlScript } from '../../server/src/core/requestImport/curlScript';
import { convertPastedCurl, pastedCurlAt } from '../../server/src/core/requestImport/pastedCurl';
import { importRequestTexts, type RequestImportInput } from '../../server/src/core/requestImport/importSource';
import { literalOf, readShell } from '../../server/src/core/requestImport/shellWords';
import { typeOfExampleText } from '../../server/src/core/values/examples';

function words(text: string): string[] {
  const read = readShell(text);
  assert.ok(read.ok, read.ok ? '' : read.error.message);
  return read.script.pipelines.flatMap((p) => p.commands.flatMap((c) => c.words.map((w) => literalOf(w) ?? '<var>')));
}

function imported(text: string, options: Partial<RequestImportInput> = {}): Extract<ReturnType<typeof importRequestTexts>, { ok: true }> {
  const outcome = importRequestTexts({ kind: 'curl', text, label: 'test', ...options });
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.message);
  return outcome;
}

describe('the shell words of a pasted command', () => {
  test('quotes, escapes, $\'...\' and line continuations (LF and CRLF) read as bash reads them', () => {
    assert.deepEqual(words(`curl 'a b' "c \\"d\\" \\$e" f\\ g $'h\\ti\\x41\\u00e9\\'' \\\n  j \\\r\n k`), ['curl', 'a b', 'c "d" $e', 'f g', "h\tiAé'", 'j', 'k']);
    assert.deepEqual(words(`curl $'\\xc3\\xa9'`), ['curl', 'é']);
    assert.deepEqual(words('curl x # a comment\n'), ['curl', 'x']);
  });

  test('an unbalanced quote, NUL, backquotes and cmd.exe carets are refused with where they are', () => {
    const cases: [string, RegExp][] = [
      ["curl 'https://x", /single quote .* never closed/],
      ['curl "https://x', /double quote .* never closed/],
      ["curl $'x", /\$'\.\.\.' quote is never closed/],
      ['curl https://x\0', /NUL/],
      ['curl `cat url`', /backquotes/],
      ['curl ^\n -X POST', /cmd\.exe/],
      ['curl $((1+1))', /arithmetic/],
      ['curl ${X:-y}', /only \$\{NAME\}/],
      ['( curl x )', /subshell/],
      ['curl x <<EOF', /here-document/],
    ];
    for (const [text, message] of cases) {
      const read = readCurlScript(text);
      assert.ok(!read.ok, text);
      assert.match(read.message, message, text);
      assert.ok(read.offset >= 0 && read.offset <= text.length, text);
    }
  });

  test('a command of 9 million characters is refused at once, and a large body is read in linear time', () => {
    const huge = readCurlScript(`curl https://x -d '${'a'.repeat(9 * 1024 * 1024)}'`);
    assert.ok(!huge.ok);
    assert.match(huge.message, /at most 8388608 are read/);
    const body = JSON.stringify({ items: Array.from({ length: 20_000 }, (_, i) => ({ i, name: `n${i}` })) });
    const big = imported(`curl https://api.example.com/items -H 'Content-Type: application/json' -d '${body}'`);
    assert.match(big.text, /"type": "array"/);
  });
});

describe('curl options', () => {
  test('short options run together, -G with data, --url, --json and --compressed', () => {
    const one = imported("curl -sSLXPOST -did=1234 --compressed --url https://api.example.com/things");
    assert.match(one.text, /"method": "POST"/);
    assert.match(one.text, /\{ "name": "id", "location": "form", "type": "integer" \}/);
    const get = imported("curl -G https://api.example.com/search -d q=cats --data-urlencode 'note=a b&c'");
    assert.match(get.text, /"method": "GET"/);
    assert.match(get.valuesText ?? '', /"note": "a b&c"/);
    const json = imported(`curl --json '{"a":1}' https://api.example.com/a`);
    assert.match(json.text, /"Content-Type": "application\/json", "Accept": "application\/json"/);
  });

  test('-k and a proxy are reported; an unknown option and a second URL are refused', () => {
    const insecure = imported('curl -k -x http://proxy:3128 https://api.example.com/a');
    const reasons = insecure.result.notes.map((n) => n.reason).join('\n');
    assert.match(reasons, /skipped certificate checks \(-k\)/);
    assert.match(reasons, /-x sets a proxy/);
    const unknown = readCurlScript('curl --frobnicate 1 https://x');
    assert.ok(!unknown.ok);
    assert.match(unknown.message, /no option '--frobnicate'/);
    const two = readCurlScript('curl https://a https://b');
    assert.ok(!two.ok);
    assert.match(two.message, /2 URLs/);
    assert.ok(!readCurlScript('curl -K opts.txt https://a').ok);
  });

  test('@file is named, never read: -d @file, --data-binary @file, -F f=@file, -T file', () => {
    const outside = '/etc/passwd';
    for (const option of [`-d @${outside}`, `--data-binary @${outside}`, `-T ${outside}`]) {
      const result = imported(`curl -X PUT https://api.example.com/upload ${option}`, { filePath: (p) => p });
      assert.match(result.text, /"type": "stream"/, option);
      assert.match(result.valuesText ?? '', /"body": "\/etc\/passwd"/, option);
      assert.doesNotMatch(result.valuesText ?? '', /root:/, option);
    }
    const form = imported(`curl https://api.example.com/upload -F 'doc=@${outside};type=text/plain' -F note=hi`);
    assert.match(form.text, /\{ "name": "doc", "location": "form", "type": "fileGallery" \}/);
    assert.match(form.valuesText ?? '', /"doc": \{ "Filename": "passwd", "Data": "\/etc\/passwd" \}/);
    assert.match(form.result.notes.map((n) => n.reason).join('\n'), /sent as application\/octet-stream/);
  });

  test('a header holding CR/LF is left out and reported, never written', () => {
    const result = imported("curl https://api.example.com/a -H $'X-Forged: a\\r\\nInjected: yes'");
    assert.doesNotMatch(result.text, /Injected/);
    assert.match(result.result.notes.map((n) => n.reason).join('\n'), /X-Forged.*line break.*left out/);
  });

  test('a HEAD, and the output passed to another command, are reported; other commands are left aside', () => {
    const outcome = importRequestTexts({ kind: 'curl', text: 'curl -I https://api.example.com/a; echo done; curl https://api.example.com/b | jq .', label: 'x' });
    assert.ok(outcome.ok);
    const reasons = outcome.result.notes.map((n) => `${n.where}: ${n.reason}`).join('\n');
    assert.match(reasons, /curl command 1: .*not HEAD/);
    assert.match(reasons, /'echo' is not a curl command/);
    assert.match(reasons, /passed to 'jq'/);
    assert.equal(outcome.result.connector.operations.length, 1);
  });

  test('a DELETE with a body keeps the operation and reports the body', () => {
    const result = imported(`curl -X DELETE https://api.example.com/a/1 -H 'Content-Type: application/json' -d '{"why":"x"}'`);
    assert.match(result.text, /"method": "DELETE"/);
    assert.doesNotMatch(result.text, /"location": "body"/);
    assert.match(result.result.notes.map((n) => n.reason).join('\n'), /body is left out.*not DELETE/);
  });

  test('shell variables: assigned ones give their value, a secret variable becomes the secret\'s name', () => {
    const result = imported('BASE=https://api.example.com/v2\ncurl "$BASE/pets/$PET_ID" -H "X-Api-Key: $CONNECTOR_SECRET_PETS"');
    assert.match(result.text, /"baseUrl": "https:\/\/api.example.com"/);
    assert.match(result.text, /"path": "\/v2\/pets\/\{PET_ID\}"/);
    assert.match(result.text, /"authorization": \{ "scheme": "apiKey", "in": "header", "name": "X-Api-Key", "secret": "pets" \}/);
  });
});

describe('credentials never land in a file', () => {
  const SECRET = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';
  const cases: [string, string, RegExp][] = [
    ['Authorization: Bearer', `curl https://api.example.com/a -H 'Authorization: Bearer ${SECRET}'`, /"scheme": "bearer"/],
    ['Authorization: Basic', `curl https://api.example.com/a -H 'Authorization: Basic ${Buffer.from(`me:${SECRET}`).toString('base64')}'`, /"scheme": "basic", "username": "me"/],
    ['-u', `curl -u 'me:${SECRET}' https://api.example.com/a`, /"scheme": "basic", "username": "me"/],
    ['user in the URL', `curl https://me:${SECRET}@api.example.com/a`, /"scheme": "basic", "username": "me"/],
    ['an API key header', `curl https://api.example.com/a -H 'X-Api-Key: ${SECRET}'`, /"in": "header", "name": "X-Api-Key"/],
    ['an API key in the query', `curl 'https://api.example.com/a?api_key=${SECRET}&page=2'`, /"in": "query", "name": "api_key"/],
    ['a cookie', `curl https://api.example.com/a -b 'session=${SECRET}'`, /"in": "header", "name": "Cookie"/],
    ['--oauth2-bearer', `curl --oauth2-bearer ${SECRET} https://api.example.com/a`, /"scheme": "bearer"/],
    ['a password in a JSON body', `curl https://api.example.com/login -H 'Content-Type: application/json' -d '{"user":"me","password":"${SECRET}"}'`, /"model"/],
    ['a password in a form', `curl https://api.example.com/login -d 'user=me&password=${SECRET}'`, /"name": "password", "location": "form"/],
    ['a second credential header', `curl https://api.example.com/a -H 'Authorization: Bearer ${SECRET}' -H 'X-Session-Token: ${SECRET}x'`, /"name": "X-Session-Token", "location": "header"/],
  ];
  for (const [title, command, expected] of cases) {
    test(title, () => {
      const result = imported(command);
      assert.match(result.text, expected);
      const everything = [result.text, result.valuesText ?? '', JSON.stringify(result.result.notes), JSON.stringify(result.changes ?? [])].join('\n');
      assert.ok(!everything.includes(SECRET), `the secret is nowhere:\n${everything}`);
      assert.ok(result.result.secrets.includes(SECRET) || result.result.secrets.some((s) => s.includes(SECRET)), 'the secret is known, to be kept out');
    });
  }
});

describe('values typed from their examples', () => {
  test('the narrowest type that sends the example\'s own text', () => {
    assert.deepEqual(typeOfExampleText('7'), { type: 'integer', value: 7 });
    assert.deepEqual(typeOfExampleText('9007199254740993'), { type: 'integer', format: 'int64', value: '9007199254740993' });
    assert.deepEqual(typeOfExampleText('1.5'), { type: 'number', value: 1.5 });
    assert.deepEqual(typeOfExampleText('1.50'), { type: 'string', value: '1.50' });
    assert.deepEqual(typeOfExampleText('007'), { type: 'string', value: '007' });
    assert.deepEqual(typeOfExampleText('1e400'), { type: 'string', value: '1e400' });
    assert.deepEqual(typeOfExampleText('true'), { type: 'boolean', value: true });
    assert.deepEqual(typeOfExampleText('2026-11-22T10:30:00Z'), { type: 'string', format: 'date-time', value: '2026-11-22T10:30:00Z', sentAs: '2026-11-22T10:30:00.000Z' });
    assert.deepEqual(typeOfExampleText('2024-02-30T10:00:00Z'), { type: 'string', value: '2024-02-30T10:00:00Z' });
    assert.deepEqual(typeOfExampleText('2026-11-22'), { type: 'string', value: '2026-11-22' });
  });
});

test('a curl command pasted into a file holding a long run of spaces is taken out in one pass', { timeout: 60_000 }, () => {
  // Before, the blanks before the command were found by a search that started again at every space of every run.
  const padding = ' '.repeat(1_000_000);
  const text = `{ "kind": "rest", "name": "x", "description": "${padding}x", "baseUrl": "https://api.example.com", "operations": [\n  curl https://api.example.com/pets\n] }`;
  const pasted = pastedCurlAt(text, text.indexOf('curl') + 2);
  assert.ok(pasted);
  const converted = convertPastedCurl(text, pasted);
  assert.ok(converted.ok, converted.ok ? '' : converted.message);
  assert.ok(!converted.text.includes('curl https'), 'the command is taken out of the file');
  assert.ok(converted.text.includes(`"${padding}x"`), 'the rest of the file is kept');
});
