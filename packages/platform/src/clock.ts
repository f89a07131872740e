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
