import type { RuleInfo } from '../core';

type AppliesTo = RuleInfo['appliesTo'];

const GROUPS: readonly { appliesTo: AppliesTo; title: string; label: string }[] = [
  { appliesTo: 'builtin', title: 'Every file: syntax and format', label: 'every file' },
  { appliesTo: 'any', title: 'REST and OData connectors', label: 'REST and OData connectors' },
  { appliesTo: 'rest', title: 'REST connectors', label: 'REST connectors' },
  { appliesTo: 'odata', title: 'OData connectors (Custom request)', label: 'OData connectors' },
];

/** GitHub's heading anchor for a title: lower case, spaces to hyphens, punctuation dropped. */
function anchorOf(title: string): string {
  return title.toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, '').replace(/\s/g, '-');
}

/** Text inside a Markdown table cell: one line, no column breaks. */
function cell(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').replace(/\|/g, '\\|');
}

function ruleSection(rule: RuleInfo, label: string): string {
  return [
    `### ${rule.id}`,
    '',
    `**Default severity:** ${rule.defaultSeverity} · **Applies to:** ${label}`,
    '',
    `**What it catches:** ${rule.docs.summary}`,
    '',
    `**Why:** ${rule.docs.why}`,
    '',
    `**Fix:** ${rule.docs.fix ?? 'none'}`,
    '',
  ].join('\n');
}

/** docs/rules.md, generated from the rule catalog so that it cannot disagree with the code. */
export function renderRulesDoc(catalog: readonly RuleInfo[]): string {
  const example = catalog.find((rule) => rule.appliesTo !== 'builtin')?.id ?? catalog[0]?.id ?? 'syntax-error';
  const groups = GROUPS.map((group) => ({
    ...group,
    rules: catalog.filter((rule) => rule.appliesTo === group.appliesTo).sort((a, b) => a.id.localeCompare(b.id)),
  })).filter((group) => group.rules.length > 0);
  const lines: string[] = [
    '# Rules',
    '',
    '<!-- Generated from the rule registry by `npm run docs:rules` (scripts/gen-rules-doc.ts). Do not edit by hand: a test fails when this file is stale. -->',
    '',
    `Connector Tools checks every \`*.connector.json\` file against the platform's rules, in the editor as you type and on the command line with \`connector lint\`. Each finding names the rule that made it; this page lists all ${catalog.length} of them.`,
    '',
    '## Changing a rule\'s severity',
    '',
    'Every rule has a default severity: `error`, `warning` or `info`. Set another one, or `off` to turn the rule off:',
    '',
    `- **Command line:** \`connector lint --rule ${example}=off\`. The level is one of \`off\`, \`info\`, \`warning\`, \`error\`; repeat \`--rule\` for several rules. \`connector lint\` exits with 1 when an error remains (or more warnings than \`--max-warnings\`).`,
    '- **VS Code:** the setting `connectorTools.rules` maps rule ids to levels, in your user or workspace settings:',
    '',
    '  ```json',
    `  "connectorTools.rules": { "${example}": "warning" }`,
    '  ```',
    '',
    '## Contents',
    '',
    '| Rule | Default | Applies to | What it catches |',
    '|---|---|---|---|',
  ];
  for (const group of groups) {
    for (const rule of group.rules) {
      lines.push(`| [${rule.id}](#${anchorOf(rule.id)}) | ${rule.defaultSeverity} | ${group.label} | ${cell(rule.docs.summary)} |`);
    }
  }
  lines.push('');
  for (const group of groups) {
    lines.push(`## ${group.title}`, '');
    for (const rule of group.rules) lines.push(ruleSection(rule, group.label));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
