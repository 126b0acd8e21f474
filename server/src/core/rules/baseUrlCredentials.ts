import { BASE_URL_CREDENTIALS, userInfoSpan } from '../http/url';
import { spanInString } from './restShared';
import type { ConnectorRule } from './types';

/** A user name or password written into `baseUrl` sits in the file in the clear and shows in every address. */
export const baseUrlCredentials: ConnectorRule = {
  id: 'base-url-credentials',
  subject: 'connector',
  appliesTo: 'any',
  defaultSeverity: 'error',
  docs: {
    summary: 'A user name or password before the host in `baseUrl` (`https://user:password@host`).',
    why: 'The connector file is shared and committed, so the credentials would be readable by everyone with the file; they would also show in every address a preview, a log or a result prints.',
    fix: 'Removes the credentials from `baseUrl`; sign in with `authorization` and a named secret instead.',
    securitySeverity: 7.5,
  },
  check(connector, context) {
    const base = connector.baseUrl;
    const span = base && userInfoSpan(base.value);
    if (!base || !span) return;
    const without = base.value.slice(0, span.start) + base.value.slice(span.start + span.length);
    context.report({
      at: spanInString(context.text, base.node, span.start, span.length),
      message: BASE_URL_CREDENTIALS,
      fixes: [{ title: "Remove the credentials from 'baseUrl'", edits: [{ offset: base.node.offset, length: base.node.length, content: JSON.stringify(without) }] }],
    });
  },
};
