import type { ServiceMetadata } from './model';

/** A connector's metadata as the edge found it: the parsed service, or why there is none (said without a subject). */
export type MetadataOutcome =
  | { ok: true; service: ServiceMetadata; /** Absolute path after symlinks. */ path: string }
  | { ok: false; message: string };

/**
 * How the checks get a connector's metadata: the edge resolves the path (relative to the connector, inside the
 * workspace), reads and parses it once per file version and shares the result between connectors.
 */
export interface MetadataSource {
  load(given: string): MetadataOutcome;
  /** Changes whenever a metadata file this source read has changed: findings made before are stale. */
  readonly generation: number;
}
