import { parseArgs } from 'node:util';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, SCOPES, type Scope } from '@listings/contracts';
import { identityDatabaseFile, openIdentityStore } from '@listings/gateway/identity';
import { systemClock } from '@listings/platform/clock';
import { loadConfig } from '@listings/platform/config';

const USAGE = `usage: npm run --silent cli -- api-key create --email <email> --scopes <scope,scope> [--name <name>]
scopes: ${SCOPES.join(', ')}`;

/**
 * The operator command line. It writes to the same identity database as the running service
 * (DATA_DIR/identity.sqlite, SQLite in WAL mode), so a key it creates works at once.
 */
const main = (argv: string[]): number => {
  const [group, command, ...rest] = argv;
  if (group !== 'api-key' || command !== 'create') {
    console.error(USAGE);
    return 2;
  }
  let values: { email?: string; scopes?: string; name?: string };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { email: { type: 'string' }, scopes: { type: 'string' }, name: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const email = values.email?.trim() ?? '';
  const scopes = (values.scopes ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const problems: string[] = [];
  if (!EMAIL_PATTERN.test(email) || email.length > EMAIL_MAX_LENGTH) problems.push('--email must be an email address');
  if (scopes.length === 0) problems.push('--scopes needs at least one scope');
  for (const scope of scopes)
    if (!(SCOPES as readonly string[]).includes(scope)) problems.push(`unknown scope "${scope}"`);
  if (problems.length > 0) {
    console.error(`${problems.join('\n')}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const store = openIdentityStore({ file: identityDatabaseFile(config.dataDir), clock: systemClock });
  try {
    const { account, created } = store.ensureAccount(email);
    const { key, summary } = store.createApiKey({
      accountId: account.id,
      name: values.name?.trim() || 'created by the operator CLI',
      scopes: [...new Set(scopes)] as Scope[],
    });
    console.log(`${created ? 'created account' : 'account'} ${account.email} (${account.id})`);
    console.log(`API key ${summary.prefix} with scopes ${summary.scopes.join(' ')}; it is shown only once:`);
    console.log(key);
    return 0;
  } finally {
    store.close();
  }
};

process.exitCode = main(process.argv.slice(2));
