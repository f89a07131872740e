import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type IdentitySecrets, newIdentitySecrets } from '@listings/platform/edge';

export type { IdentitySecrets };

/**
 * The embedded default (no OAUTH_JWKS / COOKIE_KEYS, no MONGO_URL): generated once under
 * SECRETS_DIR (default DATA_DIR/secrets), readable by the owner only, and reused on every start
 * and by every gateway replica sharing the directory. With the production stores the keys come
 * from configuration instead (main.ts).
 */
export const loadOrCreateSecrets = (secretsDir: string): IdentitySecrets => {
  const file = path.join(secretsDir, 'identity-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as IdentitySecrets;
  mkdirSync(secretsDir, { recursive: true, mode: 0o700 });
  const secrets = newIdentitySecrets();
  // write then rename: a replica starting at the same moment never reads half a file
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(secrets), { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
  return JSON.parse(readFileSync(file, 'utf8')) as IdentitySecrets;
};
