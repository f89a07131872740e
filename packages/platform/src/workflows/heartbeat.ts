/**
 * Heartbeats for long activities (activity side, never workflow code). On a Temporal worker an
 * activity that heartbeats tells the server it is alive: when its worker dies, the server retries
 * the attempt after the short heartbeat timeout instead of the whole start-to-close timeout. In the
 * in-process runner there is no server to tell, so this does nothing there.
 */
import { Context } from '@temporalio/activity';

/** how often a running activity heartbeats; the workflows' heartbeat timeout is a few times this */
export const HEARTBEAT_INTERVAL_MS = 5_000;

/** the Temporal activity this call runs in, or null (the in-process runner, a test) */
const currentActivity = (): Context | null => {
  try {
    return Context.current();
  } catch {
    return null;
  }
};

/**
 * Runs `work`, heartbeating every `intervalMs` (and once at its start) while it runs on a Temporal
 * worker; just runs it elsewhere.
 */
export const withHeartbeat = async <T>(work: () => Promise<T>, intervalMs = HEARTBEAT_INTERVAL_MS): Promise<T> => {
  const activity = currentActivity();
  if (!activity) return work();
  activity.heartbeat();
  const timer = setInterval(() => activity.heartbeat(), intervalMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
};
