import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { RULES } from '../../server/src/core/rules';
import { RULE_CATALOG, type RuleInfo } from '../../server/src/core/ruleCatalog';
import { renderRulesDoc } from '../../server/src/cli/rulesDoc';
import { renderProjectConfigSchema } from '../../server/src/cli/projectConfigSchema';

const RULES_DOC = join(__dirname, '..', '..', 'docs', 'rules.md');

describe('docs/rules.md', () => {
  it('is exactly what the generator writes from the registry today', () => {
    const onDisk = readFileSync(RULES_DOC, 'utf8');
    assert.ok(onDisk === renderRulesDoc(RULE_CATALOG), 'docs/rules.md is stale: run npm run docs:rules');
  });

  it('schemas/connector-tools.schema.json is what the generator writes, so completion knows every rule id', () => {
    const onDisk = readFileSync(join(__dirname, '..', '..', 'schemas', 'connector-tools.schema.json'), 'utf8');
    assert.ok(onDisk === renderProjectConfigSchema(RULE_CATALOG), 'the project file schema is stale: run npm run docs:rules');
    const schema = JSON.parse(onDisk) as { definitions: { rules: { properties: Record<string, unknown>; additionalProperties: boolean } } };
    assert.deepEqual(Object.keys(schema.definitions.rules.properties), RULE_CATALOG.map((r) => r.id));
    assert.equal(schema.definitions.rules.additionalProperties, false);
  });

  it('has a section, a contents entry and a --rule example for every rule id', () => {
    const doc = readFileSync(RULES_DOC, 'utf8');
    const ids = ['syntax-error', 'rule-failure', ...RULES.map((r) => r.id), ...RULE_CATALOG.map((r) => r.id)];
    for (const id of ids) {
      assert.match(doc, new RegExp(`^### ${id}$`, 'm'), `section for '${id}'`);
      assert.ok(doc.includes(`| [${id}](#${id}) |`), `contents entry for '${id}'`);
    }
    assert.match(doc, /connector lint --rule [a-z-]+=off/);
    assert.match(doc, /connectorTools\.rules/);
  });
});

describe('renderRulesDoc', () => {
  const catalog: RuleInfo[] = [
    { id: 'zeta-rule', appliesTo: 'rest', defaultSeverity: 'warning', docs: { summary: 'Catches a | b.', why: 'The platform allows one.', fix: 'Removes the second one.' } },
    { id: 'alpha-rule', appliesTo: 'odata', defaultSeverity: 'info', docs: { summary: 'Catches c.', why: 'The platform refuses it.' } },
    { id: 'syntax-error', appliesTo: 'builtin', defaultSeverity: 'error', docs: { summary: 'Bad JSON.', why: 'It must parse.' } },
  ];
  const doc = renderRulesDoc(catalog);

  it('writes each field of a rule, with "none" when it has no fix', () => {
    const zeta = doc.slice(doc.indexOf('### zeta-rule'));
    assert.match(zeta, /\*\*Default severity:\*\* warning · \*\*Applies to:\*\* REST connectors/);
    assert.match(zeta, /\*\*What it catches:\*\* Catches a \| b\./);
    assert.match(zeta, /\*\*Why:\*\* The platform allows one\./);
    assert.match(zeta, /\*\*Fix:\*\* Removes the second one\./);
    const alpha = doc.slice(doc.indexOf('### alpha-rule'));
    assert.match(alpha, /\*\*Fix:\*\* none/);
  });

  it('groups builtin, REST and OData rules and escapes table cells', () => {
    const order = ['## Every file', '### syntax-error', '## REST connectors', '### zeta-rule', '## OData connectors', '### alpha-rule'].map((h) => doc.indexOf(h));
    assert.ok(order.every((at, i) => at >= 0 && (i === 0 || at > (order[i - 1] ?? 0))), `sections in order: ${order.join(', ')}`);
    assert.ok(doc.includes('| [zeta-rule](#zeta-rule) | warning | REST connectors | Catches a \\| b. |'));
    assert.ok(doc.includes('--rule zeta-rule=off') || doc.includes('--rule alpha-rule=off'), 'the example names a real rule');
  });
});
