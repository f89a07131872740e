import {
  beginPasskeyRegistration,
  beginPasskeySignIn,
  finishPasskeyRegistration,
  finishPasskeySignIn,
  type IdentityInternalName,
  type IdentityReply,
  type IdentityRequest,
  listPasskeys,
  lookupSession,
  type OperationReply,
  PASSKEY_CEREMONY_TTL_SECONDS,
  PASSKEY_SIGN_IN_STARTS_PER_IP,
  removePasskey,
} from '@listings/contracts';
import { createIdentity, type Identity } from '@listings/identity';
import { createInProcessBus } from '@listings/platform/bus';
import { manualClock } from '@listings/platform/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSoftwareAuthenticator } from './software-authenticator.ts';

const PUBLIC_URL = 'http://localhost:4000';

type Creation = Parameters<ReturnType<typeof createSoftwareAuthenticator>['register']>[0];
type Request = Parameters<ReturnType<typeof createSoftwareAuthenticator>['authenticate']>[0];

/** passkeys over the in-process bus, as the web edge calls them, with a software authenticator */
describe('identity for people: passkeys (gateway.internal.*_passkey*)', () => {
  const bus = createInProcessBus();
  const clock = manualClock('2026-11-25T10:00:00.000Z');
  let identity: Identity;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    identity = createIdentity({ publicUrl: PUBLIC_URL, clock });
    const served = await identity.serve(bus);
    stop = async () => {
      await served.stop();
      await identity.close();
      await bus.close();
    };
  });
  afterAll(() => stop());

  const call = async <N extends IdentityInternalName>(
    contract: { subject: string; name: N },
    request: IdentityRequest<N>,
  ): Promise<OperationReply> => (await bus.request(contract.subject, request)) as OperationReply;
  const ok = async <N extends IdentityInternalName>(
    contract: { subject: string; name: N },
    request: IdentityRequest<N>,
  ): Promise<IdentityReply<N>> => {
    const reply = await call(contract, request);
    if (!('body' in reply)) throw new Error(`${contract.name}: ${JSON.stringify(reply)}`);
    return reply.body as IdentityReply<N>;
  };
  /** a signed-in person: their account and a session token */
  const personWithSession = async (email: string) => {
    const { account } = await identity.store.ensureAccount(email);
    return { account, token: (await identity.store.createSession(account.id)).token };
  };
  const addPasskey = async (
    token: string,
    authenticator: ReturnType<typeof createSoftwareAuthenticator>,
    name = '',
  ) => {
    const { options } = await ok(beginPasskeyRegistration, { session_token: token });
    return ok(finishPasskeyRegistration, {
      session_token: token,
      name,
      response: authenticator.register(options as unknown as Creation),
    });
  };
  const signInWith = async (
    authenticator: ReturnType<typeof createSoftwareAuthenticator>,
    overrides: Parameters<ReturnType<typeof createSoftwareAuthenticator>['authenticate']>[1] = {},
  ) => {
    const begun = await ok(beginPasskeySignIn, {});
    return call(finishPasskeySignIn, {
      ceremony_token: begun.ceremony_token,
      response: authenticator.authenticate(begun.options as unknown as Request, overrides),
      next: '/me',
    });
  };

  it('when a person adds a passkey and signs in with it then a session of their account opens and the list shows when it was used', async () => {
    const ada = await personWithSession('ada@example.com');
    const phone = createSoftwareAuthenticator({ origin: PUBLIC_URL });
    const { options } = await ok(beginPasskeyRegistration, { session_token: ada.token });
    // the relying party is PUBLIC_URL's host; the passkey must be discoverable and verified
    expect(options).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: 'ada@example.com' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
    });
    const answer = phone.register(options as unknown as Creation);
    const added = await ok(finishPasskeyRegistration, { session_token: ada.token, name: 'Phone', response: answer });
    expect(added.passkey).toMatchObject({ name: 'Phone', last_used_at: null, created_at: clock.now().toISOString() });
    // what identity keeps: the credential id, its public key, the counter and the transports
    expect(await identity.store.passkeys.findPasskeyByCredentialId(answer.id)).toMatchObject({
      accountId: ada.account.id,
      counter: 0,
      transports: ['internal'],
    });

    clock.advance(60_000);
    const signedIn = await signInWith(phone);
    if (!('body' in signedIn)) throw new Error(JSON.stringify(signedIn));
    const opened = signedIn.body as IdentityReply<'finish_passkey_sign_in'>;
    expect(opened.session.account_id).toBe(ada.account.id);
    expect(opened.next).toBe('/me');
    // the same kind of session as the mailed link's
    expect((await ok(lookupSession, { session_token: opened.session_token })).email).toBe('ada@example.com');
    const listed = await ok(listPasskeys, { session_token: ada.token });
    expect(listed.passkeys).toEqual([{ ...added.passkey, last_used_at: clock.now().toISOString() }]);
    expect((await identity.store.passkeys.findPasskeyByCredentialId(answer.id))?.counter).toBe(1);
  });

  it('when a second passkey is added for the same account then its options exclude the first, and a blank name is numbered', async () => {
    const bob = await personWithSession('bob@example.com');
    const laptop = createSoftwareAuthenticator({ origin: PUBLIC_URL });
    const first = await addPasskey(bob.token, laptop);
    expect(first.passkey.name).toBe('Passkey 1');
    const { options } = await ok(beginPasskeyRegistration, { session_token: bob.token });
    expect((options.excludeCredentials as { id: string }[]).length).toBe(1);
    const stored = await identity.store.passkeys.credentialsOf(bob.account.id);
    expect(stored).toEqual([
      { credentialId: (options.excludeCredentials as { id: string }[])[0]?.id, transports: ['internal'] },
    ]);
  });

  it('when a registration challenge is used once, or after it expired, or from another session then it is 410 and nothing is stored', async () => {
    const cy = await personWithSession('cy@example.com');
    const key = createSoftwareAuthenticator({ origin: PUBLIC_URL });
    const { options } = await ok(beginPasskeyRegistration, { session_token: cy.token });
    const answer = key.register(options as unknown as Creation);
    // another session of the same person has no ceremony of its own
    const other = (await identity.store.createSession(cy.account.id)).token;
    expect((await call(finishPasskeyRegistration, { session_token: other, name: '', response: answer })).status).toBe(
      410,
    );
    expect(
      (await call(finishPasskeyRegistration, { session_token: cy.token, name: '', response: answer })).status,
    ).toBe(200);
    expect(
      (await call(finishPasskeyRegistration, { session_token: cy.token, name: '', response: answer })).status,
    ).toBe(410);

    const late = await ok(beginPasskeyRegistration, { session_token: cy.token });
    clock.advance(PASSKEY_CEREMONY_TTL_SECONDS * 1000 + 1);
    const tooLate = await call(finishPasskeyRegistration, {
      session_token: cy.token,
      name: '',
      response: key.register(late.options as unknown as Creation),
    });
    expect(tooLate.status).toBe(410);
    expect((await ok(listPasskeys, { session_token: cy.token })).passkeys).toHaveLength(1);
  });

  it('when the answer comes from another origin or signs another challenge then it is refused and nothing is stored', async () => {
    const dee = await personWithSession('dee@example.com');
    const key = createSoftwareAuthenticator({ origin: PUBLIC_URL });
    const phishing = await ok(beginPasskeyRegistration, { session_token: dee.token });
    const wrongOrigin = await call(finishPasskeyRegistration, {
      session_token: dee.token,
      name: '',
      response: key.register(phishing.options as unknown as Creation, { origin: 'https://evil.example' }),
    });
    expect(wrongOrigin.status).toBe(400);
    const wrongRp = await ok(beginPasskeyRegistration, { session_token: dee.token });
    const forEvil = await call(finishPasskeyRegistration, {
      session_token: dee.token,
      name: '',
      response: key.register(wrongRp.options as unknown as Creation, { rpId: 'evil.example' }),
    });
    expect(forEvil.status).toBe(400);
    const stale = await ok(beginPasskeyRegistration, { session_token: dee.token });
    await ok(beginPasskeyRegistration, { session_token: dee.token }); // a new start replaces the challenge
    const replaced = await call(finishPasskeyRegistration, {
      session_token: dee.token,
      name: '',
      response: key.register(stale.options as unknown as Creation),
    });
    expect(replaced.status).toBe(400);
    expect((await ok(listPasskeys, { session_token: dee.token })).passkeys).toEqual([]);

    // a sign-in answer for another origin is refused too
    await addPasskey(dee.token, key);
    expect((await signInWith(key, { origin: 'https://evil.example' })).status).toBe(401);
  });

  it('when a sign-in ceremony is finished twice, has expired or is unknown then it is 410', async () => {
    const eve = await personWithSession('eve@example.com');
    const key = createSoftwareAuthenticator({ origin: PUBLIC_URL });
    await addPasskey(eve.token, key);
    const begun = await ok(beginPasskeySignIn, {});
    const answer = key.authenticate(begun.options as unknown as Request);
    expect((await call(finishPasskeySignIn, { ceremony_token: begun.ceremony_token, response: answer })).status).toBe(
      200,
    );
    expect((await call(finishPasskeySignIn, { ceremony_token: begun.ceremony_token, response: answer })).status).toBe(
      410,
    );
    const late = await ok(beginPasskeySignIn, {});
    clock.advance(PASSKEY_CEREMONY_TTL_SECONDS * 1000 + 1);
    expect(
      (
        await call(finishPasskeySignIn, {
          ceremony_token: late.ceremony_token,
          response: key.authenticate(late.options as unknown as Request),
        })
      ).status,
    ).toBe(410);
    expect(
      (
        await call(finishPasskeySignIn, {
          ceremony_token: 'A'.repeat(43),
          response: key.authenticate(late.options as unknown as Request),
        })
      ).status,
    ).toBe(410);
  });

  it('when an authenticator reports a counter that did not move on (a cloned key) then the sign-in is refused', async () => {
    const fay = await personWithSession('fay@example.com');
    const key = createSoftwareAuthenticator({ origin: PUBLIC_URL });
    await addPasskey(fay.token, key);
    expect((await signInWith(key)).status).toBe(200); // counter 1
    expect((await signInWith(key)).status).toBe(200); // counter 2
    expect((await signInWith(key, { counter: 2 })).status).toBe(401);
    expect((await signInWith(key, { counter: 1 })).status).toBe(401);
    expect((await signInWith(key, { counter: 7 })).status).toBe(200);
  });

  it('when the authenticator names another user than the passkey’s account then the sign-in is refused', async () => {
    const ivy = await personWithSession('ivy@example.com');
    const key = createSoftwareAuthenticator({ origin: PUBLIC_URL });
    await addPasskey(ivy.token, key);
    const other = Buffer.from('someone-else').toString('base64url');
    expect((await signInWith(key, { userHandle: other })).status).toBe(401);
    expect((await signInWith(key)).status).toBe(200);
  });

  it('when a passkey is removed then it signs nobody in, and nobody else can remove another person’s passkey', async () => {
    const gus = await personWithSession('gus@example.com');
    const mallory = await personWithSession('mallory@example.com');
    const key = createSoftwareAuthenticator({ origin: PUBLIC_URL });
    const { passkey } = await addPasskey(gus.token, key, 'Key');
    expect((await call(removePasskey, { session_token: mallory.token, passkey_id: passkey.id })).status).toBe(404);
    expect((await signInWith(key)).status).toBe(200);
    expect(await ok(removePasskey, { session_token: gus.token, passkey_id: passkey.id })).toEqual({ removed: true });
    expect((await ok(listPasskeys, { session_token: gus.token })).passkeys).toEqual([]);
    const refused = await signInWith(key);
    expect(refused.status).toBe(401);
    expect('problem' in refused && refused.problem.detail).toMatch(/not known here/);
  });

  it('when an account is erased then its passkeys go with it', async () => {
    const hal = await personWithSession('hal@example.com');
    const key = createSoftwareAuthenticator({ origin: PUBLIC_URL });
    await addPasskey(hal.token, key);
    expect(await identity.store.eraseAccount(hal.account.id)).toBe(true);
    expect(await identity.store.passkeys.listPasskeys(hal.account.id)).toEqual([]);
    expect((await signInWith(key)).status).toBe(401);
  });

  it('when one client IP starts more passkey sign-ins than the limit then it gets 429, and other IPs do not', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= PASSKEY_SIGN_IN_STARTS_PER_IP.limit; i++)
      statuses.push((await call(beginPasskeySignIn, { client_ip: '203.0.113.9' })).status);
    expect(statuses.slice(0, PASSKEY_SIGN_IN_STARTS_PER_IP.limit).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await call(beginPasskeySignIn, { client_ip: '203.0.113.10' })).status).toBe(200);
  });

  it('when the session is unknown then adding or listing passkeys is 401; a malformed answer is 400', async () => {
    expect((await call(beginPasskeyRegistration, { session_token: 'A'.repeat(43) })).status).toBe(401);
    expect((await call(listPasskeys, { session_token: 'A'.repeat(43) })).status).toBe(401);
    const begun = await ok(beginPasskeySignIn, {});
    const malformed = await bus.request(finishPasskeySignIn.subject, {
      ceremony_token: begun.ceremony_token,
      response: { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'not base64url!' } },
    });
    expect((malformed as OperationReply).status).toBe(400);
  });
});
