// The issuer side of the OAuth tests: the gateway on loopback with its identity module. The
// client side (discovery, registration, authorization, code exchange) is in oauth-client.ts.

import { createIdentity, type Identity, type IdentityOptions } from '@listings/identity';
import { hashPassword } from '@listings/identity/passwords';
import type { Bus } from '@listings/platform/bus';
import type { Clock } from '@listings/platform/clock';
import { silentLogger } from '@listings/platform/logger';
import { freePort } from '@listings/platform/testing/free-port';
import type { FastifyInstance } from 'fastify';
import { buildApp, type GatewayOptions } from '../src/app.ts';
import { discover, PERSON } from './oauth-client.ts';
import { GENEROUS_RATE_LIMITS } from './support.ts';

/** a gateway listening on loopback with an in-memory identity and one person (PERSON) who can sign in */
export const startIssuer = async (options: {
  bus: Bus;
  clock?: Clock;
  identity?: Partial<IdentityOptions>;
  app?: Partial<GatewayOptions>;
}) => {
  const port = await freePort();
  const issuerUrl = `http://127.0.0.1:${port}`;
  const identity: Identity = createIdentity({
    publicUrl: issuerUrl,
    ...(options.clock ? { clock: options.clock } : {}),
    ...options.identity,
  });
  const app: FastifyInstance = await buildApp({
    bus: options.bus,
    config: { publicUrl: issuerUrl },
    logger: silentLogger(),
    identity,
    rateLimits: GENEROUS_RATE_LIMITS,
    ...(options.clock ? { clock: options.clock } : {}),
    ...options.app,
  });
  const served = await identity.serve(options.bus);
  await app.listen({ port, host: '127.0.0.1' });
  await identity.store.createAccount({
    email: PERSON.email,
    name: 'Person',
    passwordHash: await hashPassword(PERSON.password),
  });
  const as = await discover(issuerUrl);
  return {
    issuerUrl,
    identity,
    app,
    as,
    close: async () => {
      await app.close();
      await served.stop();
      await identity.close();
    },
  };
};
