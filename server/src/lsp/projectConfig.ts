import type { Connection } from 'vscode-languageserver';
import { glob } from 'tinyglobby';
import { URI } from 'vscode-uri';
import { LineIndex, PROJECT_CONFIG_FILE, RULE_IDS } from '../core';
import { editorRoot } from '../files/projectRoot';
import { ProjectConfigFiles, type ConfigForFile } from '../io/projectConfigFiles';
import { toDiagnostic } from './convert';

const NONE: ConfigForFile = { overrides: {}, ignored: false };

/**
 * The project files (connector-tools.json) behind open documents: their levels for each document, and their own
 * problems published as diagnostics on them. Changes on disk are seen by size and time at each check, and at once
 * when the client reports file events.
 */
export class ProjectConfigService {
  private readonly files: ProjectConfigFiles;
  /** Project file URI → the text its diagnostics were published for ('' once cleared). */
  private readonly published = new Map<string, string>();

  /** @param folders the workspace folders as paths: a document's project file is looked up to the one holding it. */
  constructor(private readonly connection: Connection, folders: () => readonly string[]) {
    this.files = new ProjectConfigFiles(RULE_IDS, (path) => editorRoot(path, folders()).folder);
  }

  /** The project file's say on a document (none for documents that are not files on disk). */
  forDocument(uri: string): ConfigForFile {
    let path: string;
    try {
      const parsed = URI.parse(uri);
      if (parsed.scheme !== 'file') return NONE;
      path = parsed.fsPath;
    } catch {
      return NONE;
    }
    const config = this.files.forFile(path);
    if (config.source) this.publish(config.source.path, config.source.text, config.source.findings);
    return config;
  }

  /** Whether a changed file is a project file: then every lookup is forgotten and the file is judged again. */
  onFileChanged(uri: string): boolean {
    if (!uri.endsWith(`/${PROJECT_CONFIG_FILE}`)) return false;
    this.files.invalidate();
    this.check(uri);
    return true;
  }

  /** Judges every project file under the workspace folders, so their problems show before any connector is open. */
  async checkWorkspace(folders: readonly string[]): Promise<void> {
    for (const folder of folders) {
      let root: string;
      try {
        const parsed = URI.parse(folder);
        if (parsed.scheme !== 'file') continue;
        root = parsed.fsPath;
      } catch {
        continue;
      }
      const found = await glob(`**/${PROJECT_CONFIG_FILE}`, { cwd: root, absolute: true, ignore: ['**/node_modules/**', '**/.*/**'], followSymbolicLinks: false }).catch(() => []);
      for (const path of found) this.check(URI.file(path).toString());
    }
  }

  /** Publishes a project file's problems, or clears them when it is fixed or gone. */
  private check(uri: string): void {
    let path: string;
    try {
      path = URI.parse(uri).fsPath;
    } catch {
      return;
    }
    const loaded = this.files.load(path);
    if (loaded) this.publish(loaded.path, loaded.text, loaded.findings);
    else if (this.published.get(uri)) {
      this.published.set(uri, '');
      void this.connection.sendDiagnostics({ uri, diagnostics: [] });
    }
  }

  private publish(path: string, text: string, findings: Parameters<typeof toDiagnostic>[1][]): void {
    const uri = URI.file(path).toString();
    const stamp = findings.length ? `${text}\u0000${findings.length}` : '';
    if ((this.published.get(uri) ?? '') === stamp) return;
    this.published.set(uri, stamp);
    const lines = new LineIndex(text);
    void this.connection.sendDiagnostics({ uri, diagnostics: findings.map((f) => toDiagnostic(lines, f, uri)) });
  }
}
