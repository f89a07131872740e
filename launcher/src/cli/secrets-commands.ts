import { readFileSync } from 'node:fs';
import {
  type IdentitySecrets,
  newCookieKey,
  newIdentitySecrets,
  newSigningKey,
  parseCookieKeys,
  parseJwks,
} from '@listings/platform/edge';
import { ValidationError } from '@listings/platform/errors';
import { parse, UsageError } from './arguments.ts';

/** the keys as an env file (kubectl create secret generic --from-env-file, docker compose env_file) */
const secretsEnvFile = (secrets: IdentitySecrets): string =>
  `OAUTH_JWKS=${JSON.stringify(secrets.jwks)}\nCOOKIE_KEYS=${secrets.cookieKeys.join(',')}\n`;

/** the keys of an env file written by `secrets generate` (or by hand), checked as the gateway checks them */
const readSecretsEnvFile = (file: string): IdentitySecrets => {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--from: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const values = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Z_]+)=(.*)$/.exec(line);
    if (match) values.set(match[1] as string, (match[2] as string).trim().replace(/^'(.*)'$/s, '$1'));
  }
  const jwks = parseJwks(values.get('OAUTH_JWKS') ?? '');
  const cookieKeys = parseCookieKeys(values.get('COOKIE_KEYS') ?? '');
  const problems = [jwks, cookieKeys].flatMap((parsed) => (parsed.ok ? [] : [parsed.problem]));
  if (!jwks.ok || !cookieKeys.ok) throw new ValidationError(problems.map((message) => ({ field: file, message })));
  return { jwks: jwks.value, cookieKeys: cookieKeys.value };
};

/** `secrets generate | rotate | prune`: the gateway's OAuth signing and cookie keys (docs/identity.md) */
export const secrets = (command: string | undefined, rest: string[]): number => {
  if (command === 'generate' && rest.length === 0) {
    process.stdout.write(secretsEnvFile(newIdentitySecrets()));
    return 0;
  }
  if (command === 'rotate' || command === 'prune') {
    const { from } = parse(rest, { from: { type: 'string' } });
    if (!from) throw new UsageError(`secrets ${command} needs --from <env file>`);
    const current = readSecretsEnvFile(from);
    const next: IdentitySecrets =
      command === 'rotate'
        ? {
            jwks: { keys: [newSigningKey(), ...current.jwks.keys] },
            cookieKeys: [newCookieKey(), ...current.cookieKeys],
          }
        : { jwks: { keys: current.jwks.keys.slice(0, 1) }, cookieKeys: current.cookieKeys.slice(0, 1) };
    process.stdout.write(secretsEnvFile(next));
    console.error(
      `${next.jwks.keys.length} signing key(s), kids ${next.jwks.keys.map((key) => key.kid).join(', ')} (the first signs); ${next.cookieKeys.length} cookie key(s)`,
    );
    return 0;
  }
  throw new UsageError(`unknown command: secrets ${[command, ...rest].join(' ')}`);
};
