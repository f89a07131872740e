import { createPrivateKey, generateKeyPairSync, type JsonWebKey, randomBytes } from 'node:crypto';
import type { Secret } from '../mail/mail-settings.ts';

/**
 * The gateway's OAuth signing keys and cookie keys (docs/identity.md, Keys). From configuration
 * (OAUTH_JWKS and COOKIE_KEYS, a Kubernetes Secret) or, in the embedded all-in-one, generated
 * under SECRETS_DIR. In both lists the first key is the current one: oidc-provider signs with the
 * first key (of the algorithm it signs with) and verifies with every key.
 */
export interface IdentitySecrets {
  /** keys oidc-provider signs its cookies with (newest first; the others still verify) */
  readonly cookieKeys: string[];
  /** the private JWK set oidc-provider signs with (newest first; the others still verify) */
  readonly jwks: { keys: Record<string, unknown>[] };
}

/** configured keys as the configuration holds them: shown as `[hidden]` in JSON, strings and logs */
export type HiddenIdentitySecrets = Secret<IdentitySecrets>;

/** the signing algorithms a configured key may name, with the key type each needs */
export const SIGNING_ALGORITHMS = ['RS256', 'ES256', 'EdDSA'] as const;

/** a cookie key's least length: 32 random bytes in base64url (what `newCookieKey` makes) */
export const COOKIE_KEY_MIN_LENGTH = 43;

/** a new RS256 signing key (2048-bit RSA) as a private JWK with a random kid */
export const newSigningKey = (): Record<string, unknown> => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    ...(privateKey.export({ format: 'jwk' }) as Record<string, unknown>),
    kid: randomBytes(8).toString('hex'),
    use: 'sig',
    alg: 'RS256',
  };
};

/** a new cookie key: 32 random bytes, base64url */
export const newCookieKey = (): string => randomBytes(32).toString('base64url');

/** a fresh set: one signing key and one cookie key */
export const newIdentitySecrets = (): IdentitySecrets => ({
  cookieKeys: [newCookieKey()],
  jwks: { keys: [newSigningKey()] },
});

/** why a key (the n-th, 1-based) cannot sign, or null; never says anything of the key's material */
const keyProblem = (key: unknown, n: number, kids: Set<string>): string | null => {
  if (typeof key !== 'object' || key === null || Array.isArray(key)) return `key ${n} is not a JSON object`;
  const jwk = key as Record<string, unknown>;
  const kid = jwk.kid;
  if (typeof kid !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(kid))
    return `key ${n} has no kid (1 to 200 printable characters)`;
  const named = `key ${n} (kid "${kid}")`;
  if (kids.has(kid)) return `${named} repeats a kid: each key needs its own`;
  kids.add(kid);
  if (jwk.use !== undefined && jwk.use !== 'sig') return `${named} has use "${String(jwk.use)}": it must be "sig"`;
  if (!(SIGNING_ALGORITHMS as readonly unknown[]).includes(jwk.alg))
    return `${named} has no alg of ${SIGNING_ALGORITHMS.join(', ')}`;
  if (typeof jwk.d !== 'string') return `${named} is not a private key (it has no "d")`;
  let type: string | undefined;
  let details: { modulusLength?: number; namedCurve?: string } = {};
  try {
    const parsed = createPrivateKey({ key: jwk as JsonWebKey, format: 'jwk' });
    type = parsed.asymmetricKeyType;
    details = parsed.asymmetricKeyDetails ?? {};
  } catch {
    return `${named} is not a valid private JWK`;
  }
  const fits =
    jwk.alg === 'RS256'
      ? type === 'rsa' && (details.modulusLength ?? 0) >= 2048
      : jwk.alg === 'ES256'
        ? type === 'ec' && details.namedCurve === 'prime256v1'
        : type === 'ed25519';
  if (!fits) return `${named} does not fit its alg (RS256: RSA of 2048 bits or more; ES256: EC P-256; EdDSA: Ed25519)`;
  return null;
};

/**
 * OAUTH_JWKS: a private JWK set as JSON, `{"keys":[...]}`, the first key signing. A problem names
 * the variable and the key (by position and kid), never a value.
 */
export const parseJwks = (
  raw: string,
): { ok: true; value: IdentitySecrets['jwks'] } | { ok: false; problem: string } => {
  const fail = (why: string) => ({ ok: false as const, problem: `OAUTH_JWKS ${why}` });
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return fail('is not JSON: it must be a private JWK set, {"keys":[{...}]}');
  }
  const keys = (parsed as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || keys.length === 0)
    return fail('must be a JWK set with at least one key, {"keys":[{...}]}');
  if (keys.length > 20) return fail('has more than 20 keys');
  const kids = new Set<string>();
  for (const [index, key] of keys.entries()) {
    const problem = keyProblem(key, index + 1, kids);
    if (problem) return fail(`${problem} (make keys with \`npm run --silent cli -- secrets generate\`)`);
  }
  return { ok: true, value: { keys: keys as Record<string, unknown>[] } };
};

/**
 * COOKIE_KEYS: comma-separated, newest first (oidc-provider's `cookies.keys`: the first signs, all
 * verify). Each at least COOKIE_KEY_MIN_LENGTH characters without white space.
 */
export const parseCookieKeys = (raw: string): { ok: true; value: string[] } | { ok: false; problem: string } => {
  const keys = raw.split(',').map((key) => key.trim());
  for (const [index, key] of keys.entries())
    if (key.length < COOKIE_KEY_MIN_LENGTH || /\s/.test(key))
      return {
        ok: false,
        problem: `COOKIE_KEYS key ${index + 1} is too short or holds white space: each key needs at least ${COOKIE_KEY_MIN_LENGTH} characters (32 random bytes in base64url, as \`npm run --silent cli -- secrets generate\` makes), keys separated by commas`,
      };
  return { ok: true, value: keys };
};
