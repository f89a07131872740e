/**
 * Responses written together. On loopback and in VMs, the costly part of answering a request is
 * often not our code but waking the client's process for each response: a write to an idle peer
 * costs a wake-up (an inter-processor interrupt, a VM exit), and a server that answers each request
 * as soon as it is ready pays one per response. Holding each response until the end of the current
 * event-loop turn sends the answers to everything read in that turn back to back, so one wake-up
 * serves many of them. The wait is at most one turn of the loop (microseconds when idle).
 */

let waiting: (() => void)[] | null = null;

const release = (): void => {
  const waiters = waiting ?? [];
  waiting = null;
  for (const wake of waiters) wake();
};

/** runs `fn` at the end of the current event-loop turn (the check phase), with everything else waiting for it */
export const atEndOfTurn = (fn: () => void): void => {
  if (waiting === null) {
    waiting = [];
    setImmediate(release);
  }
  waiting.push(fn);
};

/** resolves at the end of the current event-loop turn (the check phase), with everyone else who waits */
export const endOfTurn = (): Promise<void> => new Promise((resolve) => atEndOfTurn(resolve));

/** a Fastify `onSend` hook: every response of the app waits for the end of the turn, then goes out as it was */
export const writeAtEndOfTurn = async <T>(_request: unknown, _reply: unknown, payload: T): Promise<T> => {
  await endOfTurn();
  return payload;
};
