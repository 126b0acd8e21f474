import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importRequestsFile } from './server/src/requestImport/importFile';
const root = 'node_modules/insomnia-importers/src/importers/fixtures';
for (const kind of ['curl', 'postman', 'har'] as const) {
  for (const f of readdirSync(join(root, kind)).filter((f) => f.includes('-input'))) {
    const text = readFileSync(join(root, kind, f), 'utf8');
    const envText = kind === 'postman' ? undefined : undefined;
    const r = importRequestsFile({ ...(kind === 'curl' ? { kind } : {}), text, label: f, sourceFolder: '/tmp', connectorPath: '/tmp/x.connector.json', ...(envText ? { environmentText: envText } : {}) });
    if (!r.ok) { console.log(`${kind}/${f}: FAIL ${r.message}`); continue; }
    console.log(`${kind}/${f}: ${r.result.connector.operations.length} ops, base ${r.result.connector.baseUrl}, auth ${JSON.stringify(r.result.connector.authorization)}, findings ${r.findings.map((x) => x.code).join(',')} notes ${r.result.notes.length}`);
    if (process.argv[2] && f.includes(process.argv[2])) { console.log(r.text, r.valuesText, r.result.notes); }
  }
}
