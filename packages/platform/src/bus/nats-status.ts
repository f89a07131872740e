import { Events, type NatsConnection } from 'nats';

/** whether a NATS connection is up now: false from a disconnect until the client has reconnected */
export interface ConnectionState {
  readonly up: boolean;
}

/**
 * Follows a connection's status events. The client keeps reconnecting on its own; this only tells
 * callers not to send what cannot leave (an edge answers 503 at once instead of waiting out a
 * request timeout).
 */
export const trackConnection = (nc: NatsConnection): ConnectionState => {
  const state = { up: !nc.isClosed() };
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === Events.Disconnect) state.up = false;
      else if (status.type === Events.Reconnect) state.up = true;
    }
    state.up = false; // closed
  })().catch(() => {
    state.up = false;
  });
  return state;
};
