import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { RULE_CATALOG } from '../../server/src/core/ruleCatalog';

// Users read the docs, the rule explanations (docs, SARIF, hovers) and every message; they have never seen the
// project's internal planning material, so nothing they read may cite it.

const ROOT = join(__dirname, '..', '..');

/** Words that point at internal planning documents rather than at the platform or the user's files. */
const INTERNAL_REFERENCE = /\bseed\b|format contract|\bcontract\b|connector-format\.md|architecture\.md|real-vscode-here|shared\/design|\bissue #?\d+\b|\bplanning\b|\bbrief\b/i;

function filesUnder(dir: string, accept: (path: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir))) {
    const path = join(dir, entry);
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...filesUnder(path, accept));
    else if (accept(path)) out.push(path);
  }
  return out;
}

/** The string and template literals of a TypeScript file: what can reach a user as text. Comments are left out. */
function literalsOf(path: string): { text: string; line: number }[] {
  const source = readFileSync(join(ROOT, path), 'utf8');
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true);
  const out: { text: string; line: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      out.push({ text: node.text, line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    }
    node.forEachChild(visit);
  };
  visit(file);
  return out;
}

describe('user-facing text names no internal planning material', () => {
  it('documents, manifest, schema, grammar and examples', () => {
    const files = [
      'README.md', 'CHANGELOG.md', 'package.json',
      ...filesUnder('docs', (p) => p.endsWith('.md')),
      ...filesUnder('schemas', (p) => p.endsWith('.json')),
      ...filesUnder('syntaxes', (p) => p.endsWith('.json')),
      ...filesUnder('examples', () => true),
    ];
    const hits: string[] = [];
    for (const file of files) {
      readFileSync(join(ROOT, file), 'utf8').split('\n').forEach((line, i) => {
        if (INTERNAL_REFERENCE.test(line)) hits.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
    }
    assert.ok(files.length > 10, 'the scan found the documents');
    assert.deepEqual(hits, []);
  });

  it('every rule explanation (docs/rules.md, SARIF, hovers)', () => {
    assert.ok(RULE_CATALOG.length > 40);
    const hits = RULE_CATALOG.flatMap((rule) =>
      [rule.docs.summary, rule.docs.why, rule.docs.fix ?? ''].filter((text) => INTERNAL_REFERENCE.test(text)).map((text) => `${rule.id}: ${text}`));
    assert.deepEqual(hits, []);
  });

  it('every message, hover and label the server, the command line and the extension can show', () => {
    const sources = [...filesUnder('server/src', (p) => p.endsWith('.ts')), ...filesUnder('client/src', (p) => p.endsWith('.ts'))];
    const hits: string[] = [];
    for (const path of sources) {
      for (const literal of literalsOf(path)) {
        if (INTERNAL_REFERENCE.test(literal.text)) hits.push(`${relative(ROOT, join(ROOT, path))}:${literal.line}: ${literal.text.slice(0, 120)}`);
      }
    }
    assert.ok(sources.length > 50, 'the scan found the sources');
    assert.deepEqual(hits, []);
  });

  it('the pattern itself catches the references it is meant to catch', () => {
    for (const text of ["Seed, 'Type notes'", '(format contract, "Files")', 'see issue 11', 'shared/design/architecture.md']) assert.match(text, INTERNAL_REFERENCE);
    for (const text of ['The platform sends a body only with POST', 'seedPets', 'A connector file is JSON']) assert.doesNotMatch(text, INTERNAL_REFERENCE);
  });
});
