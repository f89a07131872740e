import {
  AckPolicy,
  connect,
  createInbox,
  DeliverPolicy,
  ErrorCode,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type Msg,
  type MsgHdrs,
  NatsError,
  nanos,
  headers as natsHeaders,
} from 'nats';
import type {
  Bus,
  ConsumeOptions,
  Consumer,
  DeliveredEvent,
  Headers,
  IntegrationEvent,
  RequestHandler,
  RequestOptions,
  Served,
  ServeOptions,
} from './bus.ts';
import { BusUnavailableError, NoResponderError, RemoteHandlerError, RequestTimeoutError } from './bus.ts';
import { assertDurableName, createDeadlines, errorMessage, redeliveryDelayMs } from './bus-support.ts';
import { ensureStream, type StartupLogger, untilAnswered } from './nats-startup.ts';
import { trackConnection } from './nats-status.ts';
import {
  ACK_WAIT_MS,
  decode,
  EMPTY,
  ERROR_CODE_HEADER,
  ERROR_HEADER,
  EVENT_SUBJECTS,
  encode,
  fromNatsHeaders,
  MSG_ID_HEADER,
  toNatsHeaders,
} from './nats-wire.ts';

export type { StartupLogger } from './nats-startup.ts';
export { DUPLICATE_WINDOW_MS, ERROR_HEADER, EVENT_SUBJECTS } from './nats-wire.ts';

export interface NatsBusOptions {
  /** e.g. `nats://127.0.0.1:4222` */
  readonly servers: string | string[];
  /** connection name, shown by the server's monitoring */
  readonly name: string;
  /** default `EVENTS` */
  readonly streamName?: string;
  /** default for requests without `timeoutMs`; default 10 000 ms */
  readonly requestTimeoutMs?: number;
  /** how long a JetStream API call (stream, consumer creation) waits for its answer; default nats.js's 5 000 ms */
  readonly jetStreamTimeoutMs?: number;
  /** told of each start-up JetStream call that timed out and is tried again (a service logs it) */
  readonly logger?: StartupLogger;
}

export async function connectNatsBus(options: NatsBusOptions): Promise<Bus> {
  const streamName = options.streamName ?? 'EVENTS';
  const defaultTimeoutMs = options.requestTimeoutMs ?? 10_000;
  // a service keeps trying to reach NATS instead of giving up after the default 10 attempts, and
  // started before NATS listens it waits for it (waitOnFirstConnect) rather than crash on the
  // refused first connection; no async traces: the client would build an Error (a stack capture)
  // per request for them
  const nc = await connect({
    servers: options.servers,
    name: options.name,
    maxReconnectAttempts: -1,
    waitOnFirstConnect: true,
    noAsyncTraces: true,
  });
  try {
    const jsOptions = options.jetStreamTimeoutMs === undefined ? {} : { timeout: options.jetStreamTimeoutMs };
    const stopped = () => nc.isClosed();
    const jsm = await untilAnswered('jetstream manager', () => nc.jetstreamManager(jsOptions), {
      ...(options.logger ? { logger: options.logger } : {}),
      stopped,
    });
    await untilAnswered(`stream ${streamName}`, () => ensureStream(jsm, streamName), {
      ...(options.logger ? { logger: options.logger } : {}),
      stopped,
    });
    return natsBus(nc, jsm, nc.jetstream(jsOptions), streamName, defaultTimeoutMs, options.logger);
  } catch (error) {
    await nc.close();
    throw error;
  }
}

