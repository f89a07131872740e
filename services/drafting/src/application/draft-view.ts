import { type PersonalDataVault, revealPersonalData } from '@listings/platform/personal-data';
import { completenessOf, type DraftState, FIELD_KEYS, SECTION_KEYS, type Slot } from '../domain/draft/draft.ts';

const slotView = (slot: Slot | undefined) => ({
  value: slot?.value ?? null,
  state: slot?.state ?? 'not_found',
  evidence: slot?.evidence ?? [],
});

/** The Draft response (contract `Draft`): every slot with value, state and evidence; progress; completeness. */
export const draftView = (state: DraftState) => {
  const completeness = completenessOf(state);
  return {
    id: state.id,
    url: state.url,
    status: state.status,
    ...(state.failureReason ? { failure_reason: state.failureReason } : {}),
    progress: {
      step: state.progress.step,
      pages_read: state.progress.pagesRead,
      pages_planned: state.progress.pagesPlanned,
    },
    fields: Object.fromEntries(FIELD_KEYS.map((key) => [key, slotView(state.slots[key])])),
    ...Object.fromEntries(SECTION_KEYS.map((key) => [key, slotView(state.slots[key])])),
    locked_fields: FIELD_KEYS.filter((key) => state.slots[key]?.locked),
    regenerating: [...new Set(Object.values(state.regenerating).flat())],
    completeness,
    pages: state.pages.map((p) => ({ url: p.url, title: p.title })),
    invites: state.invites.map((i) => ({
      id: i.id,
      email: i.email,
      invited_at: i.invitedAt,
      accepted: i.acceptedBy !== null,
    })),
    listing_id: state.listingId,
    submitted_at: state.submittedAt,
    created_at: state.createdAt,
    updated_at: state.updatedAt,
  };
};

/** The profile catalog saves for a submitted draft: present values only, and what the site did not state. */
export const listingProfileOf = (state: DraftState): Record<string, unknown> => {
  const profile: Record<string, unknown> = { url: state.url };
  for (const key of [...FIELD_KEYS, ...SECTION_KEYS]) {
    const value = state.slots[key]?.value;
    if (value !== null && value !== undefined) profile[key] = value;
  }
  // the listing shows our stored copy of the logo, never the site's own URL (none until one is stored)
  if (typeof profile.logo_url === 'string') {
    const stored = state.logos[profile.logo_url];
    if (stored) profile.logo_url = stored;
    else delete profile.logo_url;
  }
  profile.not_found_on_website = [...FIELD_KEYS, ...SECTION_KEYS].filter(
    (key) => state.slots[key]?.state === 'not_found',
  );
  return profile;
};

/** the draft with its invitees' addresses opened (empty once the inviting account was erased) */
const withInvitesRevealed = async (vault: PersonalDataVault, state: DraftState): Promise<DraftState> =>
  !state.exists || state.invites.length === 0
    ? state
    : {
        ...state,
        invites: await Promise.all(
          state.invites.map(async (i) => ({ ...i, email: (await revealPersonalData(vault, i.email)) ?? '' })),
        ),
      };

/** The Draft response as an owner sees it: the invitees' addresses opened. */
export const revealedDraftView = async (vault: PersonalDataVault, state: DraftState) =>
  draftView(await withInvitesRevealed(vault, state));
