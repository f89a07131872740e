import { DRAFT_FIELD_KEYS, SOCIAL_PLATFORMS } from '@listings/contracts';
import OpenAI from 'openai';
import type { Evidence, Proposal } from '../domain/draft/draft.ts';
import type { Drafter, DraftRequest } from './drafter.ts';
import { promptText } from './page-content.ts';

const PAGE_CHARS = 8000;
const TOTAL_CHARS = 60_000;

const evidenceSchema = {
  type: 'array',
  description: 'verbatim quotes copied character for character from the page text, each with the page URL',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['url', 'quote'],
    properties: { url: { type: 'string' }, quote: { type: 'string' } },
  },
} as const;

const LIST_KEYS = new Set(['categories', 'tags', 'features', 'usps', 'keywords']);

/** The structured-output schema (strict: every property required, nullable where optional). */
export const draftResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['fields', 'faqs', 'founders', 'company_socials'],
  properties: {
    fields: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'text', 'list', 'evidence'],
        properties: {
          key: { type: 'string', enum: [...DRAFT_FIELD_KEYS] },
          text: { type: ['string', 'null'], description: 'the value of a text field' },
          list: {
            anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }],
            description: 'the value of a list field',
          },
          evidence: evidenceSchema,
        },
      },
    },
    faqs: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['question', 'answer', 'evidence'],
        properties: { question: { type: 'string' }, answer: { type: 'string' }, evidence: evidenceSchema },
      },
    },
    founders: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'title', 'bio', 'evidence'],
        properties: {
          name: { type: 'string' },
          title: { type: ['string', 'null'] },
          bio: { type: ['string', 'null'] },
          evidence: evidenceSchema,
        },
      },
    },
    company_socials: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['platform', 'url', 'evidence'],
        properties: {
          platform: { type: 'string', enum: [...SOCIAL_PLATFORMS] },
          url: { type: 'string' },
          evidence: evidenceSchema,
        },
      },
    },
  },
} as const;

interface ModelEvidence {
  url: string;
  quote: string;
}
interface ModelDraft {
  fields?: { key: string; text: string | null; list: string[] | null; evidence: ModelEvidence[] }[];
  faqs?: { question: string; answer: string; evidence: ModelEvidence[] }[];
  founders?: { name: string; title: string | null; bio: string | null; evidence: ModelEvidence[] }[];
  company_socials?: { platform: string; url: string; evidence: ModelEvidence[] }[];
}

const INSTRUCTIONS = `You draft a product directory profile from the pages of the product's own website.
Rules:
- Use only facts the pages state. Never guess, infer or complete. A copyright year is not a founding year.
- Every value needs evidence: quotes copied verbatim (character for character) from the page text, with that page's URL.
- Leave out anything the pages do not state. An empty answer is better than an invented one.
- Short fields (name, tagline, founded_year, contact_email, city, country, URLs, list items) must appear inside a quote.
- country is a two-letter ISO code; founded_year is four digits.
- categories may only be names from this list: {CATEGORIES}.
- Text fields at most 500 characters (description 20000); list fields at most 20 items of 200 characters.`;

/** How a candidate fact is shown to the model: its value, cut short. */
const CANDIDATE_CHARS = 300;

/** What the model is asked: the instructions, the message with the pages, and the slots it drafts. */
export interface DraftPrompt {
  readonly system: string;
  readonly user: string;
  /** the requested slots the candidates did not find: the only ones the answer may fill */
  readonly missing: readonly string[];
}

/**
 * The prompt for the slots `found` (the candidates' values) misses, over the crawled pages' text;
 * null when nothing is missing. Shared by every model drafter (OpenAI, the client's model).
 */
export const draftPrompt = (request: DraftRequest, found: Record<string, Proposal>): DraftPrompt | null => {
  const missing = request.keys.filter((k) => !(k in found));
  if (missing.length === 0) return null;
  const known = Object.entries(found).map(
    ([key, p]) => `- ${key}: ${JSON.stringify(p.value).slice(0, CANDIDATE_CHARS)}`,
  );
  let budget = TOTAL_CHARS;
  const pagesText = request.pages
    .map((page) => {
      const text = promptText(page).slice(0, Math.max(0, Math.min(PAGE_CHARS, budget)));
      budget -= text.length;
      return `=== PAGE ${page.url}\n${text}`;
    })
    .join('\n\n');
  return {
    system: INSTRUCTIONS.replace('{CATEGORIES}', request.categoryNames.join(', ') || '(none)'),
    user: [
      ...(known.length > 0
        ? ['Already found on these pages and checked separately (do not draft them again):', ...known, '']
        : []),
      `Draft only these fields, and only what the pages state: ${missing.join(', ')}.`,
      '',
      pagesText,
    ].join('\n'),
    missing,
  };
};

