import { SCOPES } from '@listings/contracts';
import { ValidationError } from '@listings/platform/errors';
import { UsageError } from './cli/arguments.ts';
import { events, readModels } from './cli/event-log-commands.ts';
import { account, createApiKey } from './cli/identity-commands.ts';
import { operatorRole } from './cli/operator-commands.ts';
import { reviews } from './cli/review-commands.ts';
import { secrets } from './cli/secrets-commands.ts';
import { shop } from './cli/shop-commands.ts';
import { LOGGED_SERVICES } from './event-log.ts';

const USAGE = `usage: npm run --silent cli -- <command>
  api-key create --email <email> --scopes <scope,scope> [--name <name>]
  product list
  product set-price <product> <cents>        current price in USD cents, excluding VAT
  shop set-launch-capacity <launches>        paid launches a week can take
  shop set-order-hold <minutes>              how long an unpaid order holds its launch week slots (default 30)
  shop set-seller-country <country>          ISO code, for domestic VAT
  events export [--service <name>] [--from <position>] [--out <file>]
                                             every event as JSON Lines, in log order (stdout without --out);
                                             --from needs --service (positions belong to one service's log)
  events tail [--service <name>]             follows new events as JSON Lines until Ctrl-C
  read-models rebuild [--service <name>]     rebuilds read models from the event log (service stopped)
  reviews list [--reported]                  every review (or the reported ones), newest first, as JSON Lines
  reviews remove --listing <slug> --reviewer <account id> --reason <text>
                                             takes a review down: it no longer shows or counts in the rating
  reviews restore --listing <slug> --reviewer <account id>
                                             puts a review taken down back up
  secrets generate                           prints new OAuth signing and cookie keys as an env file
                                             (OAUTH_JWKS=..., COOKIE_KEYS=...): the gateway's Secret
  secrets rotate --from <env file>           prints the file with a new signing key and cookie key
                                             first (they sign from now on; the old ones still verify)
  secrets prune --from <env file>            prints the file with only its first (current) keys: once the
                                             longest token the old keys signed has expired
  account erase --email <email>              erases an account: its sign-in data, keys and sessions, and the
                                             personal data its events hold (sealed keys deleted)
  account grant-operator --email <email>     gives an account the operator role (the console at /admin)
  account revoke-operator --email <email>    takes the operator role away
  account suspend --email <email> --reason <text>
                                             suspends an account: its votes count 0 from now on (its standing
                                             votes on weeks not over are discounted, with that reason)
  account restore --email <email> --reason <text>
                                             lifts a suspension: votes cast from now on count again
scopes: ${SCOPES.join(', ')}
services: ${LOGGED_SERVICES.join(', ')}`;

/** The operator command line. It writes to the stores the running service uses: MONGO_URL, ..., else the files under DATA_DIR. */
const main = async (argv: string[]): Promise<number> => {
  const [group, command, ...rest] = argv;
  try {
    if (group === 'api-key' && command === 'create') return await createApiKey(rest);
    if (group === 'product' || group === 'shop') return await shop(group, command, rest);
    if (group === 'events') return await events(command, rest);
    if (group === 'read-models') return await readModels(command, rest);
    if (group === 'account' && (command === 'grant-operator' || command === 'revoke-operator'))
      return await operatorRole(command, rest);
    if (group === 'account') return await account(command, rest);
    if (group === 'secrets') return secrets(command, rest);
    if (group === 'reviews') return await reviews(command, rest);
    throw new UsageError(group ? `unknown command: ${argv.join(' ')}` : 'no command given');
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${USAGE}`);
      return 2;
    }
    if (error instanceof ValidationError) {
      console.error(error.errors.map((e) => `${e.field}: ${e.message}`).join('\n'));
      return 1;
    }
    throw error;
  }
};

process.exitCode = await main(process.argv.slice(2));
