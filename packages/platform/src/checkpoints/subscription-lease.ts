import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { AllSubscription } from '../event-store/event-store.ts';
import type { CheckpointStore } from './checkpoint-store.ts';

/**
 * Leases on named subscriptions, so that of the replicas of a service one at a time runs a given
 * checkpointed subscription (an integration-event publisher, a mail sender): two running it at once
 * would each publish (mail) every event and race each other's checkpoint saves.
 */
export interface LeaseStore {
  /**
   * Takes or renews the lease on `name` for `holder` until `ttlMs` from now: true when `holder` holds
   * it afterwards (it was free, expired, or already its own), false when another holder's is current.
   */
  acquire(name: string, holder: string, ttlMs: number): Promise<boolean>;
  /** gives the lease up when `holder` holds it (another replica takes it at its next try) */
  release(name: string, holder: string): Promise<void>;
}

/** how long a lease lasts unless renewed; a dead holder's subscription is taken over within about this long */
export const LEASE_TTL_MS = 15_000;

/** this process, as a lease holder: host, process id and a random part (a restarted process is another holder) */
export const leaseHolderId = (): string => `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * Runs the subscription `start` makes only while this replica holds the lease `name` in
 * `checkpoints.leases` (without one, as in the embedded store of one process, at once and always).
 * The holder renews the lease every third of its lifetime; the others try to take it as often, so
 * when the holder stops (its lease released) or dies (its lease expires) another replica starts the
 * subscription within a third of the lifetime (a lifetime and a third), from the checkpoint the
 * holder saved last. A holder that cannot renew before its lease runs out (its store unreachable,
 * another holder took it) stops its subscription first; a subscription that stopped on an error (a
 * checkpoint save refused while MongoDB restarts) is started again at the holder's next turn, from
 * its checkpoint. At-least-once stays the guarantee: in the
 * moment of a takeover an event may be handled twice (the publishers' de-duplication ids and the
 * mail senders' dedupe keys absorb it), never skipped.
 *
 * `caughtUp` resolves once the subscription this replica started has caught up, or at once when
 * another replica holds the lease (this one has nothing to catch up with).
 */
export const runLeased = async (options: {
  readonly checkpoints: CheckpointStore;
  readonly name: string;
  /** starts the subscription; it calls `failed` when it stops on an error (then started again at the next turn) */
  readonly start: (failed?: (error: unknown) => void) => Promise<AllSubscription>;
  /** a failed try or renewal (the store unreachable): logged by the caller; the loop goes on */
  readonly onLeaseError?: (error: unknown) => void;
}): Promise<AllSubscription> => {
  const leases = options.checkpoints.leases;
  if (!leases) return options.start();
  const ttlMs = options.checkpoints.leaseTtlMs ?? LEASE_TTL_MS;
  const holder = leaseHolderId();
  let running: AllSubscription | undefined;
  let heldUntil = 0;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let turn: Promise<void> = Promise.resolve();
  /** the running subscription stopped on an error (its store away a moment): start it again */
  let broken = false;
  const failed = (error: unknown) => {
    broken = true;
    options.onLeaseError?.(error);
  };

  const stopRunning = async () => {
    const current = running;
    running = undefined;
    await current?.close();
  };

  /** one try (or renewal), then the next one a third of the lifetime later */
  const tick = async () => {
    const triedAt = Date.now();
    let held = false;
    try {
      held = await leases.acquire(options.name, holder, ttlMs);
      if (held) heldUntil = triedAt + ttlMs;
    } catch (error) {
      options.onLeaseError?.(error);
      // unknown: still ours until the lease we know of runs out
      held = running !== undefined && Date.now() < heldUntil;
    }
    if (closed) return;
    if (held && running && broken) await stopRunning();
    if (held && !running) {
      broken = false;
      running = await options.start(failed);
    } else if (!held && running) await stopRunning();
  };
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => {
      // a start that failed (its checkpoint unreadable) is tried again at the next turn, lease held
      turn = tick()
        .catch((error: unknown) => options.onLeaseError?.(error))
        .finally(schedule);
    }, ttlMs / 3);
    timer.unref();
  };

  await tick();
  const caughtUp = running ? running.caughtUp : Promise.resolve();
  schedule();
  return {
    caughtUp,
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await turn.catch(() => undefined);
      const had = running !== undefined;
      await stopRunning();
      if (had) await leases.release(options.name, holder).catch((error: unknown) => options.onLeaseError?.(error));
    },
  };
};
