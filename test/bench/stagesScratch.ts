// scratch: per-stage timing of a keystroke in-process (not committed)
import { performance } from 'node:perf_hooks';
import { getLanguageService, LineIndex } from '../../server/src/core';
import { toDiagnostic } from '../../server/src/lsp/convert';
import { generateConnectorWithFindings, generateArraysAndHeadersConnector } from './generate';
import { percentile } from './stats';

const shape = process.argv[2] ?? 'findings';
let text = shape === 'findings' ? generateConnectorWithFindings(1000) : generateArraysAndHeadersConnector(1000);
const service = getLanguageService();
let state = service.update(undefined, text, {});
let lines = new LineIndex(text);
const at = text.indexOf('"summary": "Search items 500"') + '"summary": "Search items 500'.length;
const t: Record<string, number[]> = { update: [], lines: [], diags: [], encode: [], total: [] };
for (let v = 0; v < 300; v++) {
  text = `${text.slice(0, at)}${String.fromCharCode(97 + (v % 26))}${text.slice(at)}`;
  const t0 = performance.now();
  state = service.update(state, text, {}, { start: at, oldEnd: at, newEnd: at + 1 });
  const t1 = performance.now();
  lines = new LineIndex(text, lines, { start: at, oldEnd: at, newEnd: at + 1 });
  const t2 = performance.now();
  const diagnostics = state.result.findings.map((f) => toDiagnostic(lines, f, 'file:///x.connector.json'));
  const t3 = performance.now();
  const json = JSON.stringify({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: 'file:///x', version: v, diagnostics } });
  const t4 = performance.now();
  if (v >= 100) {
    t.update!.push(t1 - t0); t.lines!.push(t2 - t1); t.diags!.push(t3 - t2); t.encode!.push(t4 - t3); t.total!.push(t4 - t0);
  }
  if (v === 0) console.log('findings', state.result.findings.length, 'json bytes', json.length, 'checked', (state as { checked?: string }).checked);
}
for (const [k, xs] of Object.entries(t)) console.log(k.padEnd(8), 'p50', percentile(xs, 50).toFixed(2), 'p95', percentile(xs, 95).toFixed(2), 'mean', (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2));
