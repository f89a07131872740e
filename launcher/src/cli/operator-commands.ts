import { EMAIL_PATTERN } from '@listings/contracts';
import { parse, UsageError } from './arguments.ts';
import { withAccountOf } from './identity-commands.ts';

/**
 * `account grant-operator` / `account revoke-operator`: the operator role of an existing account
 * (the console at /admin and the operator operations). It takes effect on the account's next
 * request: every credential's principal is read with its roles.
 */
export const operatorRole = async (command: 'grant-operator' | 'revoke-operator', rest: string[]): Promise<number> => {
  const values = parse(rest, { email: { type: 'string' } });
  const email = values.email?.trim() ?? '';
  if (!EMAIL_PATTERN.test(email)) throw new UsageError('--email must be an email address');
  return withAccountOf(
    email,
    async (found, identity) => {
      const grant = command === 'grant-operator';
      const changed = await identity.setRole(found.id, 'operator', grant);
      const what = `${found.email} (${found.id}) is ${grant ? 'an operator' : 'not an operator'}`;
      console.log(changed ? what : `${what} (unchanged)`);
      return 0;
    },
    ': the person signs up first',
  );
};