/** For a model without structured output (a client's model through sampling): the answer's shape, in words. */
export const JSON_ANSWER_INSTRUCTIONS = `Answer with one JSON object and nothing else (no prose, no code fence), matching this JSON Schema:\n${JSON.stringify(draftResponseSchema)}`;

/**
 * A model's answer text as proposals for `keys`: the JSON object (a code fence around it is
 * tolerated); an answer that is not one gives no proposals. Nothing is checked here: the service
 * verifies every quote.
 */
export const parseDraftAnswer = (content: string, keys: readonly string[]): Record<string, Proposal> => {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end < start) return {};
  try {
    const parsed = JSON.parse(content.slice(start, end + 1)) as unknown;
    return parsed && typeof parsed === 'object' ? toProposals(parsed as ModelDraft, keys) : {};
  } catch {
    return {};
  }
};

/**
 * The OpenAI drafter: one chat completion with a strict JSON-schema response format, over the
 * crawled pages' text. Works with any OpenAI-compatible server through `baseURL`. With `candidates`
 * (the extractive drafter: structured data, pricing plans, team pages), what they find is taken as
 * it is and shown to the model as already found; the model is asked only for the slots they miss,
 * and not called at all when nothing is missing. Either way the service checks every quote after.
 */
export const createOpenAiDrafter = (options: {
  apiKey: string;
  baseURL?: string;
  model: string;
  timeoutMs?: number;
  candidates?: Drafter;
}): Drafter => {
  const client = new OpenAI({
    apiKey: options.apiKey,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    timeout: options.timeoutMs ?? 60_000,
    maxRetries: 1,
  });
  return {
    name: 'openai',
    async draft(request: DraftRequest) {
      const found = options.candidates ? await options.candidates.draft(request) : {};
      const prompt = draftPrompt(request, found);
      if (!prompt) return found;
      const completion = await client.chat.completions.create({
        model: options.model,
        temperature: 0,
        messages: [
          { role: 'system', content: prompt.system },
          { role: 'user', content: prompt.user },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: {
            name: 'product_profile',
            strict: true,
            schema: draftResponseSchema as unknown as Record<string, unknown>,
          },
        },
      });
      const content = completion.choices[0]?.message?.content;
      if (!content) return found;
      // an answer cut off at the token limit is not JSON: it gives nothing, the candidates stand
      return { ...parseDraftAnswer(content, prompt.missing), ...found };
    },
  };
};

const asEvidence = (list: ModelEvidence[] | undefined, field?: string): Evidence[] =>
  (Array.isArray(list) ? list : [])
    .filter((e) => typeof e?.quote === 'string' && typeof e?.url === 'string')
    .map((e) => ({ quote: e.quote, url: e.url, ...(field ? { field } : {}) }));

/** The model's answer as proposals; nothing is checked here, the service verifies every quote. */
export const toProposals = (draft: ModelDraft, keys: readonly string[]): Record<string, Proposal> => {
  const out: Record<string, Proposal> = {};
  for (const f of draft.fields ?? []) {
    if (!keys.includes(f.key) || f.key in out) continue;
    const value = LIST_KEYS.has(f.key) ? f.list : f.text;
    if (value === null || value === undefined || (Array.isArray(value) && value.length === 0) || value === '') continue;
    out[f.key] = { value, evidence: asEvidence(f.evidence) };
  }
  if (keys.includes('faqs') && draft.faqs?.length)
    out.faqs = {
      value: draft.faqs.map((q) => ({ question: q.question, answer: q.answer })),
      evidence: draft.faqs.flatMap((q, i) => asEvidence(q.evidence, `faqs[${i}]`)),
    };
  if (keys.includes('founders') && draft.founders?.length)
    out.founders = {
      value: draft.founders.map((f) => ({
        name: f.name,
        ...(f.title ? { title: f.title } : {}),
        ...(f.bio ? { bio: f.bio } : {}),
      })),
      evidence: draft.founders.flatMap((f, i) => asEvidence(f.evidence, `founders[${i}]`)),
    };
  if (keys.includes('company_socials') && draft.company_socials?.length)
    out.company_socials = {
      value: Object.fromEntries(draft.company_socials.map((s) => [s.platform, s.url])),
      evidence: draft.company_socials.flatMap((s) => asEvidence(s.evidence, `company_socials.${s.platform}`)),
    };
  return out;
};
