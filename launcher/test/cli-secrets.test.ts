import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@listings/platform/config';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDataDir } from './support.ts';

/** the variables of an env file as the CLI prints it */
const envOf = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .trimEnd()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

describe('operator CLI: secrets (the gateway’s OAuth signing and cookie keys)', () => {
  const data = tempDataDir();
  afterAll(() => data.remove());
  const cli = (...args: string[]) => runCli({ DATA_DIR: data.dir }, ...args);
  const kidsOf = (env: Record<string, string>) =>
    loadConfig(env)
      .edge.identitySecrets?.reveal()
      .jwks.keys.map((key) => key.kid);

  it('when keys are generated, rotated and pruned then each env file is configuration the gateway accepts, the new key first', async () => {
    const generated = await cli('secrets', 'generate');
    expect(generated.code).toBe(0);
    const first = envOf(generated.stdout);
    expect(Object.keys(first)).toEqual(['OAUTH_JWKS', 'COOKIE_KEYS']);
    const [current] = kidsOf(first) as [string];

    const file = path.join(data.dir, 'identity.env');
    writeFileSync(file, generated.stdout);
    const rotated = await cli('secrets', 'rotate', '--from', file);
    expect(rotated.code).toBe(0);
    const second = envOf(rotated.stdout);
    const kids = kidsOf(second) as string[];
    expect(kids).toHaveLength(2);
    expect(kids[1]).toBe(current);
    expect(second.COOKIE_KEYS?.split(',')).toEqual([expect.any(String), first.COOKIE_KEYS]);
    // the key material is never on stderr
    expect(rotated.stderr).not.toContain(second.COOKIE_KEYS?.split(',')[0]);

    writeFileSync(file, rotated.stdout);
    const pruned = await cli('secrets', 'prune', '--from', file);
    expect(pruned.code).toBe(0);
    expect(kidsOf(envOf(pruned.stdout))).toEqual([kids[0]]);
  });

  it('when the file holds no valid keys then it names the variable and exits non-zero, printing no key', async () => {
    const file = path.join(data.dir, 'bad.env');
    writeFileSync(file, 'OAUTH_JWKS={"keys":[{"kid":"a","alg":"RS256","kty":"RSA"}]}\nCOOKIE_KEYS=too-short\n');
    const result = await cli('secrets', 'rotate', '--from', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('OAUTH_JWKS key 1 (kid "a") is not a private key');
    expect(result.stderr).toContain('COOKIE_KEYS key 1 is too short');
    expect(result.stderr).not.toContain('too-short');
    expect(result.stdout).toBe('');
  });
});