function natsBus(
  nc: Awaited<ReturnType<typeof connect>>,
  jsm: JetStreamManager,
  js: JetStreamClient,
  streamName: string,
  defaultTimeoutMs: number,
  logger: StartupLogger | undefined,
): Bus {
  const connection = trackConnection(nc);
  const served = new Set<Served>();
  const consumers = new Set<Consumer>();
  let closing: Promise<void> | undefined;

  // Outgoing requests and replies wait for the end of the event-loop turn, then go out together:
  // the client writes its buffer once per batch instead of once per message.
  let outbox: { subject: string; data: Uint8Array; reply?: string; headers?: MsgHdrs }[] = [];
  const flushOutbox = (): void => {
    const batch = outbox;
    outbox = [];
    for (const m of batch) {
      try {
        nc.publish(m.subject, m.data, {
          ...(m.reply ? { reply: m.reply } : {}),
          ...(m.headers ? { headers: m.headers } : {}),
        });
      } catch (error) {
        if (m.reply) settle(m.reply, { error });
      }
    }
  };
  const send = (message: (typeof outbox)[number]): void => {
    if (outbox.push(message) === 1) setImmediate(flushOutbox);
  };

  // One reply inbox for every request of this connection: `<inbox>.<token>`.
  interface PendingRequest {
    readonly subject: string;
    readonly resolve: (msg: Msg) => void;
    readonly reject: (error: unknown) => void;
  }
  const inbox = createInbox();
  const pending = new Map<string, PendingRequest>();
  const deadlines = createDeadlines<string>();
  let nextToken = 0;
  /** ends the request waiting on `replySubject`, if it still waits: with the reply, or failed */
  function settle(replySubject: string, outcome: { reply: Msg } | { error: unknown }): void {
    const request = pending.get(replySubject);
    if (!request) return; // timed out already
    pending.delete(replySubject);
    deadlines.delete(replySubject);
    if ('reply' in outcome) request.resolve(outcome.reply);
    else request.reject(outcome.error);
  }
  nc.subscribe(`${inbox}.*`, {
    callback: (error, msg) => {
      if (error) return;
      const request = pending.get(msg.subject);
      if (!request) return;
      // the server's "no responders" status: an empty message with status 503
      if (msg.data.length === 0 && msg.headers?.code === 503)
        settle(msg.subject, { error: new NoResponderError(request.subject) });
      else settle(msg.subject, { reply: msg });
    },
  });

  async function reply(msg: Msg, handler: RequestHandler): Promise<void> {
    if (!msg.reply) return;
    try {
      // headers are parsed only if the handler reads them
      let headers: Headers | undefined;
      const context = {
        subject: msg.subject,
        get headers(): Headers {
          headers ??= fromNatsHeaders(msg.headers);
          return headers;
        },
      };
      const result = await handler(decode(msg.data), context);
      send({ subject: msg.reply, data: encode(result) });
    } catch (error) {
      const failure = natsHeaders();
      // header values are single lines
      failure.set(ERROR_HEADER, errorMessage(error).replace(/[\r\n]+/g, ' '));
      failure.set(ERROR_CODE_HEADER, '500');
      send({ subject: msg.reply, data: EMPTY, headers: failure });
    }
  }

  async function handleEvent(message: JsMsg, handler: ConsumeOptions['handler']): Promise<void> {
    // tell the server the handler is still working, so a slow handler does not get a redelivery in parallel
    const keepAlive = setInterval(() => message.working(), ACK_WAIT_MS / 3);
    try {
      const event: DeliveredEvent = {
        subject: message.subject,
        id: message.headers?.get(MSG_ID_HEADER) || `seq-${message.seq}`,
        data: decode(message.data),
        headers: fromNatsHeaders(message.headers),
        sequence: message.seq,
      };
      await handler(event);
      message.ack();
    } catch {
      message.nak(redeliveryDelayMs(message.info.redeliveryCount));
    } finally {
      clearInterval(keepAlive);
    }
  }

  return {
    async request(subject: string, payload: unknown, requestOptions: RequestOptions = {}): Promise<unknown> {
      if (closing) throw new Error('the bus is closed');
      // while the broker is unreachable nothing can answer: say so now, not after the timeout
      if (!connection.up) throw new BusUnavailableError(subject);
      const timeoutMs = requestOptions.timeoutMs ?? defaultTimeoutMs;
      const replySubject = `${inbox}.${(nextToken++).toString(36)}`;
      const data = encode(payload);
      const headers = toNatsHeaders(requestOptions.headers);
      const response = await new Promise<Msg>((resolve, reject) => {
        pending.set(replySubject, { subject, resolve, reject });
        deadlines.add(replySubject, timeoutMs, () =>
          settle(replySubject, { error: new RequestTimeoutError(subject, timeoutMs) }),
        );
        send({ subject, data, reply: replySubject, ...(headers ? { headers } : {}) });
      });
      if (response.headers?.has(ERROR_HEADER)) {
        throw new RemoteHandlerError(subject, response.headers.get(ERROR_HEADER));
      }
      return decode(response.data, requestOptions.keepEncoded ?? false);
    },

    async serve(subject: string, handler: RequestHandler, serveOptions: ServeOptions = {}): Promise<Served> {
      const inFlight = new Set<Promise<void>>();
      const subscription = nc.subscribe(subject, {
        queue: serveOptions.queue ?? subject,
        callback: (error, msg) => {
          if (error) return; // the subscription failed (permissions): nothing to answer
          const handling = reply(msg, handler);
          inFlight.add(handling);
          void handling.finally(() => inFlight.delete(handling));
        },
      });
      // the server knows the subscription before serve() resolves: a request sent right after,
      // from any connection, finds a responder (a connection that dropped meanwhile: once it is back)
      await untilAnswered(`subscription ${subject}`, () => nc.flush(), {
        ...(logger ? { logger } : {}),
        stopped: () => closing !== undefined,
      });
      const serving: Served = {
        async stop() {
          served.delete(serving);
          await subscription.drain();
          await Promise.all(inFlight);
        },
      };
      served.add(serving);
      return serving;
    },

    async publish(event: IntegrationEvent): Promise<void> {
      try {
        await js.publish(event.subject, encode(event.data), {
          msgID: event.id,
          headers: toNatsHeaders(event.headers),
        });
      } catch (error) {
        if (error instanceof NatsError && error.code === ErrorCode.NoResponders) {
          throw new Error(`no stream stores ${event.subject}: integration events go to ${EVENT_SUBJECTS}`);
        }
        throw error;
      }
    },

    notify(subject: string, data: unknown): void {
      // a core NATS message: no stream, no ack; while the connection is down it is dropped
      if (nc.isClosed()) return;
      nc.publish(subject, encode(data));
    },

    async watch(filter, handler): Promise<Consumer> {
      // a plain (non-queue) subscription: a JetStream publish is a NATS message on its subject too,
      // so every watching process gets it; the stream is not involved
      const subscription = nc.subscribe(filter, {
        callback: (error, message) => {
          if (error) return;
          try {
            handler({ subject: message.subject, data: decode(message.data) });
          } catch {
            // a watcher's failure is its own: the next event still comes
          }
        },
      });
      // the server has the subscription before watch() resolves: an event published after it is seen
      await nc.flush();
      return {
        stop: async () => {
          subscription.unsubscribe();
        },
      };
    },

    async consume({ durable, filter, handler }: ConsumeOptions): Promise<Consumer> {
      assertDurableName(durable);
      // creates the durable, or finds it (with its ack position) when it exists; under heavy load
      // the JetStream API may not answer in time: asked again until it does or the bus closes
      const messages = await untilAnswered(
        `consumer ${durable}`,
        async () => {
          await jsm.consumers.add(streamName, {
            durable_name: durable,
            filter_subject: filter,
            ack_policy: AckPolicy.Explicit,
            deliver_policy: DeliverPolicy.All,
            ack_wait: nanos(ACK_WAIT_MS),
            max_ack_pending: 1,
          });
          return (await js.consumers.get(streamName, durable)).consume();
        },
        { ...(logger ? { logger } : {}), stopped: () => closing !== undefined },
      );
      let stopping = false;
      const running = (async () => {
        for await (const message of messages) {
          // pulled but not yet handled when stop() came: hand it back at once, so the next
          // consumer need not wait for ack_wait to get it
          if (stopping) message.nak();
          else await handleEvent(message, handler);
        }
      })();
      running.catch(() => {}); // surfaces from stop()
      const consumer: Consumer = {
        async stop() {
          stopping = true;
          consumers.delete(consumer);
          // ends the loop once the event in hand is handled; the durable consumer stays on the server
          await messages.close();
          await running;
          // make sure the server has the acks before a restarted consumer asks for more
          await nc.flush();
        },
      };
      consumers.add(consumer);
      return consumer;
    },

    async ping(): Promise<void> {
      if (closing) throw new Error('the bus is closed');
      if (!connection.up) throw new BusUnavailableError('ping');
      await nc.rtt();
    },

    close(): Promise<void> {
      closing ??= (async () => {
        await Promise.allSettled([...consumers, ...served].map((c) => c.stop()));
        flushOutbox();
        await nc.drain();
        // requests still waiting will get no reply on a closed connection: fail them now
        for (const replySubject of [...pending.keys()])
          settle(replySubject, { error: new Error('the bus closed before the reply came') });
      })();
      return closing;
    },
  };
}
