// Checking a large file makes tens of MB of garbage per version, and V8 lets its heap grow to several times what
// is live before it collects: while typing, that room is reused; once typing stops, the server would keep it for as
// long as it runs. A full collection when a large file has not changed for a while gives it back.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Files at least this large (in characters) are worth a collection once they stop changing. */
export const LARGE = 256 * 1024;
/** How long nothing must have been checked before collecting. */
const QUIET_MS = 2_000;

/** V8's full collection, exposed the way leak detectors get it when the process was started without --expose-gc. */
function fullCollection(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return exposed as () => void;
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
}

/** Runs a full collection once the server has been quiet for a while after checking a large file. */
export class IdleCollection {
  private timer: NodeJS.Timeout | undefined;
  private collect: (() => void) | undefined | null = null;

  /** A file of `size` characters was just checked. */
  checked(size: number): void {
    if (this.timer) this.timer.refresh();
    else if (size >= LARGE) this.timer = setTimeout(() => this.run(), QUIET_MS).unref();
  }

  private run(): void {
    this.timer = undefined;
    if (this.collect === null) this.collect = fullCollection();
    this.collect?.();
  }
}
