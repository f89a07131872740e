import { type Bus, BusUnavailableError, NoResponderError, RequestTimeoutError } from '../bus/bus.ts';
import type { ProcessMetrics } from './metrics.ts';

const outcomeOf = (error: unknown): string =>
  error instanceof RequestTimeoutError
    ? 'timeout'
    : error instanceof BusUnavailableError || error instanceof NoResponderError
      ? 'unavailable'
      : 'error';

/**
 * The bus with its traffic measured: every request's round trip (requester side), every request
 * this process answers (handler side) and every integration event its consumers handle. A
 * decorator, so the adapters (NATS, in-process) stay as they are.
 */
export const instrumentBus = (bus: Bus, metrics: ProcessMetrics): Bus => ({
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
  close: () => bus.close(),
  ...(bus.ping ? { ping: () => (bus.ping as () => Promise<void>)() } : {}),
});
