/**
 * Tells the launcher that spawned this process (cluster mode, over its IPC channel) that a long
 * start is moving: a read model catching up, the demo catalog loading, a store being waited for.
 * The launcher waits for readiness as long as these keep coming (launcher/src/cluster.ts). At most
 * one message a second; a no-op without a parent.
 */
let lastSentAt = 0;
export const reportProgress = (step: string): void => {
  if (!process.send || !process.connected) return;
  const now = Date.now();
  if (now - lastSentAt < 1_000) return;
  lastSentAt = now;
  process.send({ type: 'progress', step });
};
