/**
 * Every 503 an edge answers says when to try again (`Retry-After`, RFC 9110 §10.2.3), unless the
 * code that answered set its own: an outage of the bus or of a service is short-lived (the client
 * reconnects, the supervisor restarts a crashed service), so a client should retry soon, not give up.
 */
export const RETRY_AFTER_OUTAGE_SECONDS = 2;

interface HookedApp {
  addHook(
    name: 'onSend',
    hook: (
      request: unknown,
      reply: { statusCode: number; hasHeader(name: string): boolean; header(name: string, value: string): unknown },
      payload: unknown,
      done: (error: Error | null, payload: unknown) => void,
    ) => void,
  ): unknown;
}

export const retryAfterOnOutage = (app: HookedApp): void => {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode === 503 && !reply.hasHeader('retry-after'))
      reply.header('retry-after', String(RETRY_AFTER_OUTAGE_SECONDS));
    done(null, payload);
  });
};
