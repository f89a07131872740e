import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, SCOPES, type Scope } from '@listings/contracts';
import {
  type Account,
  ApiKeyNameTakenError,
  type IdentityStore,
  openConfiguredIdentityStore,
} from '@listings/identity/store';
import { systemClock } from '@listings/platform/clock';
import { type Config, loadConfig } from '@listings/platform/config';
import { ValidationError } from '@listings/platform/errors';
import { parse, UsageError } from './arguments.ts';

/** `api-key create`: an API key for an account (made when missing), shown once. */
export const createApiKey = async (rest: string[]): Promise<number> => {
  const values = parse(rest, { email: { type: 'string' }, scopes: { type: 'string' }, name: { type: 'string' } });
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
  if (problems.length > 0) throw new UsageError(problems.join('\n'));
  const config = loadConfig();
  // MONGO_URL: the identity store the gateway replicas share; otherwise DATA_DIR/identity.sqlite
  const store = openConfiguredIdentityStore(config, systemClock);
  try {
    const { account, created } = await store.ensureAccount(email);
    const named = values.name?.trim();
    let made: Awaited<ReturnType<typeof store.createApiKey>>;
    try {
      // a name given is the key's name or refused; without one, the default gets a number if taken
      made = await store.createApiKey({
        accountId: account.id,
        name: named || 'created by the operator CLI',
        scopes: [...new Set(scopes)] as Scope[],
        suffixIfTaken: !named,
      });
    } catch (error) {
      if (error instanceof ApiKeyNameTakenError)
        throw new ValidationError([{ field: '--name', message: error.message }]);
      throw error;
    }
    const { key, summary } = made;
    console.log(`${created ? 'created account' : 'account'} ${account.email} (${account.id})`);
    console.log(`API key ${summary.prefix} with scopes ${summary.scopes.join(' ')}; it is shown only once:`);
    console.log(key);
    return 0;
  } finally {
    await store.close();
  }
};

/**
 * The account an `account` command names by its email, in the identity store as configured
 * (MongoDB with MONGO_URL, else DATA_DIR/identity.sqlite): `act` runs with it, and the store is
 * closed after. No account with that email: said on stderr (and `hint`), exit code 1.
 */
export const withAccountOf = async (
  email: string,
  act: (found: Account, identity: IdentityStore, config: Config) => Promise<number>,
  hint = '',
): Promise<number> => {
  const config = loadConfig();
  const identity = openConfiguredIdentityStore(config, systemClock);
  try {
    const found = await identity.findAccountForSignIn(email);
    if (!found) {
      console.error(`no account with the email ${email}${hint}`);
      return 1;
    }
    return await act(found, identity, config);
  } finally {
    await identity.close();
  }
};

/**
 * `account erase`: the account's personal data goes, through each owner's own command: identity
 * overwrites its email and name and deletes its password, keys, sessions and OAuth records; claims
 * and drafting delete the account's personal-data key, so what their events sealed with it (claim
 * addresses, invitees' addresses) opens to nothing from now on (docs/architecture.md, Personal data).
 */
export const account = async (command: string | undefined, rest: string[]): Promise<number> => {
  if (command === 'suspend' || command === 'restore') return suspension(command, rest);
  if (command !== 'erase') throw new UsageError(`unknown command: account ${[command, ...rest].join(' ')}`);
  const values = parse(rest, { email: { type: 'string' } });
  const email = values.email?.trim() ?? '';
  if (!EMAIL_PATTERN.test(email)) throw new UsageError('--email must be an email address');
  return withAccountOf(email, async (found, identity, config) => {
    const { dataDir } = config;
    // the services' keys first: should this stop half-way, the account can still be named to finish
    // (their keys are in MongoDB with MONGO_URL, else in their files under DATA_DIR)
    await (await import('@listings/claims')).forgetClaimsPersonalData({ dataDir, config, accountId: found.id });
    await (await import('@listings/drafting')).forgetDraftingPersonalData({ dataDir, config, accountId: found.id });
    await identity.eraseAccount(found.id);
    console.log(`erased account ${found.id}: its email, name, password, API keys, sessions and OAuth grants are gone,`);
    console.log('and the personal data its events held (claim and invite addresses) can no longer be read');
    return 0;
  });
};

/** who the CLI's suspensions name as the operator (the console names the signed-in operator's account) */
const CLI_OPERATOR = 'operator-cli';

/**
 * `account suspend` / `account restore`: identity marks the account (suspended_at, the reason), and
 * on suspension the catalog discounts the account's standing votes on weeks not over yet
 * (VoteDiscounted, `account_suspended`); votes cast while suspended weigh 0 as they are cast. A
 * restored account's later votes count; the votes discounted meanwhile stay discounted (docs/ranking.md).
 * A suspension or restore that changed the account is an event in catalog's log for the audit.
 */
const suspension = async (command: 'suspend' | 'restore', rest: string[]): Promise<number> => {
  const values = parse(rest, { email: { type: 'string' }, reason: { type: 'string' } });
  const email = values.email?.trim() ?? '';
  const reason = values.reason?.trim() ?? '';
  const problems: string[] = [];
  if (!EMAIL_PATTERN.test(email)) problems.push('--email must be an email address');
  if (reason === '') problems.push('--reason <text> is needed');
  if (problems.length > 0) throw new UsageError(problems.join('\n'));
  return withAccountOf(email, async (found, identity, config) => {
    const input = { reason, operatorAccountId: CLI_OPERATOR };
    const changed =
      command === 'suspend'
        ? await identity.suspendAccount(found.id, input)
        : await identity.restoreAccount(found.id, input);
    console.log(
      `account ${found.id} is ${command === 'suspend' ? 'suspended' : 'restored'}${changed ? '' : ' (unchanged)'}`,
    );
    const { openVoterAdmin } = await import('@listings/catalog/voter-admin');
    const voters = openVoterAdmin(config);
    try {
      // a change is recorded in catalog's log for the audit (AccountSuspended / AccountRestored)
      const action = command === 'suspend' ? 'suspended' : 'restored';
      if (changed)
        await voters.recordAccountModeration({ account_id: found.id, action, operator: CLI_OPERATOR, reason });
      if (command === 'suspend') {
        const { discounted } = await voters.discountVotesOfSuspended(found.id);
        console.log(`${discounted} standing vote(s) discounted: account suspended by operators`);
      }
    } finally {
      await voters.close();
    }
    return 0;
  });
};
