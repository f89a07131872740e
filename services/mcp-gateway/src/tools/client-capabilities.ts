import {
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  type ServerContext,
} from '@modelcontextprotocol/server';

/**
 * The client's declared capabilities on a 2026-07-28 request (its `_meta` envelope), or undefined
 * on a 2025-era request (whose capabilities were declared once, at `initialize`). The SDK types the
 * envelope as `{}`, so it is read by its key here, in one place.
 */
export const envelopeCapabilities = (ctx: ServerContext): ClientCapabilities | undefined => {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  return envelope && CLIENT_CAPABILITIES_META_KEY in envelope
    ? ((envelope[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined) ?? {})
    : undefined;
};

/** whether the client declared an extension (e.g. `io.modelcontextprotocol/tasks`) on this request */
export const declaresExtension = (ctx: ServerContext, extension: string): boolean =>
  (envelopeCapabilities(ctx) as { extensions?: Record<string, unknown> } | undefined)?.extensions?.[extension] !==
  undefined;

/** whether the client declared `sampling` on this 2026-07-28 request (it can answer with its model) */
export const declaresSampling = (ctx: ServerContext): boolean => envelopeCapabilities(ctx)?.sampling !== undefined;
