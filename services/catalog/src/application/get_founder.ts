import { NotFoundError } from '@listings/platform/errors';
import { founderEntryOf } from './founder-entries.ts';
import type { CatalogHandler } from './operation-context.ts';

/** get_founder: one founder, read from the listings that name them. */
export const getFounder: CatalogHandler<'get_founder'> = async (call, { view }) => {
  const founder = await view.founder(call.params.slug as string);
  if (!founder) throw new NotFoundError(`no founder ${String(call.params.slug)}`);
  return founderEntryOf(view, founder);
};
