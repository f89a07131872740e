import { spawn } from 'node:child_process';
import { createPublicKey, createVerify, type JsonWebKey } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInProcessBus } from '@listings/platform/bus';
import { ConfigError, loadConfig } from '@listings/platform/config';
import { newCookieKey, newSigningKey } from '@listings/platform/edge';
import { silentLogger } from '@listings/platform/logger';
import { natsServerAvailable, startNatsServer } from '@listings/platform/testing/nats-server';
import { afterAll, describe, expect, it } from 'vitest';
import { startGateway } from '../src/main.ts';
import { authorize, exchangeCode, registerClient } from './oauth-client.ts';
import { startIssuer } from './oauth-support.ts';

/** the header and whether the signature holds under the JWKS endpoint's key of its kid */
const verifyWith = (jwt: string, jwks: { keys: (JsonWebKey & { kid: string })[] }) => {
  const [header, payload, signature] = jwt.split('.') as [string, string, string];
  const { kid, alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string; alg: string };
  const jwk = jwks.keys.find((key) => key.kid === kid);
  if (!jwk) return { kid, alg, verified: false };
  const verifier = createVerify('RSA-SHA256');
  verifier.update(`${header}.${payload}`);
  return { kid, alg, verified: verifier.verify(createPublicKey({ key: jwk, format: 'jwk' }), signature, 'base64url') };
};

describe('OAuth signing keys and cookie keys from configuration (OAUTH_JWKS, COOKIE_KEYS)', () => {
  const bus = createInProcessBus();
  afterAll(() => bus.close());
  const oldKey = newSigningKey();
  const newKey = newSigningKey();
  const redirectUri = 'http://127.0.0.1:9/callback';

  /** an ID token from a full authorization code flow against an issuer with these keys */
  const idTokenFrom = async (keys: Record<string, unknown>[], cookieKeys: string[]) => {
    const issuer = await startIssuer({ bus, identity: { secrets: { jwks: { keys }, cookieKeys } } });
    try {
      const client = await registerClient(issuer.as, redirectUri);
      const resource = `${issuer.issuerUrl}/api/v1`;
      const result = await authorize({
        as: issuer.as,
        issuerUrl: issuer.issuerUrl,
        clientId: client.client_id,
        redirectUri,
        resource,
        scope: 'openid account:read',
      });
      const tokens = await exchangeCode({ as: issuer.as, client, result, redirectUri, resource });
      const jwks = (await (await fetch(`${issuer.issuerUrl}/oauth/jwks`)).json()) as {
        keys: (JsonWebKey & { kid: string })[];
      };
      return { idToken: tokens.id_token as string, jwks };
    } finally {
      await issuer.close();
    }
  };

  it('when a new key is put first then it signs new tokens, and a token the old key signed still verifies with the published JWKS', async () => {
    const before = await idTokenFrom([oldKey], [newCookieKey()]);
    expect(verifyWith(before.idToken, before.jwks)).toMatchObject({ kid: oldKey.kid, alg: 'RS256', verified: true });

    const after = await idTokenFrom([newKey, oldKey], [newCookieKey(), newCookieKey()]);
    // the JWKS endpoint lists both keys, public parts only, the new one first
    expect(after.jwks.keys.map((key) => key.kid)).toEqual([newKey.kid, oldKey.kid]);
    for (const key of after.jwks.keys) expect(key).not.toHaveProperty('d');
    expect(verifyWith(after.idToken, after.jwks)).toMatchObject({ kid: newKey.kid, verified: true });
    // the token signed before the rotation verifies against the JWKS published after it
    expect(verifyWith(before.idToken, after.jwks)).toMatchObject({ kid: oldKey.kid, verified: true });
    // and once the old key is dropped, it no longer does
    const dropped = { keys: after.jwks.keys.filter((key) => key.kid !== oldKey.kid) };
    expect(verifyWith(before.idToken, dropped).verified).toBe(false);
  });

  it('when MONGO_URL is set without OAUTH_JWKS and COOKIE_KEYS then the gateway refuses to start, naming them, and writes no key', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-keys-'));
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', MONGO_URL: 'mongodb://127.0.0.1:9/' });
    const started = startGateway({ bus, config, logger: silentLogger(), host: '127.0.0.1' });
    await expect(started).rejects.toBeInstanceOf(ConfigError);
    await expect(started).rejects.toThrow(/OAUTH_JWKS and COOKIE_KEYS must be set when MONGO_URL is/);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it.skipIf(!natsServerAvailable())(
    'when the gateway process starts with MONGO_URL and no keys then it exits 2 naming OAUTH_JWKS and COOKIE_KEYS',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-keys-'));
      const nats = await startNatsServer({ storeDir: path.join(dataDir, 'nats') });
      try {
        const child = spawn(process.execPath, [fileURLToPath(new URL('../src/server.ts', import.meta.url))], {
          env: {
            ...process.env,
            DATA_DIR: path.join(dataDir, 'gateway'),
            PORT: '0',
            LOG_LEVEL: 'silent',
            NATS_URL: nats.url,
            MONGO_URL: 'mongodb://127.0.0.1:9/',
          },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr?.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
        });
        const [code] = await once(child, 'exit');
        expect(code).toBe(2);
        expect(stderr).toContain('gateway: invalid configuration');
        expect(stderr).toContain('OAUTH_JWKS and COOKIE_KEYS must be set when MONGO_URL is');
        expect(existsSync(path.join(dataDir, 'gateway', 'secrets'))).toBe(false);
      } finally {
        await nats.stop();
      }
    },
  );

  it('when the keys are configured then the gateway signs with them and writes no key under DATA_DIR', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-keys-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      OAUTH_JWKS: JSON.stringify({ keys: [newKey, oldKey] }),
      COOKIE_KEYS: `${newCookieKey()},${newCookieKey()}`,
    });
    const gateway = await startGateway({ bus, config, logger: silentLogger(), host: '127.0.0.1' });
    try {
      const jwks = (await (await fetch(`http://127.0.0.1:${gateway.port}/oauth/jwks`)).json()) as {
        keys: { kid: string }[];
      };
      expect(jwks.keys.map((key) => key.kid)).toEqual([newKey.kid, oldKey.kid]);
      expect(existsSync(path.join(dataDir, 'secrets'))).toBe(false);
    } finally {
      await gateway.stop();
    }
  });

  it('when no store is configured (the embedded all-in-one) then the keys are generated under SECRETS_DIR and kept', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-keys-'));
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0' });
    const kidsOf = async () => {
      const gateway = await startGateway({ bus, config, logger: silentLogger(), host: '127.0.0.1' });
      try {
        const jwks = (await (await fetch(`http://127.0.0.1:${gateway.port}/oauth/jwks`)).json()) as {
          keys: { kid: string }[];
        };
        return jwks.keys.map((key) => key.kid);
      } finally {
        await gateway.stop();
      }
    };
    const first = await kidsOf();
    expect(readdirSync(path.join(dataDir, 'secrets'))).toEqual(['identity-secrets.json']);
    expect(await kidsOf()).toEqual(first);
  });
});
