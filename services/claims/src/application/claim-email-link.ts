import { createHash, randomBytes } from 'node:crypto';
import { CLAIM_EMAIL_PATH } from '@listings/contracts';
import { ConflictError } from '@listings/platform/errors';
import { MailDeliveryError } from '@listings/platform/mail';
import type { ExistingClaim } from '../domain/listing-claims/listing-claims.ts';
import { type ClaimsOperationDeps, type Located, nowOf, reveal, runOnClaim } from './claim-streams.ts';

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** a new emailed link's token: only its hash (sha256) is stored */
export const newLinkToken = (): string => randomBytes(32).toString('base64url');

type MailDeps = Pick<ClaimsOperationDeps, 'vault' | 'mailer' | 'publicUrl'>;

/**
 * the verification mail: the link with its token (only its hash is stored). Sent after the claim
 * is saved: when the mail server does not take it, the claim stays and the 503 says how to get a
 * new link (the same email claim again, after the one-minute renewal limit).
 */
export const mailLink = (deps: MailDeps, claim: ExistingClaim, linkToken: string) =>
  sendLink(deps, claim, linkToken).catch((error: unknown) => {
    if (!(error instanceof MailDeliveryError)) throw error;
    throw new MailDeliveryError(
      `claim ${claim.id} is saved, but ${error.message}; ask for the same email claim again in a minute for a new link`,
      error,
    );
  });

const sendLink = async (deps: MailDeps, claim: ExistingClaim, linkToken: string) => {
  const to = (await reveal(deps, claim)).email;
  if (!to) throw new ConflictError(`claim ${claim.id}'s address was erased: start a new claim`);
  return deps.mailer.send({
    kind: 'claim-verification',
    to,
    subject: `Verify your claim on ${claim.slug}`,
    text: [
      `Someone (hopefully you) claimed the listing ${claim.slug} on ${deps.publicUrl} for ${claim.domain}.`,
      '',
      `Open this link to verify the claim: ${deps.publicUrl}${CLAIM_EMAIL_PATH}?token=${linkToken}`,
      '',
      `The link works until ${claim.expiresAt}. If you did not ask for this, ignore this message.`,
    ].join('\n'),
  });
};

/** a new link for an open email claim (the old one stops working), at most once a minute */
export const renewEmailLink = async (deps: ClaimsOperationDeps, open: Located): Promise<ExistingClaim> => {
  const linkToken = newLinkToken();
  const renewed = await runOnClaim(deps, open, {
    type: 'RenewEmailLink',
    data: { email_token_hash: sha256(linkToken), now: nowOf(deps) },
  });
  // renewed less than a minute ago: no new link, no new mail
  if (renewed.emailTokenHash === open.claim.emailTokenHash) return open.claim;
  await mailLink(deps, renewed, linkToken);
  deps.logger.info({ claim_id: open.claim.id, slug: open.claim.slug }, 'claim email link renewed');
  return renewed;
};
