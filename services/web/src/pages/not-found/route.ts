import { RESOURCE_PATHS } from '@listings/contracts';
import type { FastifyInstance } from 'fastify';
import { sendPage } from '../../send-page.ts';
import type { WebContext } from '../../web-context.ts';
import { NotFoundView } from './view.ts';

/**
 * Paths that belong to machines, not people: the API and MCP (their problem+json 404s and 405s),
 * the OAuth endpoints and the well-known documents next to them.
 */
const MACHINE_PREFIXES = [RESOURCE_PATHS.api, RESOURCE_PATHS.mcp, '/oauth', '/.well-known'];
const isMachinePath = (path: string): boolean =>
  MACHINE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * The site's HTML 404 when it shares a server with the gateway (all-in-one mode), where the
 * gateway owns the server's not-found handler (problem+json). Every path no route knows comes
 * here, as the catch-all route has the lowest priority in the router: a person gets the 404 page
 * with its search box; a machine path is handed back to the server's not-found handler, which
 * answers 404 or 405 as problem+json as before. Bodies are not read (nothing here needs one, so a
 * body that does not parse cannot turn a 404 into a 400).
 */
export const siteNotFoundRoute = async (app: FastifyInstance, web: WebContext): Promise<void> => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  // a method that carries a body but came without a Content-Type (QUERY) is refused before the
  // handler: on a machine path that is still the server's 404 or 405 problem, not a page
  app.setErrorHandler((error, request, reply) => {
    if (isMachinePath(request.url.split('?')[0] as string)) return reply.callNotFound();
    throw error;
  });
  app.all('/*', async (request, reply) => {
    const path = request.url.split('?')[0] as string;
    if (isMachinePath(path)) return reply.callNotFound();
    const frame = await web.frameOf(request, reply);
    return sendPage(request, reply, frame, NotFoundView({ what: `There is no page at ${path}.` }, frame), 404);
  });
};
