import fastifyFormbody from '@fastify/formbody';
import { CLAIM_EMAIL_PATH, CLAIM_EMAIL_TOKEN_PATTERN, verifyEmailClaim } from '@listings/contracts';
import type { InternalClient } from '@listings/platform/internal-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { personPages } from '../../people/person-pages.ts';
import { type Form, field, type Sessions } from '../../people/sessions.ts';
import type { WebContext } from '../../web-context.ts';
import { type ClaimEmailState, ClaimEmailView } from './view.ts';

const TOKEN = new RegExp(CLAIM_EMAIL_TOKEN_PATTERN);

const STATUS: Record<ClaimEmailState['kind'], number> = {
  invalid: 400,
  confirm: 200,
  unavailable: 503,
  'not-verified': 409,
  verified: 200,
};

/**
 * The link an email claim mails (`/claims/verify-email?token=…`): GET shows a button, POST
 * verifies (so mail scanners that open links verify nothing). The token is the only credential,
 * so nobody needs to be signed in; claims answers on `claims.internal.verify_email_claim`.
 */
export const claimEmailRoutes =
  (deps: { sessions: Sessions; internal: InternalClient }) =>
  async (app: FastifyInstance, web: WebContext): Promise<void> => {
    await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });
    const { sendPrivate, refused } = personPages(web, deps.sessions);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.raw.setHeader('referrer-policy', 'no-referrer');
      done();
    });
    const show = async (request: FastifyRequest, reply: FastifyReply, state: ClaimEmailState) => {
      const frame = await web.frameOf(request, reply);
      const status = state.kind === 'not-verified' ? state.status : STATUS[state.kind];
      return sendPrivate(request, reply, frame, ClaimEmailView({ state }, frame), status);
    };

    app.get<{ Querystring: { token?: string } }>(CLAIM_EMAIL_PATH, async (request, reply) => {
      const token = String(request.query.token ?? '');
      return show(request, reply, TOKEN.test(token) ? { kind: 'confirm', token } : { kind: 'invalid' });
    });

    app.post(CLAIM_EMAIL_PATH, async (request, reply) => {
      if (await refused(request, reply)) return reply;
      const token = field(request.body as Form | undefined, 'token');
      if (!TOKEN.test(token)) return show(request, reply, { kind: 'invalid' });
      const answer = await deps.internal.send<{ slug: string }>(verifyEmailClaim, { token });
      if (answer.ok) return show(request, reply, { kind: 'verified', slug: answer.body.slug });
      if (answer.status >= 500) return show(request, reply, { kind: 'unavailable' });
      return show(request, reply, { kind: 'not-verified', status: answer.status });
    });
  };
