/** Every clock read goes through a Clock so tests can pin time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stays where it is put: `set` and `advance` move it. */
export const manualClock = (start: Date | string) => {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (at: Date | string) => {
      current = new Date(at);
    },
    advance: (ms: number) => {
      current = new Date(current.getTime() + ms);
    },
  };
};

/**
 * Where a wait is scheduled: the system's timers in production, a manual clock's in tests (an
 * in-process workflow's 14-day timer then passes when the test advances the clock).
 */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** the longest one Node timer holds (about 24.8 days; a longer one would fire at once) */
const MAX_NODE_TIMER_MS = 2 ** 31 - 1;

/** Node's timers; a wait longer than one Node timer holds (weeks) is a chain of them */
export const systemTimers: Timers = {
  setTimeout: (callback, ms) => {
    const handle: { timer: NodeJS.Timeout | undefined } = { timer: undefined };
    const arm = (left: number) => {
      handle.timer = setTimeout(
        () => (left > MAX_NODE_TIMER_MS ? arm(left - MAX_NODE_TIMER_MS) : callback()),
        Math.min(left, MAX_NODE_TIMER_MS),
      );
    };
    arm(Math.max(0, ms));
    return handle;
  },
  clearTimeout: (handle) => clearTimeout((handle as { timer: NodeJS.Timeout | undefined }).timer),
};

/**
 * A manual clock that also schedules: `advance` moves the time and runs, in order, every callback
 * whose time has come (so a workflow's sleep ends when the test advances past it).
 */
export const manualClockWithTimers = (start: Date | string) => {
  const clock = manualClock(start);
  let nextId = 0;
  const due = new Map<number, { at: number; callback: () => void }>();
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      nextId += 1;
      due.set(nextId, { at: clock.now().getTime() + Math.max(0, ms), callback });
      return nextId;
    },
    clearTimeout: (handle) => void due.delete(handle as number),
  };
  const runDue = () => {
    for (;;) {
      const now = clock.now().getTime();
      const next = [...due.entries()]
        .filter(([, t]) => t.at <= now)
        .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!next) return;
      due.delete(next[0]);
      next[1].callback();
    }
  };
  return {
    now: clock.now,
    timers,
    /** callbacks waiting to run */
    pending: () => due.size,
    set: (at: Date | string) => {
      clock.set(at);
      runDue();
    },
    advance: (ms: number) => {
      clock.advance(ms);
      runDue();
    },
  };
};
