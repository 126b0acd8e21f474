import { oauth2TokenUrl } from '../../../server/src/core/rules/oauth2TokenUrl';
import { operation, restConnector } from '../../support/connectorText';
import { ruleTable } from '../../support/ruleTable';

const doc = (tokenUrl: string, scheme = 'oauth2'): string => restConnector([operation('a', 'GET', '/x', [])],
  `"authorization": { "scheme": "${scheme}", ${scheme === 'oauth2' ? `"flow": "clientCredentials", "tokenUrl": "${tokenUrl}", "clientId": "c", ` : ''}"secret": "s" }`);

ruleTable(oauth2TokenUrl, [
  { name: 'an https token endpoint passes', text: doc('https://login.example.com/realms/ifs/protocol/openid-connect/token') },
  { name: 'plain http on this machine passes (127.0.0.1)', text: doc('http://127.0.0.1:3032/token') },
  { name: 'plain http on this machine passes (localhost, ::1)', text: doc('http://localhost:8080/token') },
  { name: 'plain http on this machine passes ([::1])', text: doc('http://[::1]:8080/token') },
  { name: 'a token endpoint with a query passes (RFC 6749 allows one)', text: doc('https://login.example.com/token?tenant=a') },
  { name: 'other schemes are not checked', text: doc('', 'bearer') },
  {
    name: 'plain http elsewhere would carry the client secret unencrypted',
    text: doc('http://login.example.com/token'),
    expect: [{ at: '"http://login.example.com/token"', message: /unencrypted to login\.example\.com\. Use https/ }],
  },
  {
    name: 'a host that merely starts with 127 is not this machine',
    text: doc('http://127.0.0.1.example.com/token'),
    expect: [{ at: '"http://127.0.0.1.example.com/token"', message: /unencrypted/ }],
  },
  { name: 'a fragment is refused', text: doc('https://login.example.com/token#x'), expect: [{ at: '"https://login.example.com/token#x"', message: /no fragment/ }] },
  { name: 'credentials in the URL are refused', text: doc('https://a:b@login.example.com/token'), expect: [{ at: '"https://a:b@login.example.com/token"', message: /Credentials do not belong/ }] },
]);

const codeFlow = (authorizationUrl: string): string => restConnector([operation('a', 'GET', '/x', [])],
  `"authorization": { "scheme": "oauth2", "flow": "authorizationCode", "authorizationUrl": "${authorizationUrl}", "tokenUrl": "https://login.example.com/token", "clientId": "c" }`);

ruleTable(oauth2TokenUrl, [
  { name: 'an https sign-in page passes', text: codeFlow('https://login.example.com/realms/ifs/protocol/openid-connect/auth') },
  { name: 'a sign-in page on this machine passes', text: codeFlow('http://127.0.0.1:3032/auth') },
  {
    name: "plain http elsewhere would carry the user's sign-in unencrypted",
    text: codeFlow('http://login.example.com/auth'),
    expect: [{ at: '"http://login.example.com/auth"', message: /^'authorizationUrl': The user's sign-in would travel unencrypted to login\.example\.com\. Use https/ }],
  },
  { name: "a sign-in page's own query (a tenant hint) passes", text: codeFlow('https://login.example.com/auth?kc_idp_hint=corp') },
  {
    name: 'a sign-in page that sets the redirect itself could send the code elsewhere',
    text: codeFlow('https://login.example.com/auth?redirect_uri=https://evil.example/&state=x'),
    expect: [{ at: '"https://login.example.com/auth?redirect_uri=https://evil.example/&state=x"', message: /^'authorizationUrl': The authorization endpoint's address sets 'redirect_uri', 'state', which each sign-in sets itself; remove them/ }],
  },
  { name: 'a sign-in page on another scheme', text: codeFlow('ftp://login.example.com/auth'), expect: [{ at: '"ftp://login.example.com/auth"', message: /^'authorizationUrl': The authorization endpoint must be an https URL, not ftp:/ }] },
]);
