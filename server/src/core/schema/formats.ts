import { fullFormats } from 'ajv-formats/dist/formats';
import { patternProblem } from '../pattern';
import { rememberedByText } from '../rememberedByText';

const fullUri = fullFormats.uri as (text: string) => boolean;

/**
 * The common shape of a url, `scheme://host[:port][/path]` in characters that need no escaping, each of which the full
 * URI expression (RFC 3986) takes too: most urls are told by this short expression, and the long one, which costs
 * milliseconds to compile at its first use in every process and thread, is not compiled for them.
 */
const PLAIN_URL = /^[a-z][a-z0-9+.-]*:\/\/[a-z0-9._~-]+(?::\d*)?(?:\/[a-z0-9._~!$&'()*+,;=:@-]*)*$/i;

/** Whether `text` is a URI as ajv-formats' full `uri` format judges it. */
export function isUri(text: string): boolean {
  return PLAIN_URL.test(text) || fullUri(text);
}

/**
 * The string formats the connector schema uses. The validator compiled while the tests run and the one compiled
 * into the bundles both take them from here, so they judge alike.
 */
export const formats = {
  // Connectors repeat their urls (baseUrl, token endpoint): each is matched against the long URI expression once.
  uri: rememberedByText(isUri),
  // A `pattern` is valid when the one matcher that runs patterns accepts it.
  regex: { type: 'string' as const, validate: (source: string): boolean => patternProblem(source) === undefined },
};
