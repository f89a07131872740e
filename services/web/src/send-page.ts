import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageFrame } from './frame.ts';
import { renderDocument, type VNode } from './html.ts';

/**
 * Pages render with this stand-in where the request's CSP nonce goes; it is swapped for the real
 * nonce after the ETag is taken, so the ETag names the content, not the request. (Random per
 * process: no listing text can contain it.)
 */
export const NONCE_PLACEHOLDER = `nonce${randomBytes(12).toString('hex')}`;

/** how long a shared cache or a browser may reuse an anonymous page without asking */
export const ANONYMOUS_MAX_AGE_SECONDS = 60;

const etagOf = (body: string): string => `"${createHash('sha1').update(body).digest('base64url')}"`;

const nonceOf = (reply: FastifyReply): string =>
  (reply as FastifyReply & { cspNonce?: { script: string } | null }).cspNonce?.script ?? '';

/**
 * Sends a rendered page. Anonymous pages are public and revalidated by ETag (a 304 when the
 * browser's copy is current); pages for a signed-in person are private and never stored.
 */
export const sendPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  frame: PageFrame,
  tree: VNode,
  status = 200,
): FastifyReply => {
  const rendered = renderDocument(tree);
  reply.type('text/html; charset=utf-8').code(status);
  if (frame.viewer === null && status === 200) {
    const etag = etagOf(rendered);
    reply
      .header('etag', etag)
      .header('cache-control', `public, max-age=${ANONYMOUS_MAX_AGE_SECONDS}`)
      .header('vary', 'Cookie');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  } else {
    reply.header('cache-control', 'private, no-store');
  }
  return reply.send(rendered.replaceAll(NONCE_PLACEHOLDER, nonceOf(reply)));
};
