/** The bus's start-up on JetStream: the events stream made, and calls NATS did not answer tried again. */
import { setTimeout as sleep } from 'node:timers/promises';
import { ErrorCode, type JetStreamManager, NatsError, nanos, RetentionPolicy, StorageType } from 'nats';
import { DUPLICATE_WINDOW_MS, EVENT_SUBJECTS } from './nats-wire.ts';

/** where the bus tells of a start-up step it tries again (a service's logger) */
export interface StartupLogger {
  warn(fields: Record<string, unknown>, message: string): void;
}

export async function ensureStream(jsm: JetStreamManager, name: string): Promise<void> {
  try {
    // idempotent when the stream exists with this very configuration
    await jsm.streams.add({
      name,
      subjects: [EVENT_SUBJECTS],
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
    });
  } catch (error) {
    // it exists with another configuration (an operator changed it): use it as it is
    await jsm.streams.info(name).catch(() => Promise.reject(error));
  }
}

/** the longest pause between two tries of a start-up JetStream call */
const STARTUP_RETRY_MAX_MS = 5_000;

/**
 * A JetStream API call that got no answer (in time: the server or this process under heavy load;
 * at all: JetStream not there yet, or the connection dropped while it waited and is reconnecting):
 * worth asking again. Anything else (a refused configuration, a closed connection) is not.
 */
const isUnanswered = (error: unknown): boolean =>
  error instanceof NatsError &&
  (error.code === ErrorCode.Timeout ||
    error.code === ErrorCode.Disconnect ||
    error.code === ErrorCode.JetStream408RequestTimeout ||
    error.code === ErrorCode.NoResponders);

/**
 * Runs a start-up JetStream call (creating the stream, a durable consumer) until it is answered:
 * an unanswered one is logged and tried again after a growing pause (100 ms doubling, at most
 * STARTUP_RETRY_MAX_MS), until `stopped()`. Creating them is idempotent, so a call that did reach
 * the server before its answer was lost does no harm when repeated. Other errors reject at once.
 */
export async function untilAnswered<T>(
  step: string,
  call: () => Promise<T>,
  options: { readonly logger?: StartupLogger; readonly stopped?: () => boolean },
): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await call();
    } catch (error) {
      if (!isUnanswered(error) || options.stopped?.()) throw error;
      const delayMs = Math.min(STARTUP_RETRY_MAX_MS, 100 * 2 ** failures);
      options.logger?.warn(
        { err: error, step, attempt: failures + 1, retry_in_ms: delayMs },
        `NATS did not answer ${step} in time; trying again`,
      );
      await sleep(delayMs);
    }
  }
}
