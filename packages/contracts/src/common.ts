import Type, { type TSchema } from 'typebox';

/** Spec Part 4: slug pattern for `slug`, `category`, `stage`, `listing`, `a`, `b`. */
export const SLUG_PATTERN = '^[a-z0-9][a-z0-9-]{0,219}$';
export const Slug = Type.String({ pattern: SLUG_PATTERN, description: 'lowercase letters, digits and hyphens' });

/** Spec Part 8: pagination limits. */
export const PAGE_MIN = 1;
export const PAGE_MAX = 1000;
export const PER_PAGE_MIN = 1;
export const PER_PAGE_MAX = 100;
export const PER_PAGE_DEFAULT = 20;

export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: PAGE_MIN, maximum: PAGE_MAX, default: 1, description: 'page number' })),
  per_page: Type.Optional(
    Type.Integer({
      minimum: PER_PAGE_MIN,
      maximum: PER_PAGE_MAX,
      default: PER_PAGE_DEFAULT,
      description: 'items per page',
    }),
  ),
};

/** `{ items, page, per_page, total }` for every paged list. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    page: Type.Integer({ minimum: PAGE_MIN }),
    per_page: Type.Integer({ minimum: PER_PAGE_MIN }),
    total: Type.Integer({ minimum: 0 }),
  });

export const CountryCode = Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2 country code' });
export const Uuid = Type.String({ format: 'uuid' });
/**
 * Ids stop at 2^53 - 1: a longer number can't be held exactly by the services (JavaScript numbers),
 * so `99999999999999999999` is a 400 naming the field, not a lookup of 100000000000000000000.
 */
export const PositiveId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
export const IsoDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
export const IsoDateTime = Type.String({ format: 'date-time' });
export const EMAIL_MAX = 254;
export const Email = Type.String({ format: 'email', maxLength: EMAIL_MAX });
/** An absolute http(s) URL. */
export const HttpUrl = (maxLength: number) => Type.String({ format: 'uri', pattern: '^https?://', maxLength });
/** Spec Part 2 (Milestone url): an https link. */
export const HttpsUrl = (maxLength: number) => Type.String({ format: 'uri', pattern: '^https://', maxLength });

/** RFC 9457 problem details; `errors` names each failing field of a 400. */
export const Problem = Type.Object({
  type: Type.String(),
  title: Type.String(),
  status: Type.Integer(),
  detail: Type.Optional(Type.String()),
  instance: Type.Optional(Type.String()),
  errors: Type.Optional(
    Type.Array(
      Type.Object({
        field: Type.String({ description: 'JSON path of the failing input, e.g. body.fields.name or query.per_page' }),
        message: Type.String(),
      }),
    ),
  ),
});

/** Spec Part 2, FAQ. */
export const Faq = Type.Object(
  {
    question: Type.String({ minLength: 1, maxLength: 300 }),
    answer: Type.String({ minLength: 1, maxLength: 1500 }),
  },
  { additionalProperties: false },
);

/** FAQs replace the whole list. The spec's prose says max 5, its schema 10: we follow the schema. */
export const FAQS_MAX = 10;
export const Faqs = Type.Array(Faq, { maxItems: FAQS_MAX });
