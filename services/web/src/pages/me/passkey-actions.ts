import {
  beginPasskeyRegistration,
  finishPasskeyRegistration,
  PASSKEY_NAME_MAX_LENGTH,
  removePasskey,
} from '@listings/contracts';
import type { FastifyInstance } from 'fastify';
import { NO_PASSKEY_ANSWER, passkeyAnswerOf } from '../../people/passkey-answer.ts';
import { type Form, field } from '../../people/sessions.ts';
import type { MeActionDeps } from './route.ts';

/**
 * The passkeys section of `/me`: adding one (the options as JSON for the site script, then the
 * authenticator's answer in a plain form post) and removing one. Identity makes the options and
 * verifies the answer; this edge only carries them.
 */
export const passkeyActions = (app: FastifyInstance, deps: MeActionDeps): void => {
  const { identity, sessions, pages, showMe } = deps;

  app.post('/me/passkeys/options', async (request, reply) => {
    if (await pages.refused(request, reply)) return reply;
    const token = sessions.tokenOf(request);
    reply.header('cache-control', 'no-store');
    if (!token || !(await sessions.sessionOf(request))) return reply.code(401).send({ error: 'sign in first' });
    const begun = await identity.send<{ options: object }>(beginPasskeyRegistration, { session_token: token });
    return begun.ok ? reply.code(200).send(begun.body.options) : reply.code(begun.status).send({ error: begun.detail });
  });

  app.post('/me/passkeys', async (request, reply) => {
    if (await pages.refused(request, reply)) return reply;
    const me = await pages.signedIn(request, reply, '/me');
    if (!me) return reply;
    const form = request.body as Form;
    const name = field(form, 'name').trim();
    const response = passkeyAnswerOf(form);
    const errors: Record<string, string[]> = {};
    if (name.length > PASSKEY_NAME_MAX_LENGTH) errors.name = [`at most ${PASSKEY_NAME_MAX_LENGTH} characters`];
    if (!response) errors.response = [NO_PASSKEY_ANSWER];
    if (Object.keys(errors).length > 0)
      return showMe(request, reply, me, { status: 400, passkeyForm: { name, errors } });
    const added = await identity.send<{ passkey: { name: string } }>(finishPasskeyRegistration, {
      session_token: me.token,
      name,
      response,
    });
    if (!added.ok)
      return showMe(request, reply, me, {
        status: added.status,
        passkeyForm: { name, errors: { response: [added.detail] } },
      });
    return showMe(request, reply, me, {
      status: 201,
      notice: `Passkey “${added.body.passkey.name}” added: you can sign in with it.`,
    });
  });

  deps.oneRequestAction('/me/passkeys/remove', async (request, me) => ({
    outcome: await identity.send(removePasskey, {
      session_token: me.token,
      passkey_id: field(request.body as Form, 'passkey_id').slice(0, 40),
    }),
    done: 'The passkey is removed: it no longer signs you in.',
  }));
};
