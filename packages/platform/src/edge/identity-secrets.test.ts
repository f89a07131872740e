import { generateKeyPairSync } from 'node:crypto';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { newCookieKey, newSigningKey } from './identity-secrets.ts';

/** the problems loadConfig reports for `env`, as one string */
const problemsOf = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
};

const jwks = (...keys: unknown[]) => JSON.stringify({ keys });

describe('OAUTH_JWKS and COOKIE_KEYS', () => {
  const key = newSigningKey();
  const cookies = `${newCookieKey()},${newCookieKey()}`;

  it('when both are valid then the edge config holds them in order, hidden from JSON and logs', () => {
    const second = newSigningKey();
    const { edge } = loadConfig({ OAUTH_JWKS: jwks(key, second), COOKIE_KEYS: cookies });
    expect(edge.identitySecrets?.reveal().jwks.keys.map((k) => k.kid)).toEqual([key.kid, second.kid]);
    expect(edge.identitySecrets?.reveal().cookieKeys).toEqual(cookies.split(','));
    expect(JSON.stringify(edge)).not.toContain(key.d as string);
    expect(inspect(edge)).not.toContain(key.d as string);
  });

  it('when neither is set then the keys are generated (null)', () => {
    expect(loadConfig({}).edge.identitySecrets).toBeNull();
  });

  it.each([
    ['not JSON', `{"keys":[${JSON.stringify(key).slice(0, 80)}`, /OAUTH_JWKS is not JSON/],
    ['an empty set', jwks(), /OAUTH_JWKS must be a JWK set with at least one key/],
    ['a key without kid', jwks({ ...key, kid: undefined }), /OAUTH_JWKS key 1 has no kid/],
    [
      'a public key',
      jwks({ ...key, d: undefined, p: undefined, q: undefined, dp: undefined, dq: undefined, qi: undefined }),
      /OAUTH_JWKS key 1 \(kid "[0-9a-f]+"\) is not a private key/,
    ],
    [
      'a repeated kid',
      jwks(key, { ...newSigningKey(), kid: key.kid }),
      /OAUTH_JWKS key 2 \(kid "[0-9a-f]+"\) repeats a kid/,
    ],
    [
      'an unsupported alg',
      jwks({ ...key, alg: 'HS256' }),
      /OAUTH_JWKS key 1 \(kid "[0-9a-f]+"\) has no alg of RS256, ES256, EdDSA/,
    ],
    ['a key of another type than its alg', jwks({ ...key, alg: 'ES256' }), /does not fit its alg/],
    ['a broken key', jwks({ ...key, n: 'AAAA' }), /is not a valid private JWK|does not fit its alg/],
  ])('when OAUTH_JWKS is %s then start-up stops naming the variable, never printing the key', (_, value, message) => {
    const problems = problemsOf({ OAUTH_JWKS: value, COOKIE_KEYS: cookies });
    expect(problems).toMatch(message);
    expect(problems).not.toContain((key.d as string).slice(0, 16));
    expect(problems).not.toContain((key.p as string).slice(0, 16));
  });

  it('when the keys are EC P-256 (ES256) or Ed25519 (EdDSA) then they are accepted', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
    const ed = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
    const { edge } = loadConfig({
      OAUTH_JWKS: jwks({ ...ec, kid: 'ec', alg: 'ES256' }, { ...ed, kid: 'ed', alg: 'EdDSA' }),
      COOKIE_KEYS: cookies,
    });
    expect(edge.identitySecrets?.reveal().jwks.keys.map((k) => k.kid)).toEqual(['ec', 'ed']);
  });

  it('when a cookie key is short then start-up stops naming COOKIE_KEYS, never printing the key', () => {
    const problems = problemsOf({ OAUTH_JWKS: jwks(key), COOKIE_KEYS: `${newCookieKey()},short-secret-value` });
    expect(problems).toMatch(/COOKIE_KEYS key 2 is too short/);
    expect(problems).not.toContain('short-secret-value');
  });

  it('when only one of the two is set then start-up stops naming both', () => {
    expect(problemsOf({ COOKIE_KEYS: cookies })).toMatch(
      /OAUTH_JWKS and COOKIE_KEYS go together.*only COOKIE_KEYS is set/,
    );
    expect(problemsOf({ OAUTH_JWKS: jwks(key) })).toMatch(/only OAUTH_JWKS is set/);
  });
});
