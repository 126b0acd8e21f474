import { readJsonText } from '../io/jsonText';
import { glob } from 'tinyglobby';
import { URI } from 'vscode-uri';
import { LineIndex } from '../core';
import { CHECK_ALL, type CheckAllResult } from '../protocol';
import type { FeatureDeps, FeatureGroup } from './context';
import { toDiagnostic } from './convert';
import type { CheckOptions } from './analysis';

/** 'Check All Connector Files': lints every connector file under the workspace folders into the Problems panel. */
export function checkAllFeatures(folders: () => string[], checkOptions: (uri: string) => CheckOptions, connectorCheck: FeatureDeps['connectorCheck']): FeatureGroup {
  return {
    capabilities: {},
    register({ connection, documents, analyze, service }) {
      connection.onRequest(CHECK_ALL, async (_params: unknown, token): Promise<CheckAllResult> => {
        const totals: CheckAllResult = { files: 0, errors: 0, warnings: 0, infos: 0 };
        for (const folder of folders()) {
          const root = URI.parse(folder).fsPath;
          const files = await glob('**/*.connector.json', { cwd: root, absolute: true, ignore: ['**/node_modules/**', '**/.git/**'] });
          for (const file of files.sort()) {
            if (token.isCancellationRequested) return totals;
            const uri = URI.file(file).toString();
            const options = checkOptions(uri);
            if (options.ignored) continue;
            // Open documents are checked as they are typed; their unsaved text is what counts.
            const open = documents.get(uri) ? analyze(uri) : undefined;
            let findings;
            let lines;
            if (open) {
              findings = open.result.findings;
              lines = open.lines;
            } else {
              const text = await readJsonText(file).catch(() => undefined);
              if (text === undefined) continue;
              findings = service.check(text, connectorCheck(uri)).result.findings;
              lines = new LineIndex(text);
              const lineIndex = lines;
              void connection.sendDiagnostics({ uri, diagnostics: findings.map((f) => toDiagnostic(lineIndex, f, uri)) });
            }
            totals.files++;
            for (const f of findings) {
              if (f.severity === 'error') totals.errors++;
              else if (f.severity === 'warning') totals.warnings++;
              else totals.infos++;
            }
          }
        }
        return totals;
      });
    },
  };
}
