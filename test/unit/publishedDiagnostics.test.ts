// The diagnostics published at each keystroke reuse the previous version's objects for findings the edit did not
// move (their bytes are copied from one message to the next: messageEncoding.ts), and are always those of the same text checked afresh.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getLanguageService, LineIndex, type ChangedRegion, type CheckState } from '../../server/src/core';
import type { DocumentAnalysis } from '../../server/src/lsp/context';
import type { Diagnostic } from 'vscode-languageserver';
import { diagnosticsOf, PublishedDiagnostics } from '../../server/src/lsp/publishedDiagnostics';
import { generateConnectorWithFindings } from '../bench/generate';

const URI = 'file:///project/typing.connector.json';

/** A file of 40 operations full of findings, opened: its check, its analysis and its diagnostics published. */
function openedWithFindings(): { text: string; state: CheckState; analysis: DocumentAnalysis; published: PublishedDiagnostics; diagnostics: Diagnostic[] } {
  const text = generateConnectorWithFindings(40);
  const state = getLanguageService().update(undefined, text);
  const analysis: DocumentAnalysis = { uri: URI, version: 1, text, lines: new LineIndex(text), result: state.result };
  const published = new PublishedDiagnostics();
  return { text, state, analysis, published, diagnostics: published.publish(analysis) };
}

describe('diagnostics published while typing', () => {
  it('reuses the diagnostics of findings before the edit, even when their fixes (edits after it) moved, and of those after it on other lines', () => {
    const service = getLanguageService();
    const opened = openedWithFindings();
    let { text, state, analysis, diagnostics } = opened;
    const { published } = opened;
    try {
      const at = text.indexOf('"summary": "', text.length >> 1) + '"summary": "'.length;
      let keptChecked = 0;
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
        // The premise, at the first keystroke: the check gives new objects for some of them (their fix, adding a
        // setting at the end of the file, moved); after it, the same objects (the fix is kept counted from the end).
        if (version === 2) assert.ok(before.some((f, i) => f !== previous.findings[i]), 'findings before the edit made anew by the check');
        else if (state.checked === 'one-operation') {
          // Those of the operations before the edited one (whose findings the check makes anew).
          const edited = state.units?.spans.find((u) => u.offset <= at && at < u.offset + u.length)?.offset ?? 0;
          const notKept = before.filter((f, i) => f.offset < edited && f !== previous.findings[i]);
          assert.deepEqual(notKept.map((f) => [f.code, f.offset]), [], 'findings before the edit kept as they were');
          keptChecked++;
        }
        before.forEach((_, i) => assert.equal(diagnostics[i], previous.diagnostics[i], `version ${version}: the diagnostic of finding ${i} (before the edit) reused`));
        const editLine = analysis.lines.positionAt(at).line;
        const after = diagnostics.length - diagnostics.findIndex((d) => d.range.start.line > editLine + 1);
        const reusedAfter = diagnostics.slice(-after).filter((d, i) => d === previous.diagnostics[previous.diagnostics.length - after + i]).length;
        // A line break moves every line after it: those are made anew; otherwise they are reused (those of the edited
        // operation too: its rules ran again, and said the same).
        assert.ok(after > 20, 'findings after the edit');
        assert.equal(reusedAfter, insert === '\n' ? 0 : after, `version ${version}: diagnostics after the edit reused`);
      }
      assert.ok(keptChecked > 0, 'an edit was checked in part after the first');
    } finally {
      published.forget(URI);
    }
  });
});

describe('a rehearsed keystroke', () => {
  it('gets the diagnostics publishing would give it, made the same way, and leaves what the next real keystroke reuses as it was', () => {
    const service = getLanguageService();
    const { text, state, analysis: opened, published, diagnostics: first } = openedWithFindings();
    const keystroke = (insert: string): DocumentAnalysis => {
      const at = text.indexOf('"summary": "', text.length >> 1) + '"summary": "'.length;
      const region: ChangedRegion = { start: at, oldEnd: at, newEnd: at + insert.length };
      const next = `${text.slice(0, at)}${insert}${text.slice(at)}`;
      return { uri: URI, version: 2, text: next, lines: new LineIndex(next, opened.lines, region), result: service.update(state, next, undefined, region).result, edit: { fromVersion: 1, region } };
    };
    const rehearsal = keystroke(' ');
    const rehearsed = published.rehearse(rehearsal);
    assert.deepEqual(rehearsed, diagnosticsOf(rehearsal), 'the diagnostics of a fresh check');
    assert.ok(rehearsed.filter((d, i) => d === first[i]).length > 20, 'made as a keystroke\'s are: the published ones reused');
    // Rehearsed twice more: still from the version opened, not from a rehearsal.
    published.rehearse(keystroke('y'));
    published.rehearse(keystroke('z'));
    const real = keystroke('x');
    const diagnostics = published.publish(real);
    assert.deepEqual(diagnostics, diagnosticsOf(real));
    assert.equal(diagnostics.filter((d) => rehearsed.includes(d) && !first.includes(d)).length, 0, 'nothing of a rehearsal published');
    assert.ok(diagnostics.filter((d, i) => d === first[i]).length > 20, 'the diagnostics of the version opened reused');
    assert.ok(published.published(real), 'the real keystroke is what was published');
    assert.equal(published.published(rehearsal), false);
    published.forget(URI);
  });
});

describe('diagnostics published after edits near line breaks', () => {
  it('are those made afresh, in LF and CR LF files, for edits that add, remove, split or join lines, at the end of the file too', () => {
    const service = getLanguageService();
    // The third file ends without its closing brace: a finding at its very end, on the line typed in.
    for (const [eol, unclosed] of [['\n', false], ['\r\n', false], ['\n', true]] as const) {
      const whole = generateConnectorWithFindings(12).replaceAll('\n', eol);
      let text = unclosed ? `${whole.trimEnd().slice(0, -1)}  "x": 1` : whole;
      let state = service.update(undefined, text);
      let analysis: DocumentAnalysis = { uri: URI, version: 1, text, lines: new LineIndex(text), result: state.result };
      const published = new PublishedDiagnostics();
      published.publish(analysis);
      try {
        let seed = 7;
        const next = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
        for (let version = 2; version < 160; version++) {
          // Around a line break most of the time (before it, between CR and LF, after it), else anywhere, the last line included.
          const breaks = [...text.matchAll(/\r?\n/g)].map((m) => (m.index ?? 0) + Math.floor(next() * (m[0].length + 1)));
          const at = next() < 0.7 ? breaks[Math.floor(next() * breaks.length)] as number : next() < 0.5 ? text.length - Math.floor(next() * 3) : Math.floor(next() * text.length);
          const remove = Math.min(Math.floor(next() * 3), text.length - at);
          const insert = ['x', '', '\n', '\r', '\r\n', 'é', ' "a"'][Math.floor(next() * 7)] as string;
          const region: ChangedRegion = { start: at, oldEnd: at + remove, newEnd: at + insert.length };
          text = `${text.slice(0, at)}${insert}${text.slice(at + remove)}`;
          state = service.update(state, text, undefined, region);
          analysis = { uri: URI, version, text, lines: new LineIndex(text, analysis.lines, region), result: state.result, edit: { fromVersion: version - 1, region } };
          assert.deepEqual(published.publish(analysis), diagnosticsOf(analysis), `${JSON.stringify(eol)} version ${version}: ${JSON.stringify(insert)} at ${at} over ${remove}`);
        }
      } finally {
        published.forget(URI);
      }
    }
  });
});
