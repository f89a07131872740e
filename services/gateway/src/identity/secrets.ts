import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface IdentitySecrets {
  /** keys oidc-provider signs its cookies with (newest first) */
  readonly cookieKeys: string[];
  /** the private JWK set oidc-provider signs with */
  readonly jwks: { keys: Record<string, unknown>[] };
}

/**
 * Generated once under SECRETS_DIR (default DATA_DIR/secrets), readable by the owner only, and
 * reused on every start and by every gateway replica sharing the directory.
 */
export const loadOrCreateSecrets = (secretsDir: string): IdentitySecrets => {
  const file = path.join(secretsDir, 'identity-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as IdentitySecrets;
  mkdirSync(secretsDir, { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as Record<string, unknown>;
  const secrets: IdentitySecrets = {
    cookieKeys: [randomBytes(32).toString('base64url')],
    jwks: { keys: [{ ...jwk, kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' }] },
  };
  // write then rename: a replica starting at the same moment never reads half a file
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(secrets), { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
  return JSON.parse(readFileSync(file, 'utf8')) as IdentitySecrets;
};
