import { againstBase, namesScheme } from '../../http/url';
import { pathPlaceholders } from '../../placeholders';
import { keptKey, rememberedByText } from '../../rememberedByText';
import { quoted } from '../restShared';
import type { CustomRequestRule } from '../types';
import { parameterModeOf, requestName } from './shared';

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** Why `joined` is no absolute http(s) URL, or undefined when it is one. */
function schemeProblem(joined: string, absolute: boolean): string | undefined {
  // A URL that parses and begins with its scheme (nothing the parser strips before it, no tab or line break inside
  // it) has that scheme: asking whether it parses spares making a URL object for every url of every file.
  const scheme = SCHEME.exec(joined)?.[1]?.toLowerCase();
  if (scheme !== undefined && URL.canParse(joined)) return scheme === 'http' || scheme === 'https' ? undefined : `its scheme is ${quoted(scheme)}, not http or https`;
  try {
    const parsed = new URL(joined);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `its scheme is ${quoted(parsed.protocol.replace(/:$/, ''))}, not http or https`;
  } catch {
    return absolute ? 'it is not a valid URL' : `${quoted(joined)} is not a valid URL`;
  }
  return undefined;
}

/** Why `url` (its parameters filled, joined to `base` when relative) is no absolute http(s) URL; undefined when it is one, or relative with no base. */
function urlProblem(base: string | undefined, url: string): string | undefined {
  const sample = url.replace(/\{[^{}]*\}/g, 'x');
  const absolute = namesScheme(sample);
  if (!absolute && base === undefined) return undefined;
  return schemeProblem(againstBase(base ?? '', sample), absolute);
}

/** baseUrls whose urls' verdicts are kept (all forgotten at once past it): a file has one, a workspace a few. */
const BASES_KEPT = 4;
const verdictsByBase = new Map<string | undefined, (url: string) => string | undefined>();

/**
 * urlProblem, remembered per baseUrl and url as written: connectors of one service repeat their urls, and a url is
 * then judged once, not filled, joined and looked up again (the joined text is a new string every time).
 */
function problemOf(base: string | undefined, url: string): string | undefined {
  let verdicts = verdictsByBase.get(base);
  if (!verdicts) {
    if (verdictsByBase.size >= BASES_KEPT) verdictsByBase.clear();
    const kept = base === undefined ? undefined : keptKey(base);
    verdicts = rememberedByText((written) => urlProblem(kept, written));
    verdictsByBase.set(kept, verdicts);
  }
  return verdicts(url);
}

/** The url, joined to baseUrl when relative, must be an absolute http(s) URL. */
export const urlNotAbsolute: CustomRequestRule<'baseUrl'> = {
  id: 'url-not-absolute',
  subject: 'customRequest',
  reads: { baseUrl: true },
  defaultSeverity: 'error',
  docs: {
    summary: 'A Custom request `url` that cannot become an absolute http(s) URL, on its own or after `baseUrl`.',
    why: 'A Custom request\'s url is the full URL of the OData resource; a relative url is resolved against the connector\'s baseUrl (what the platform\'s "Get base url" button inserts).',
  },
  check(request, { connector, report }) {
    const base = connector.baseUrl?.value;
    const url = request.url;
    if (!url) return;
    // In 'onlyPath' mode a parameter may stand for any part of the url, even the scheme and host.
    if (parameterModeOf(request) === 'onlyPath' && pathPlaceholders(url.value).some((p) => p.index === 0)) return;
    const problem = problemOf(base, url.value);
    if (!problem) return;
    report({
      at: url.node,
      message: `The url of ${quoted(requestName(request))} cannot become an absolute URL: ${problem}. Write a full http(s) URL, or a path relative to baseUrl such as "Orders('{orderNo}')".`,
    });
  },
};
