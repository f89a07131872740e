import { type Bus, BusUnavailableError, NoResponderError, RequestTimeoutError } from '../bus/bus.ts';
import type { ProcessMetrics } from './metrics.ts';
import { context, contextFrom, inSpan, SpanKind, withTraceHeaders } from './tracing.ts';

const outcomeOf = (error: unknown): string =>
  error instanceof RequestTimeoutError
    ? 'timeout'
    : error instanceof BusUnavailableError || error instanceof NoResponderError
      ? 'unavailable'
      : 'error';

/**
 * The bus with its traffic measured: every request's round trip (requester side), every request
 * this process answers (handler side) and every integration event its consumers handle. A
 * decorator, so the adapters (NATS, in-process) stay as they are. With `traced`, each of them is
 * a span too, linked across processes through the `traceparent` header (see tracing.ts).
 */
export const instrumentBus = (bus: Bus, metrics: ProcessMetrics, options: { readonly traced?: boolean } = {}): Bus => {
  const measured = measuredBus(bus, metrics);
  return options.traced ? tracedBus(measured) : measured;
};

const measuredBus = (bus: Bus, metrics: ProcessMetrics): Bus => ({
  async request(subject, payload, options) {
    const end = metrics.busRequests.startTimer({ subject });
    try {
      const reply = await bus.request(subject, payload, options);
      end({ outcome: 'ok' });
      return reply;
    } catch (error) {
      end({ outcome: outcomeOf(error) });
      throw error;
    }
  },
  serve: (subject, handler, options) =>
    bus.serve(
      subject,
      async (payload, context) => {
        const end = metrics.busHandled.startTimer({ subject });
        try {
          const reply = await handler(payload, context);
          end({ outcome: 'ok' });
          return reply;
        } catch (error) {
          end({ outcome: 'error' });
          throw error;
        }
      },
      options,
    ),
  publish: (event) => bus.publish(event),
  consume: (options) =>
    bus.consume({
      ...options,
      handler: async (event) => {
        try {
          await options.handler(event);
          metrics.eventsHandled.inc({ consumer: options.durable, outcome: 'ok' });
        } catch (error) {
          metrics.eventsHandled.inc({ consumer: options.durable, outcome: 'error' });
          throw error;
        }
      },
    }),
  notify: (subject, data) => bus.notify(subject, data),
  watch: (filter, handler) => bus.watch(filter, handler),
  close: () => bus.close(),
  ...(bus.ping ? { ping: () => (bus.ping as () => Promise<void>)() } : {}),
});

/**
 * Spans around the bus: a client span per request (its parent the `traceparent` the caller sent,
 * e.g. the edge's HTTP span, else the active span), whose own traceparent travels in the headers;
 * a server span per request handled and a consumer span per integration event, their parent the
 * traceparent that came with the message. A handler's own requests are its children.
 */
const tracedBus = (bus: Bus): Bus => ({
  request: (subject, payload, options = {}) =>
    inSpan(
      `${subject} request`,
      SpanKind.CLIENT,
      contextFrom(options.headers, context.active()),
      { 'messaging.destination.name': subject },
      (span) => bus.request(subject, payload, { ...options, headers: withTraceHeaders(options.headers, span) }),
    ),
  serve: (subject, handler, options) =>
    bus.serve(
      subject,
      (payload, requestContext) =>
        inSpan(
          `${subject} handle`,
          SpanKind.SERVER,
          contextFrom(requestContext.headers),
          { 'messaging.destination.name': subject },
          () => handler(payload, requestContext),
        ),
      options,
    ),
  publish: (event) => bus.publish(event),
  consume: (options) =>
    bus.consume({
      ...options,
      handler: (event) =>
        inSpan(
          `${event.subject} process`,
          SpanKind.CONSUMER,
          contextFrom(event.headers),
          { 'messaging.consumer.group.name': options.durable },
          () => options.handler(event),
        ),
    }),
  notify: (subject, data) => bus.notify(subject, data),
  watch: (filter, handler) => bus.watch(filter, handler),
  close: () => bus.close(),
  ...(bus.ping ? { ping: () => (bus.ping as () => Promise<void>)() } : {}),
});
