// Lint speed in-process against the floor (parsing alone) and against what VS Code gives for free: the JSON
// language service validating with the same schema.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTree, stripComments } from 'jsonc-parser';
import { getLanguageService, type JSONSchema } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { bundledCore } from './bundledCore';
import { shapesToRun } from './generate';
import { medianMs, ms, printTable, ratio } from './stats';

/** Sizes in operations (or Custom requests); `npm run bench -- lint --quick` stops at 10,000. */
const SIZES = process.argv.includes('--quick') ? [1_000, 10_000] : [1_000, 10_000, 50_000];

/** Runs the benchmark and prints its table. */
export async function runLintBench(): Promise<void> {
  const service = (await bundledCore()).getLanguageService();
  const lintText = (text: string): { findings: unknown[] } => service.check(text).result;
  const schema = JSON.parse(readFileSync(join(__dirname, '..', '..', 'schemas', 'connector.schema.json'), 'utf8')) as JSONSchema;
  const jsonService = getLanguageService({});
  jsonService.configure({ validate: true, allowComments: true, schemas: [{ uri: 'connector://schema', fileMatch: ['*.connector.json'], schema }] });

  async function jsonLanguageService(text: string): Promise<number> {
    const document = TextDocument.create('file:///bench.connector.json', 'json', 1, text);
    const json = jsonService.parseJSONDocument(document);
    const problems = await jsonService.doValidation(document, json, { comments: 'ignore', trailingCommas: 'ignore' });
    return problems.length;
  }

  const rows: string[][] = [['file', 'ops', 'MB', 'lint', 'json-ls', 'json-ls / lint', 'jsonc parse', 'lint / jsonc', 'JSON.parse', 'findings']];
  for (const [kind, generate] of shapesToRun()) {
    for (const size of SIZES) {
      const text = generate(size);
      const plain = stripComments(text);
      const runs = size >= 50_000 ? 3 : size >= 10_000 ? 5 : 11;
      // Each side is timed once its code is compiled: at 1,000 operations a run is short enough that the first eight
      // or so of a process still run code the engine has not optimized yet (a check runs about seventy rules, each to
      // compile), which is the editor's first check, measured on its own by `server` and `start`.
      const warmUps = size >= 10_000 ? 1 : 8;
      const lint = await medianMs(runs, () => lintText(text), warmUps);
      const jsonLs = await medianMs(runs, () => jsonLanguageService(text), warmUps);
      const jsoncParse = await medianMs(runs, () => parseTree(text), warmUps);
      const jsonParse = await medianMs(runs, () => JSON.parse(plain), warmUps);
      const findings = lintText(text).findings.length;
      rows.push([kind, String(size), (text.length / 2 ** 20).toFixed(1), ms(lint), ms(jsonLs), ratio(jsonLs, lint), ms(jsoncParse), ratio(lint, jsoncParse), ms(jsonParse), String(findings)]);
    }
  }
  printTable('Lint in-process (median ms once warm; target: json-ls / lint ≥ 2× at every size)', rows);
}
