import { loadConfig } from '@listings/platform/config';
import { NotFoundError } from '@listings/platform/errors';
import { parse, UsageError } from './arguments.ts';

/** Review moderation, through the catalog's own commands on its log (the running service folds them). */
export const reviews = async (command: string | undefined, rest: string[]): Promise<number> => {
  const { openReviewAdmin } = await import('@listings/catalog/review-admin');
  const config = loadConfig();
  if (command === 'list') {
    const { reported } = parse(rest, { reported: { type: 'boolean' } });
    const admin = openReviewAdmin(config);
    try {
      for (const review of await admin.list(reported === true)) console.log(JSON.stringify(review));
      return 0;
    } finally {
      await admin.close();
    }
  }
  if (command === 'remove' || command === 'restore') {
    const values = parse(rest, {
      listing: { type: 'string' },
      reviewer: { type: 'string' },
      reason: { type: 'string' },
    });
    const problems: string[] = [];
    if (!values.listing) problems.push('--listing <slug> is needed');
    if (!values.reviewer) problems.push('--reviewer <account id> is needed');
    if (command === 'remove' && !values.reason?.trim()) problems.push('--reason <text> is needed');
    if (problems.length > 0) throw new UsageError(problems.join('\n'));
    const admin = openReviewAdmin(config);
    try {
      const { changed } =
        command === 'remove'
          ? await admin.remove(values.listing as string, values.reviewer as string, (values.reason as string).trim())
          : await admin.restore(values.listing as string, values.reviewer as string);
      const what = `the review by ${values.reviewer} of ${values.listing} is ${command === 'remove' ? 'down' : 'up'}`;
      console.log(changed ? what : `${what} (unchanged)`);
      return 0;
    } catch (error) {
      if (error instanceof NotFoundError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    } finally {
      await admin.close();
    }
  }
  throw new UsageError(`unknown command: reviews ${[command, ...rest].join(' ')}`);
};
