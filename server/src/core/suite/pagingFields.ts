// `allPages` and `maxPages` of a case or a scenario step: read the same way for both, with the same warning when
// `maxPages` is written without `allPages`.
import type { Node } from 'jsonc-parser';
import type { Finding, Span } from '../findings';
import type { PagingOptions } from '../http/exchange';
import { DEFAULT_MAX_PAGES, MAX_PAGES_LIMIT } from '../http/pages';
import { spanOf, valueOf } from '../tree';

/** The `allPages`/`maxPages` fields of a case or step: the paging asked for, and where `maxPages` is written. */
export interface PagingFields {
  /** `allPages` (with `maxPages`): every page is read and the rows joined before the expectation is checked. */
  paging?: PagingOptions;
  /** `maxPages` as written, for the warning when `allPages` is not set. */
  maxPagesSpan?: Span;
}

/** A `maxPages` when the schema allows it, else the default (the schema reports what is wrong with it). */
function pageLimit(node: Node | undefined): number {
  const value = node?.value;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= MAX_PAGES_LIMIT ? value : DEFAULT_MAX_PAGES;
}

/** Reads `allPages` and `maxPages` of a case or step object. */
export function readPagingFields(node: Node): PagingFields {
  const allPages = valueOf(node, 'allPages');
  const maxPages = valueOf(node, 'maxPages');
  return {
    ...(allPages?.value === true ? { paging: { maxPages: pageLimit(maxPages) } } : {}),
    ...(maxPages ? { maxPagesSpan: spanOf(maxPages) } : {}),
  };
}

/** The warning for a `maxPages` without `allPages`, which limits nothing; `what` names the case or step. */
export function maxPagesAloneFinding(what: string, fields: PagingFields): Finding[] {
  if (!fields.maxPagesSpan || fields.paging) return [];
  const message = `${what} limits the pages with "maxPages" but does not read them all; add "allPages": true, or remove "maxPages".`;
  return [{ code: 'tests-max-pages-alone', severity: 'warning', message, offset: fields.maxPagesSpan.offset, length: fields.maxPagesSpan.length }];
}
