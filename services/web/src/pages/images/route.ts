import { IMAGES_PATH, LOGO_SIZES } from '@listings/contracts';
import type { LogoServer } from '@listings/platform/images';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ImagesUnavailable } from './catalog-logos.ts';

/** a content-addressed image never changes: a year, and no revalidation while it lasts */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Listing logos from our own origin, out of the images bucket (asked of the catalog, which reads
 * it: catalog-logos.ts): `/images/<sha256>.png` (as stored)
 * and `/images/<sha256>/<size>.png` at the sizes the site shows (LOGO_SIZES). The URL names the
 * bytes, so the answer is cached for a year, its strong ETag is the digest and size, and an
 * `If-None-Match` naming it is answered 304 without reading the store.
 */
export const imageRoutes =
  (deps: { logos: LogoServer }) =>
  async (app: FastifyInstance): Promise<void> => {
    const send = async (request: FastifyRequest, reply: FastifyReply, digest: string, size?: number) => {
      const etag = `"${digest}-${size ?? 'stored'}"`;
      const matches = (request.headers['if-none-match'] ?? '')
        .split(',')
        .map((tag) => tag.trim())
        .some((tag) => tag === etag || tag === '*');
      let served: Awaited<ReturnType<LogoServer['get']>> = null;
      try {
        served = matches ? null : await deps.logos.get(digest, size);
      } catch (error) {
        if (!(error instanceof ImagesUnavailable)) throw error;
        return reply
          .code(503)
          .header('retry-after', '5')
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send('images are not available right now');
      }
      if (!matches && !served) {
        return reply
          .code(404)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send('no such image');
      }
      reply
        .header('etag', etag)
        .header('cache-control', IMAGE_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        // an API client may show a listing's logo on its own pages
        .header('cross-origin-resource-policy', 'cross-origin');
      if (matches) return reply.code(304).send();
      return reply.type('image/png').send(Buffer.from(served?.bytes ?? new Uint8Array()));
    };
    app.get<{ Params: { file: string } }>(`${IMAGES_PATH}/:file`, async (request, reply) => {
      const match = /^([0-9a-f]{64})\.png$/.exec(request.params.file);
      if (!match?.[1]) return reply.callNotFound();
      return send(request, reply, match[1]);
    });
    app.get<{ Params: { digest: string; file: string } }>(`${IMAGES_PATH}/:digest/:file`, async (request, reply) => {
      const size = /^(\d{1,4})\.png$/.exec(request.params.file)?.[1];
      if (!/^[0-9a-f]{64}$/.test(request.params.digest) || !(LOGO_SIZES as readonly number[]).includes(Number(size)))
        return reply.callNotFound();
      return send(request, reply, request.params.digest, Number(size));
    });
  };
