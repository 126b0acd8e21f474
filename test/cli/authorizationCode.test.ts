// `connector request` with the OAuth2 authorization code flow against the demo realm (a real OAuth2 server from the
// npm registry behind Keycloak's checks, on 127.0.0.1): the command prints the sign-in address to standard error and
// waits; the test plays the browser by following it. PKCE, state, the listener's life and the time limit.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { DEMO_PASSWORD, DEMO_PUBLIC_CLIENT_ID, DEMO_USER, startTokenEndpoint, type RunningTokenEndpoint } from '../../scripts/demo/tokenEndpoint';
import { printedAddress, signInWithBrowser, type BrowserVisit } from '../support/browser';
import { makeTempFolder, runCli, type TempFolder } from '../support/cli';
import { startFault, type RunningFault } from '../support/faultServers';

/** Whether anything still accepts connections on a port of 127.0.0.1. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('connector request: authorization code sign-in', () => {
  let realm: RunningTokenEndpoint;
  let api: RunningFault;
  let folder: TempFolder;
  let file: string;
  const tokensSeen: string[] = [];

  before(async () => {
    realm = await startTokenEndpoint(0);
    api = await startFault((req, res) => {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      tokensSeen.push(token);
      void realm.verify(token).then((ok) => res.writeHead(ok ? 200 : 401, { 'Content-Type': 'application/json' }).end(JSON.stringify({ signedIn: ok })));
    });
    const authorization = { scheme: 'oauth2', flow: 'authorizationCode', authorizationUrl: realm.authorizationUrl, tokenUrl: realm.tokenUrl, clientId: DEMO_PUBLIC_CLIENT_ID, scope: 'openid' };
    folder = makeTempFolder({ 'me.connector.json': JSON.stringify({ kind: 'rest', name: 'me', baseUrl: api.url, authorization, operations: [{ id: 'me', method: 'GET', path: '/me', parameters: [] }] }) });
    file = `${folder.path}/me.connector.json`;
  });
  after(async () => {
    folder.remove();
    await realm.close();
    await api.close();
  });

  /** Runs the command and, once it prints the address, does `browse` with it. */
  async function run(browse: (address: string) => Promise<BrowserVisit | undefined>, timeout = '30000') {
    let visit: Promise<BrowserVisit | undefined> | undefined;
    const done = await runCli(['request', file, 'me', '--timeout', timeout], {
      onStderr: (soFar) => {
        const address = printedAddress(soFar);
        if (address && !visit) visit = browse(address);
      },
    });
    return { done, address: printedAddress(done.stderr), visit: await visit };
  }

  test('prints the sign-in address to stderr, gets the code with PKCE and state, and sends the token; the listener is closed after', async () => {
    const { done, address, visit } = await run((a) => signInWithBrowser(a, { username: DEMO_USER, password: DEMO_PASSWORD }));
    assert.equal(done.code, 0, done.stderr);
    assert.match(done.stdout, /^Status: 200/);
    assert.match(done.stdout, /"signedIn": true/);
    assert.ok(address);
    const asked = new URL(address).searchParams;
    assert.equal(`${new URL(address).origin}${new URL(address).pathname}`, realm.authorizationUrl);
    assert.equal(asked.get('response_type'), 'code');
    assert.equal(asked.get('client_id'), DEMO_PUBLIC_CLIENT_ID);
    assert.equal(asked.get('code_challenge_method'), 'S256');
    assert.match(asked.get('code_challenge') ?? '', /^[A-Za-z0-9_-]{43}$/);
    assert.match(asked.get('state') ?? '', /^[A-Za-z0-9_-]{22}$/);
    assert.equal(asked.get('scope'), 'openid');
    const redirect = new URL(asked.get('redirect_uri') ?? '');
    assert.equal(redirect.hostname, '127.0.0.1');
    assert.equal(redirect.pathname, '/callback');
    assert.equal(visit?.callback?.status, 200);
    assert.match(visit?.callback?.text ?? '', /received the sign-in/);
    // The code went to the token endpoint with the verifier and the same redirect URI.
    const exchange = realm.requests.find((r) => r.body.grant_type === 'authorization_code');
    assert.equal(exchange?.body.redirect_uri, redirect.href);
    assert.match(exchange?.body.code_verifier ?? '', /^[A-Za-z0-9_-]{43}$/);
    // Nothing printed holds the token or the code.
    const token = tokensSeen.at(-1) ?? '';
    assert.ok(token.length > 20);
    assert.ok(!done.stdout.includes(token) && !done.stderr.includes(token));
    assert.ok(!done.stderr.includes(exchange?.body.code ?? '(none)'));
    assert.equal(await listening(Number(redirect.port)), false, 'the listener is closed once the code arrived');
  });

  test('an answer with another state is refused, and nothing is sent', async () => {
    const before = tokensSeen.length;
    const { done } = await run(async (address) => {
      const redirect = new URL(new URL(address).searchParams.get('redirect_uri') ?? '');
      await fetch(`${redirect.href}?code=forged&state=not-this-sign-in`);
      return undefined;
    });
    assert.equal(done.code, 2);
    assert.match(done.stderr, /carried another state than this sign-in sent .* nothing was accepted/);
    assert.equal(tokensSeen.length, before);
  });

  test('a cancelled sign-in at the identity provider is its error, named', async () => {
    const { done, visit } = await run((a) => signInWithBrowser(a, 'cancel'));
    assert.equal(done.code, 2);
    assert.match(done.stderr, /The identity provider answered the sign-in with access_denied \(The user cancelled the sign-in\.\)\. The sign-in was refused or cancelled/);
    assert.equal(visit?.callback?.status, 400);
  });

  test('no browser within --timeout: one message, and the listener is closed', async () => {
    const { done, address } = await run(async () => undefined, '500');
    assert.equal(done.code, 2);
    assert.match(done.stderr, /Waiting up to 500 ms for the sign-in \(--timeout\)/);
    assert.match(done.stderr, new RegExp(`No sign-in at ${new URL(realm.authorizationUrl).origin.replace(/\./g, '\\.')} arrived within 500 ms`));
    const port = Number(new URL(new URL(address ?? '').searchParams.get('redirect_uri') ?? '').port);
    assert.equal(await listening(port), false);
  });

  test('a preview names the sign-in page and sends nothing; the copied curl command asks for the token', async () => {
    const issued = realm.issued();
    const dry = await runCli(['request', file, 'me', '--dry-run']);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, new RegExp(`${new URL(realm.authorizationUrl).origin.replace(/\./g, '\\.')} +your own sign-in, in the browser`));
    assert.match(dry.stdout, /grant_type=authorization_code&code=•••&redirect_uri=http%3A%2F%2F127\.0\.0\.1%3A%3Cport%3E%2Fcallback&code_verifier=•••&client_id=connector-tools/);
    const curl = await runCli(['request', file, 'me', '--curl']);
    assert.match(curl.stdout, /^: "\$\{CONNECTOR_TOKEN:\?set CONNECTOR_TOKEN to an access token: this connector signs in in a browser\}" && curl /);
    assert.equal(realm.issued(), issued);
  });
});
