import { MAX_PAGES_LIMIT } from '../core';
import { UsageError } from './usage';

/** The longest a request may take, as the editor's setting allows (one hour); timers cannot count much further. */
export const MAX_TIMEOUT_MS = 3_600_000;

/** `--timeout MS`: a whole number of milliseconds from 1 to an hour. */
export function timeoutOption(text: string): number {
  const ms = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!Number.isSafeInteger(ms) || ms < 1 || ms > MAX_TIMEOUT_MS) {
    throw new UsageError(`--timeout takes a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS} (an hour), e.g. --timeout 5000; got '${text}'.`);
  }
  return ms;
}

/** `--max-pages N`: a whole number of pages from 1 to MAX_PAGES_LIMIT. */
export function maxPagesOption(text: string): number {
  const pages = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!Number.isSafeInteger(pages) || pages < 1 || pages > MAX_PAGES_LIMIT) {
    throw new UsageError(`--max-pages takes a whole number of pages from 1 to ${MAX_PAGES_LIMIT}, e.g. --max-pages 20; got '${text}'.`);
  }
  return pages;
}
