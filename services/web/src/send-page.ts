import { hash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageFrame } from './frame.ts';
import { renderDocument, type VNode } from './html.ts';
import { cspNonceOf } from './security.ts';

/**
 * Pages render with this stand-in where the request's CSP nonce goes; it is swapped for the real
 * nonce as the page leaves, so the ETag (and the page cache) name the content, not the request.
 * (Random per process: no listing text can contain it.)
 */
export const NONCE_PLACEHOLDER = `nonce${randomBytes(12).toString('hex')}`;

/** how long a shared cache or a browser may reuse an anonymous page without asking */
export const ANONYMOUS_MAX_AGE_SECONDS = 60;

/**
 * A page rendered once, ready to be sent to anyone it fits: its UTF-8 bytes, cut where the nonce
 * goes. Bytes, not a string: a page kept in the page cache is then memory outside the JavaScript
 * heap, which the garbage collector never copies (as a string, every cold page rendered was about
 * 14 KB that each young-generation collection had to copy and promote: the largest part of what a
 * cold page left behind, docs/benchmarks.md), and sending it is a copy of bytes, not a new string
 * to encode.
 */
export interface RenderedPage {
  /** the page's bytes between the nonce's places (one part: no nonce) */
  readonly parts: readonly Buffer[];
  /** its size in bytes, without the nonces */
  readonly size: number;
  readonly status: number;
  /** set for anonymous 200 pages: public, revalidated by ETag */
  readonly etag: string | null;
}

const PLACEHOLDER_BYTES = Buffer.from(NONCE_PLACEHOLDER);

/**
 * A page's bytes as cut at its nonce's places: the text is encoded once, and its parts are views
 * of those bytes; the ETag (for an anonymous 200) is the SHA-1 of the same bytes, placeholders
 * included, so it names the content, not the request.
 */
export const pageOf = (body: string, status: number, withEtag: boolean): RenderedPage => {
  const bytes = Buffer.from(body);
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf(PLACEHOLDER_BYTES); at !== -1; at = bytes.indexOf(PLACEHOLDER_BYTES, from)) {
    parts.push(bytes.subarray(from, at));
    from = at + PLACEHOLDER_BYTES.length;
  }
  parts.push(bytes.subarray(from));
  return {
    parts,
    size: bytes.length - (parts.length - 1) * PLACEHOLDER_BYTES.length,
    status,
    etag: withEtag ? `"${hash('sha1', bytes, 'base64url')}"` : null,
  };
};

/** the page's text with `nonce` in its places */
export const bodyOf = (page: RenderedPage, nonce: string): Buffer => {
  if (page.parts.length === 1) return page.parts[0] as Buffer;
  const between = Buffer.from(nonce);
  return Buffer.concat(page.parts.flatMap((part, i) => (i === 0 ? [part] : [between, part])));
};

export const renderPage = (frame: PageFrame, tree: VNode, status = 200): RenderedPage => {
  const body = renderDocument(tree);
  return pageOf(body, status, frame.viewer === null && status === 200);
};

/**
 * Sends a rendered page. Anonymous pages are public and revalidated by ETag (a 304 when the
 * browser's copy is current); pages for a signed-in person are private and never stored.
 */
export const sendRendered = (request: FastifyRequest, reply: FastifyReply, page: RenderedPage): FastifyReply => {
  reply.type('text/html; charset=utf-8').code(page.status);
  if (page.etag) {
    reply
      .header('etag', page.etag)
      .header('cache-control', `public, max-age=${ANONYMOUS_MAX_AGE_SECONDS}`)
      .header('vary', 'Cookie');
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  } else {
    reply.header('cache-control', 'private, no-store');
  }
  return reply.send(bodyOf(page, cspNonceOf(reply)));
};

export const sendPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  frame: PageFrame,
  tree: VNode,
  status = 200,
): FastifyReply => sendRendered(request, reply, renderPage(frame, tree, status));

/**
 * The anonymous pages rendered in the last few seconds, by URL: a page asked for again within
 * `ttlMs` is sent as it was rendered, without asking the services again. After that it is stale
 * for `staleMs` more: still given (`stale: true`), for the caller to send while it renders the
 * page again in the background (stale-while-revalidate); then it is gone. Only anonymous 200 pages
 * are kept (a signed-in person always gets a fresh page), at most `maxEntries` of them, none
 * larger than `maxBytes`.
 */
export const createPageCache = (options: {
  ttlMs: number;
  /** how long after `ttlMs` a page may still be sent while a fresh one is rendered (default 0) */
  staleMs?: number;
  maxEntries: number;
  maxBytes: number;
  now: () => number;
}) => {
  const entries = new Map<string, { page: RenderedPage; until: number }>();
  const staleMs = options.staleMs ?? 0;
  return {
    get: (url: string): { page: RenderedPage; stale: boolean } | null => {
      const entry = entries.get(url);
      if (!entry) return null;
      const now = options.now();
      if (entry.until + staleMs <= now) {
        entries.delete(url);
        return null;
      }
      return { page: entry.page, stale: entry.until <= now };
    },
    set: (url: string, page: RenderedPage): void => {
      if (options.ttlMs <= 0 || page.etag === null || page.size > options.maxBytes) return;
      // the oldest entry goes first (a Map keeps insertion order)
      entries.delete(url);
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(url, { page, until: options.now() + options.ttlMs });
    },
    delete: (url: string): void => {
      entries.delete(url);
    },
  };
};
