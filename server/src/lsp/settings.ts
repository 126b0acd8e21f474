import type { Connection } from 'vscode-languageserver';
import { closeMatches, isSeverityLevel, RULE_IDS, type SeverityLevel } from '../core';
import { DEFAULT_HTTP_SETTINGS, parseHttpSettings, type EditorHttpSettings } from './editorNetwork';

/** The extension's settings the server uses (`connectorTools.*`). */
export interface ServerSettings {
  /** Rule id → level. */
  rules: Record<string, SeverityLevel>;
  debounceMs: number;
  maxFileSizeKb: number;
  requestTimeoutMs: number;
  /** Folders outside the workspace that files named by values and bodies may come from, allowed on purpose. */
  allowedFileFolders: string[];
}

export const DEFAULT_SETTINGS: ServerSettings = { rules: {}, debounceMs: 150, maxFileSizeKb: 2048, requestTimeoutMs: 30_000, allowedFileFolders: [] };

function numberIn(value: unknown, fallback: number, min: number, max: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}

/** Reads settings sent by the client, keeping defaults for anything missing or malformed. */
export function parseSettings(raw: unknown): { settings: ServerSettings; problems: string[] } {
  const problems: string[] = [];
  const section = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const rules: Record<string, SeverityLevel> = {};
  const rawRules = section.rules;
  if (typeof rawRules === 'object' && rawRules !== null) {
    for (const [id, level] of Object.entries(rawRules)) {
      if (!RULE_IDS.includes(id)) {
        const close = closeMatches(id, RULE_IDS, 1);
        problems.push(`connectorTools.rules: there is no rule '${id}'.${close.length ? ` Did you mean '${close[0]}'?` : ' Rule ids are listed in docs/rules.md.'}`);
      } else if (typeof level === 'string' && isSeverityLevel(level)) rules[id] = level;
      else problems.push(`connectorTools.rules: '${id}' has level ${JSON.stringify(level)}; use off, info, warning or error.`);
    }
  }
  const validation = (typeof section.validation === 'object' && section.validation !== null ? section.validation : {}) as Record<string, unknown>;
  const request = (typeof section.request === 'object' && section.request !== null ? section.request : {}) as Record<string, unknown>;
  return {
    settings: {
      rules,
      debounceMs: numberIn(validation.debounceMs, DEFAULT_SETTINGS.debounceMs, 0, 5_000),
      maxFileSizeKb: numberIn(validation.maxFileSizeKb, DEFAULT_SETTINGS.maxFileSizeKb, 1, 1_048_576),
      requestTimeoutMs: numberIn(request.timeoutMs, DEFAULT_SETTINGS.requestTimeoutMs, 100, 3_600_000),
      allowedFileFolders: Array.isArray(request.allowedFileFolders) ? request.allowedFileFolders.filter((f): f is string => typeof f === 'string' && f !== '') : [],
    },
    problems,
  };
}

/** Holds the current settings, pulled from the client when it supports workspace/configuration. */
export class SettingsStore {
  private current: ServerSettings = DEFAULT_SETTINGS;
  private currentHttp: EditorHttpSettings = DEFAULT_HTTP_SETTINGS;
  private reported = new Set<string>();

  constructor(private readonly connection: Connection, private readonly pull: boolean) {}

  get(): ServerSettings {
    return this.current;
  }

  /** The editor's `http.*` settings (proxy, certificates), as of the last refresh. */
  http(): EditorHttpSettings {
    return this.currentHttp;
  }

  /** Fetches the settings again (the `connectorTools` and `http` sections); returns whether the extension's own changed. */
  async refresh(pushed?: unknown, pushedHttp?: unknown): Promise<boolean> {
    let raw: unknown = pushed;
    let rawHttp: unknown = pushedHttp;
    if (this.pull) {
      const sections = await this.connection.workspace.getConfiguration([{ section: 'connectorTools' }, { section: 'http' }]).catch(() => undefined) as unknown[] | undefined;
      [raw, rawHttp] = Array.isArray(sections) ? sections : [];
    }
    this.currentHttp = parseHttpSettings(rawHttp);
    const { settings, problems } = parseSettings(raw);
    for (const problem of problems) {
      if (this.reported.has(problem)) continue;
      this.reported.add(problem);
      void this.connection.window.showWarningMessage(problem);
    }
    const changed = JSON.stringify(settings) !== JSON.stringify(this.current);
    this.current = settings;
    return changed;
  }
}
