import type { CustomRequest } from '../../model';

/** How messages name a Custom request: its id, or its position. */
export function requestName(request: CustomRequest): string {
  return request.id?.value ?? `#${request.index + 1}`;
}

/** The parameter mode, with the platform's default. */
export function parameterModeOf(request: CustomRequest): string {
  return request.parameterMode?.value ?? 'queryAndPath';
}

/** Compares dotted versions numerically ("2.1.9" < "2.1.17"); undefined when either is not x.y.z. */
export function compareVersions(a: string, b: string): number | undefined {
  const pa = /^(\d+)\.(\d+)\.(\d+)$/.exec(a)?.slice(1).map(Number);
  const pb = /^(\d+)\.(\d+)\.(\d+)$/.exec(b)?.slice(1).map(Number);
  if (!pa || !pb) return undefined;
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}
