import { ValidationError } from '@listings/platform/errors';
import { type ImageIntake, ImageRefused } from '@listings/platform/images';
import { editsOf } from '../domain/listing/owned.ts';
import type { CatalogHandler } from './operation-context.ts';
import { accountOf, freshOwnedListing, myListing } from './owned-listings.ts';

/** update_my_listing: the owner's edits of their listing's fields, socials and FAQs. */
export const updateMyListing: CatalogHandler<'update_my_listing'> = async (call, { view, commands, images }) => {
  const doc = await myListing(view, call);
  const body = call.body as { fields?: Record<string, unknown>; socials?: unknown; faqs?: unknown };
  const edits = editsOf(body);
  if ('logo_url' in edits) edits.logo_url = await ownLogo(images, edits.logo_url);
  await commands.listing(doc.id, {
    type: 'EditListing',
    data: { account_id: accountOf(call), edits },
  });
  return freshOwnedListing(view, doc.id);
};

/**
 * An owner's new logo: fetched through the safe fetch, checked and stored in the images bucket,
 * so the listing names our copy; `""` removes it. One that is not an image is a 400 naming the field.
 */
const ownLogo = async (images: ImageIntake | undefined, url: unknown): Promise<string | null> => {
  if (typeof url !== 'string' || url === '') return null;
  if (!images) throw new ValidationError([{ field: 'body.fields.logo_url', message: 'logos cannot be replaced here' }]);
  try {
    return (await images.logoFromUrl(url)).url;
  } catch (error) {
    if (!(error instanceof ImageRefused)) throw error;
    throw new ValidationError([
      { field: 'body.fields.logo_url', message: `the logo was not accepted: ${error.reason}` },
    ]);
  }
};
