/**
 * The message bus port: request/reply on subjects, and durable integration events.
 * Payloads are JSON-serialisable values; adapters encode them. A payload, or a top-level property
 * of one, may be an EncodedJson: a value whose encoding the sender already has (see encoded-json.ts).
 */

export type Headers = Readonly<Record<string, string>>;

export interface RequestOptions {
  /** default 10 000 ms */
  readonly timeoutMs?: number;
  /** e.g. `traceparent`; delivered to the handler as-is */
  readonly headers?: Headers;
  /**
   * Encoded JSON in the reply (see EncodedJson) stays encoded instead of being parsed: for a
   * requester that writes the reply on without reading it. Default false: plain values.
   */
  readonly keepEncoded?: boolean;
  /**
   * The caller will not touch the payload again: a bus inside one process may hand it to the
   * handler without copying it (see InProcessBusOptions.shareRequests). Default false.
   */
  readonly transferPayload?: boolean;
}

export interface RequestContext {
  readonly subject: string;
  readonly headers: Headers;
}

export type RequestHandler = (payload: unknown, context: RequestContext) => Promise<unknown>;

export interface ServeOptions {
  /** replicas serving the same subject with the same queue share the load (default: the subject) */
  readonly queue?: string;
}

export interface Served {
  /** stop taking new requests and finish the ones in flight */
  stop(): Promise<void>;
}

export interface IntegrationEvent {
  /** `events.<service>.<event-name>` */
  readonly subject: string;
  /** de-duplication id: publishing the same id twice delivers once */
  readonly id: string;
  readonly data: unknown;
  readonly headers?: Headers;
}

export interface DeliveredEvent {
  readonly subject: string;
  readonly id: string;
  readonly data: unknown;
  readonly headers: Headers;
  /** 1-based sequence in the event stream */
  readonly sequence: number;
}

export interface ConsumeOptions {
  /** durable consumer name: a restarted consumer with the same name resumes after its last ack */
  readonly durable: string;
  /** subject filter with NATS wildcards, e.g. `events.catalog.>` */
  readonly filter: string;
  /**
   * acked when it resolves; redelivered later when it rejects. Events come one at a time in stream
   * order, and a rejected event is redelivered (after a backoff) before any later one.
   */
  readonly handler: (event: DeliveredEvent) => Promise<void>;
}

export interface Consumer {
  stop(): Promise<void>;
}

export interface Bus {
  request(subject: string, payload: unknown, options?: RequestOptions): Promise<unknown>;
  serve(subject: string, handler: RequestHandler, options?: ServeOptions): Promise<Served>;
  publish(event: IntegrationEvent): Promise<void>;
  consume(options: ConsumeOptions): Promise<Consumer>;
  /**
   * A notice to every process watching `subject` now (`watch`): live only, like `watch` itself:
   * nothing stored, nothing acked, missed by a process whose connection is down. Sent before
   * `notify` returns (on one connection, in order with the replies sent after it). For news whose
   * loss a watcher covers another way (a read model that changed: an edge cache also ages out).
   */
  notify(subject: string, data: unknown): void;
  /**
   * Every integration event published from now on whose subject matches `filter` (and every
   * notice), to this subscriber (each process that watches gets each event: a fan-out, unlike `consume`). Live
   * only: nothing is replayed, nothing acked, an event published while the connection is down is
   * missed. For notifications whose loss is harmless (an MCP client's resource subscription).
   */
  watch(
    filter: string,
    handler: (event: { readonly subject: string; readonly data: unknown }) => void,
  ): Promise<Consumer>;
  /** drains: in-flight requests finish, then connections close */
  close(): Promise<void>;
  /**
   * one round trip to the broker: resolves when it answers, rejects (BusUnavailableError) while
   * the connection is down. Readiness probes call it; a bus inside one process has none.
   */
  ping?(): Promise<void>;
}

/** nobody serves the subject: fails fast instead of waiting for the timeout */
export class NoResponderError extends Error {
  readonly subject: string;
  constructor(subject: string, message = `no service is answering ${subject}`) {
    super(message);
    this.name = 'NoResponderError';
    this.subject = subject;
  }
}

/**
 * The connection to the broker is down (it is reconnecting): a request is refused at once instead
 * of waiting out its timeout. A kind of NoResponderError, so every edge answers it 503 as it does
 * a service that is not running. Requests sent before the outage still complete when it ends.
 */
export class BusUnavailableError extends NoResponderError {
  constructor(subject: string) {
    super(subject, `the message bus is unreachable (reconnecting): ${subject} was not sent`);
    this.name = 'BusUnavailableError';
  }
}

export class RequestTimeoutError extends Error {
  readonly subject: string;
  readonly timeoutMs: number;
  constructor(subject: string, timeoutMs: number) {
    super(`no reply on ${subject} within ${timeoutMs} ms`);
    this.name = 'RequestTimeoutError';
    this.subject = subject;
    this.timeoutMs = timeoutMs;
  }
}

/** the handler threw: the message travels back to the requester */
export class RemoteHandlerError extends Error {
  readonly subject: string;
  constructor(subject: string, message: string) {
    super(`handler of ${subject} failed: ${message}`);
    this.name = 'RemoteHandlerError';
    this.subject = subject;
  }
}
