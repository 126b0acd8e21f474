// Writes docs/rules.md from the rule registry. `--check` only says whether the file is up to date (exit 1 if not).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULE_CATALOG } from '../server/src/cli/ruleCatalog';
import { renderRulesDoc } from '../server/src/cli/rulesDoc';

const target = join(__dirname, '..', 'docs', 'rules.md');
const wanted = renderRulesDoc(RULE_CATALOG);
let current = '';
try {
  current = readFileSync(target, 'utf8');
} catch {
  // Not written yet.
}
if (process.argv.includes('--check')) {
  if (current !== wanted) {
    console.error('docs/rules.md is out of date: run npm run docs:rules');
    process.exitCode = 1;
  }
} else if (current === wanted) {
  console.log(`docs/rules.md is up to date (${RULE_CATALOG.length} rules).`);
} else {
  writeFileSync(target, wanted);
  console.log(`Wrote docs/rules.md (${RULE_CATALOG.length} rules).`);
}
