// Writes docs/rules.md and schemas/connector-tools.schema.json from the rule registry.
// `--check` only says whether they are up to date (exit 1 if not).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULE_CATALOG } from '../server/src/core/ruleCatalog';
import { renderProjectConfigSchema } from '../server/src/cli/projectConfigSchema';
import { renderRulesDoc } from '../server/src/cli/rulesDoc';

const root = join(__dirname, '..');
const outputs = [
  { path: 'docs/rules.md', wanted: renderRulesDoc(RULE_CATALOG) },
  { path: 'schemas/connector-tools.schema.json', wanted: renderProjectConfigSchema(RULE_CATALOG) },
];
for (const { path, wanted } of outputs) {
  let current = '';
  try {
    current = readFileSync(join(root, path), 'utf8');
  } catch {
    // Not written yet.
  }
  if (process.argv.includes('--check')) {
    if (current !== wanted) {
      console.error(`${path} is out of date: run npm run docs:rules`);
      process.exitCode = 1;
    }
  } else if (current === wanted) {
    console.log(`${path} is up to date (${RULE_CATALOG.length} rules).`);
  } else {
    writeFileSync(join(root, path), wanted);
    console.log(`Wrote ${path} (${RULE_CATALOG.length} rules).`);
  }
}
