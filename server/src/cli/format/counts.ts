import type { Severity } from '../../core';
import type { LintedFile, LocatedFinding } from '../lint/lintFiles';

export type SeverityCounts = Record<Severity, number>;

/** How many findings of each severity the files hold. */
export function countSeverities(files: readonly LintedFile[]): SeverityCounts {
  const counts: SeverityCounts = { error: 0, warning: 0, info: 0 };
  for (let f = 0; f < files.length; f++) {
    const findings = (files[f] as LintedFile).findings;
    for (let i = 0; i < findings.length; i++) counts[(findings[i] as LocatedFinding).severity]++;
  }
  return counts;
}

/** "1 error", "2 warnings", "0 infos". */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
