// The diagnostics published at each keystroke reuse the previous version's objects for findings the edit did not
// move (their JSON is kept: messageEncoding.ts), and are always those of the same text checked afresh.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getLanguageService, LineIndex, type ChangedRegion } from '../../server/src/core';
import type { DocumentAnalysis } from '../../server/src/lsp/context';
import { diagnosticsOf, PublishedDiagnostics } from '../../server/src/lsp/publishedDiagnostics';
import { generateConnectorWithFindings } from '../bench/generate';

const URI = 'file:///project/typing.connector.json';

describe('diagnostics published while typing', () => {
  it('reuses the diagnostics of findings before the edit, even when their fixes (edits after it) moved, and of those after it on other lines', () => {
    const service = getLanguageService();
    let text = generateConnectorWithFindings(40);
    let state = service.update(undefined, text);
    let analysis: DocumentAnalysis = { uri: URI, version: 1, text, lines: new LineIndex(text), result: state.result };
    const published = new PublishedDiagnostics();
    let diagnostics = published.publish(analysis);
    try {
      const at = text.indexOf('"summary": "', text.length >> 1) + '"summary": "'.length;
      for (const [version, insert] of [[2, 'x'], [3, 'é'], [4, '\n']] as const) {
        const region: ChangedRegion = { start: at, oldEnd: at, newEnd: at + insert.length };
        const previous = { diagnostics, findings: state.result.findings, lines: analysis.lines };
        text = `${text.slice(0, at)}${insert}${text.slice(at)}`;
        state = service.update(state, text, undefined, region);
        analysis = { uri: URI, version, text, lines: new LineIndex(text, analysis.lines, region), result: state.result, edit: { fromVersion: version - 1, region } };
        diagnostics = published.publish(analysis);

        assert.deepEqual(diagnostics, diagnosticsOf(analysis), `version ${version}: the diagnostics of a fresh check`);
        const before = state.result.findings.filter((f) => f.offset + f.length < at);
        assert.ok(before.length > 20, 'findings before the edit');
        // The premise: the check gives new objects for some of them (their fix adds a setting at the end of the file).
        assert.ok(before.some((f, i) => f !== previous.findings[i]), 'findings before the edit made anew by the check');
        before.forEach((_, i) => assert.equal(diagnostics[i], previous.diagnostics[i], `version ${version}: the diagnostic of finding ${i} (before the edit) reused`));
        const editLine = analysis.lines.positionAt(at).line;
        const after = diagnostics.length - diagnostics.findIndex((d) => d.range.start.line > editLine + 1);
        const reusedAfter = diagnostics.slice(-after).filter((d, i) => d === previous.diagnostics[previous.diagnostics.length - after + i]).length;
        // A line break moves every line after it: those are made anew; otherwise they are reused (those of the edited
        // operation too: its rules ran again, and said the same).
        assert.ok(after > 20, 'findings after the edit');
        assert.equal(reusedAfter, insert === '\n' ? 0 : after, `version ${version}: diagnostics after the edit reused`);
      }
    } finally {
      published.forget(URI);
    }
  });
});
