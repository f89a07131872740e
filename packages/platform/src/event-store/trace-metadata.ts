import { activeTraceparent } from '../observability/tracing.ts';
import type { EventStore } from './event-store.ts';

/** the metadata key of the W3C traceparent that was active when an event was appended */
export const TRACEPARENT_KEY = 'traceparent';

/**
 * Appends record the active span's traceparent in `metadata.traceparent` (when tracing is on and
 * the append happens inside a span, e.g. a bus handler's), so that what the event causes later (the
 * integration event published from the log, and its consumers) joins the trace of the request that
 * wrote it. An event that names its own traceparent keeps it. Without an active span nothing is added.
 */
export const withTraceMetadata = (store: EventStore): EventStore => ({
  append: (stream, events, expected) => {
    const traceparent = activeTraceparent();
    if (traceparent === undefined) return store.append(stream, events, expected);
    return store.append(
      stream,
      events.map((event) =>
        event.metadata?.[TRACEPARENT_KEY] === undefined
          ? { ...event, metadata: { ...event.metadata, [TRACEPARENT_KEY]: traceparent } }
          : event,
      ),
      expected,
    );
  },
  readStream: (stream) => store.readStream(stream),
  readAll: (after, limit) => store.readAll(after, limit),
  subscribeAll: (options) => store.subscribeAll(options),
  close: () => store.close(),
});

/** the traceparent an event was appended under, if any */
export const traceparentOfEvent = (metadata: Readonly<Record<string, unknown>> | undefined): string | undefined => {
  const value = metadata?.[TRACEPARENT_KEY];
  return typeof value === 'string' ? value : undefined;
};
