// Checking a large file makes tens of MB of garbage per version, and V8 lets its heap grow to several times what
// is live before it collects: while typing, that room is reused; once typing stops, the server would keep it for as
// long as it runs. A full collection when a large file has not changed for a while gives it back.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Files at least this large (in characters) are worth a collection once they stop changing. */
export const LARGE = 256 * 1024;
/** How long nothing must have been checked before collecting. */
const QUIET_MS = 2_000;
/**
 * How long after that to collect again. V8 shrinks its young generation (32 MB once a large file has been checked)
 * and gives back the old generation's emptied pages only at a collection made while the program allocates little,
 * which it measures over the last few seconds: the first collection, 2 s after the last check, still sees the
 * check's allocations and keeps both. With a 13 MB file full of findings, the second takes the server from about
 * 250 MB to 190 MB.
 */
const SETTLE_MS = 5_000;

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

/** When the collections run: after how long without a check, and the second how long after the first. */
export interface IdleTimes {
  quietMs: number;
  settleMs: number;
}

/** Runs a full collection once the server has been quiet for a while after checking a large file, and another once V8 sees it idle. */
export class IdleCollection {
  private timer: NodeJS.Timeout | undefined;
  /** Whether the pending timer is the second collection's. */
  private settling = false;
  private collect: (() => void) | undefined | null = null;

  /** `collect`: the collection to run (V8's full collection unless a test brings its own). */
  constructor(collect?: () => void, private readonly times: IdleTimes = { quietMs: QUIET_MS, settleMs: SETTLE_MS }) {
    if (collect) this.collect = collect;
  }

  /** A file of `size` characters was just checked. */
  checked(size: number): void {
    if (this.settling) {
      // Checking again: the first collection is to come again, after the quiet time.
      clearTimeout(this.timer);
      this.settling = false;
      this.timer = this.after(this.times.quietMs, false);
    } else if (this.timer) {
      this.timer.refresh();
    } else if (size >= LARGE) {
      this.timer = this.after(this.times.quietMs, false);
    }
  }

  private after(ms: number, settling: boolean): NodeJS.Timeout {
    return setTimeout(() => this.run(settling), ms).unref();
  }

  private run(settling: boolean): void {
    if (this.collect === null) this.collect = fullCollection();
    this.collect?.();
    this.settling = !settling;
    this.timer = settling ? undefined : this.after(this.times.settleMs, true);
  }
}
