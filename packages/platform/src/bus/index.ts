export type {
  Bus,
  ConsumeOptions,
  Consumer,
  DeliveredEvent,
  Headers,
  IntegrationEvent,
  RequestContext,
  RequestHandler,
  RequestOptions,
  Served,
  ServeOptions,
} from './bus.ts';
export { BusUnavailableError, NoResponderError, RemoteHandlerError, RequestTimeoutError } from './bus.ts';
export { subjectMatches } from './bus-support.ts';
export { EncodedJson, encodedOnce } from './encoded-json.ts';
export { createInProcessBus, type InProcessBusOptions } from './in-process-bus.ts';
export { connectNatsBus, DUPLICATE_WINDOW_MS, EVENT_SUBJECTS, type NatsBusOptions } from './nats-bus.ts';
export { type ConnectionState, trackConnection } from './nats-status.ts';
export { newTraceparent, traceparentOrNew } from './trace.ts';
