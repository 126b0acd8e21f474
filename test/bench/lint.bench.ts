// Lint speed by phase, against the floor (parsing alone) and against a schema-only validator.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTree, stripComments } from 'jsonc-parser';
import { getLanguageService, type JSONSchema } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { lintText } from '../../server/src/core/lint';
import { parseDocument } from '../../server/src/core/parse';
import { validateSchema } from '../../server/src/core/schema/validate';
import { generateODataConnector, generateRestConnector } from './generate';
import { medianMs, ms, printTable, ratio } from './stats';

/** Runs the benchmark and prints its table. */
export async function runLintBench(): Promise<void> {
  const SIZES = [100, 1_000, 10_000];
  const schema = JSON.parse(readFileSync(join(__dirname, '..', '..', 'schemas', 'connector.schema.json'), 'utf8')) as JSONSchema;

  const jsonService = getLanguageService({});
  jsonService.configure({ validate: true, allowComments: true, schemas: [{ uri: 'connector://schema', fileMatch: ['*.connector.json'], schema }] });

  async function schemaOnlyValidation(text: string): Promise<number> {
    const document = TextDocument.create('file:///bench.connector.json', 'json', 1, text);
    const json = jsonService.parseJSONDocument(document);
    const problems = await jsonService.doValidation(document, json, { comments: 'ignore', trailingCommas: 'ignore' });
    return problems.length;
  }

  const rows: string[][] = [
    ['file', 'ops', 'KB', 'lint', 'parse', 'schema', 'rules', 'jsonc parse', 'JSON.parse', 'json-ls', 'lint/jsonc', 'json-ls/lint', 'findings'],
  ];
  for (const [kind, generate] of [['rest', generateRestConnector], ['odata', generateODataConnector]] as const) {
    for (const size of SIZES) {
      const text = generate(size);
      const plain = stripComments(text);
      const runs = size >= 10_000 ? 5 : 11;
      const lint = await medianMs(runs, () => lintText(text));
      const lintWithoutRules = await medianMs(runs, () => lintText(text, {}, []));
      const parse = await medianMs(runs, () => parseDocument(text));
      const parsed = parseDocument(text);
      const schemaTime = await medianMs(runs, () => validateSchema(parsed));
      const jsoncParse = await medianMs(runs, () => parseTree(text));
      const jsonParse = await medianMs(runs, () => JSON.parse(plain));
      const jsonLs = await medianMs(runs, () => schemaOnlyValidation(text));
      const findings = lintText(text).findings.length;
      rows.push([
        kind, String(size), (text.length / 1024).toFixed(0), ms(lint), ms(parse), ms(schemaTime), ms(Math.max(0, lint - lintWithoutRules)),
        ms(jsoncParse), ms(jsonParse), ms(jsonLs), ratio(lint, jsoncParse), ratio(jsonLs, lint), String(findings),
      ]);
    }
  }
  printTable('Lint (median ms; target: 10,000 ops within 3× jsonc parse, json-ls/lint ≥ 2×)', rows);
}
