import Type from 'typebox';

/**
 * Spec Part 4: 14 social keys, the 12 platform keys plus `website` and `custom`. The spec does not
 * spell the 12; these are ours (documented in docs/api-decisions.md).
 */
export const SOCIAL_PLATFORMS = [
  'linkedin', // professional network
  'x', // short-post network
  'instagram', // photo-sharing network
  'youtube', // video network
  'github', // code host
  'reddit', // discussion forum
  'producthunt', // product-launch site
  'medium', // blogging platform
  'facebook',
  'tiktok',
  'threads',
  'bluesky',
  'website',
  'custom',
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

export const SOCIAL_VALUE_MAX = 500;

/** platform key → link or handle; unknown platform keys are invalid input. */
export const Socials = Type.Object(
  Object.fromEntries(SOCIAL_PLATFORMS.map((key) => [key, Type.Optional(Type.String({ maxLength: SOCIAL_VALUE_MAX }))])),
  { additionalProperties: false },
);
