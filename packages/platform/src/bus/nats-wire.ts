/** How the bus's messages look on NATS: the subjects and headers it uses, payloads and headers converted. */
import { type MsgHdrs, headers as natsHeaders } from 'nats';
import type { Headers } from './bus.ts';
import { decodePayload, encodePayload } from './encoded-json.ts';

export const EVENT_SUBJECTS = 'events.>';
export const DUPLICATE_WINDOW_MS = 2 * 60_000;
/** a reply carrying this header is a handler failure; its value is the message (the NATS micro convention) */
export const ERROR_HEADER = 'Nats-Service-Error';
export const ERROR_CODE_HEADER = 'Nats-Service-Error-Code';
/** JetStream's de-duplication header: carries the event id */
export const MSG_ID_HEADER = 'Nats-Msg-Id';
/** how long the server waits for an ack before redelivering; long handlers keep extending it */
export const ACK_WAIT_MS = 30_000;

export const EMPTY = new Uint8Array(0);

// undefined travels as an empty payload (JSON has no representation for it); encoded JSON parts
// travel as they are (see encoded-json.ts)
export const encode = (value: unknown): Uint8Array => encodePayload(value);
export const decode = (data: Uint8Array, keepEncoded = false): unknown => decodePayload(data, keepEncoded);

export function toNatsHeaders(headers: Headers | undefined): MsgHdrs | undefined {
  if (headers === undefined || Object.keys(headers).length === 0) return undefined;
  const result = natsHeaders();
  for (const [key, value] of Object.entries(headers)) result.set(key, value);
  return result;
}

/** the application's headers: `Nats-*` ones belong to the protocol */
export function fromNatsHeaders(headers: MsgHdrs | undefined): Headers {
  const result: Record<string, string> = {};
  for (const [key, values] of headers ?? []) {
    if (!key.toLowerCase().startsWith('nats-') && values[0] !== undefined) result[key] = values[0];
  }
  return result;
}
