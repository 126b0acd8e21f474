import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { userInfoSpan } from '../../../../server/src/core/http/url';
import { baseUrlCredentials } from '../../../../server/src/core/rules/baseUrlCredentials';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const withBase = (base: string): string => restConnector([operation('a', 'GET', '/r', [])]).replace('https://api.example.com', base);

ruleTable(baseUrlCredentials, [
  { name: 'a plain base passes', text: withBase('https://h/api') },
  { name: 'an @ in the path is not user info', text: withBase('https://h/api/@me') },
  {
    name: 'a user and password before the host are an error that does not repeat them, fixed by removing them',
    text: withBase('https://svc:s3cret@h/api'),
    expect: [{ at: 'svc:s3cret@', message: /credentials before the host.*authorization/ }],
    fixed: withBase('https://h/api'),
  },
  { name: 'a user alone too', text: withBase('https://token@h'), expect: [{ at: 'token@' }], fixed: withBase('https://h') },
  { name: 'an @ inside the password: the user info runs to the last @ before the host ends', text: withBase('https://u:p@ss@h/x'), expect: [{ at: 'u:p@ss@' }], fixed: withBase('https://h/x') },
]);

describe('userInfoSpan', () => {
  it('finds what a URL parser takes as user name and password, and nothing else', () => {
    for (const [text, userInfo] of [
      ['https://u:p@h/x', 'u:p@'],
      ['https://u@h', 'u@'],
      ['https://h/a@b', undefined],
      ['https://h?q=a@b', undefined],
      ['https://h#a@b', undefined],
      ['https://h\\@evil/x', undefined],
      ['https://@h', undefined],
      ['https://:@h', undefined],
      ['/relative@x', undefined],
    ] as const) {
      const span = userInfoSpan(text);
      assert.equal(span === undefined ? undefined : text.slice(span.start, span.start + span.length), userInfo, text);
      if (URL.canParse(text)) {
        const url = new URL(text);
        assert.equal(url.username !== '' || url.password !== '', userInfo !== undefined, `${text}: the parser agrees`);
      }
    }
  });
});
