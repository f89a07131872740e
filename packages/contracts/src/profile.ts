import Type from 'typebox';
import { HttpsUrl, IsoDate } from './common.ts';

/** Spec Part 2, Milestone (as written by a founder). */
export const MilestoneInput = Type.Object(
  {
    date: IsoDate,
    title: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    url: Type.Optional(HttpsUrl(500)),
  },
  { additionalProperties: false },
);
export const MILESTONES_MAX = 50;

/** Spec Part 2: the story sections besides the title. */
export const STORY_SECTIONS = [
  'story',
  'why_started',
  'problem',
  'journey',
  'challenges',
  'achievements',
  'lessons',
  'whats_next',
] as const;
/** Spec Part 4 leaves `whats_next` unbounded; it gets the same 8000 as its siblings. */
export const STORY_SECTION_MAX = 8000;
/**
 * Spec Part 4 bounds the owned listing's story title at 200; the draft's "nine sections, each 8000"
 * would let a draft hold a title the listing refuses, so the title is 200 in both places.
 */
export const STORY_TITLE_MAX = 200;

export const StorySections = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: STORY_TITLE_MAX })),
    ...Object.fromEntries(
      STORY_SECTIONS.map((key) => [key, Type.Optional(Type.String({ maxLength: STORY_SECTION_MAX }))]),
    ),
  },
  { additionalProperties: false },
);

export const ARRAY_FIELD_ITEMS_MAX = 20;
export const ARRAY_FIELD_ITEM_MAX = 200;
export const StringList = Type.Array(Type.String({ maxLength: ARRAY_FIELD_ITEM_MAX }), {
  maxItems: ARRAY_FIELD_ITEMS_MAX,
});
