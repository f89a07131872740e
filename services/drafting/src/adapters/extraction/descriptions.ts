import type { Evidence } from '../../domain/draft/draft.ts';
import { lineOf } from '../page-content.ts';
import { ABOUT_WORDS } from '../page-kinds.ts';
import { cap, type DraftContext, str } from './draft-context.ts';

/** The homepage's meta description, Open Graph or Twitter card description, when it fits the field. */
const homeDescription = (ctx: DraftContext): string | null =>
  cap(
    ctx.meta(ctx.home, 'description') ||
      ctx.meta(ctx.home, 'og:description') ||
      ctx.meta(ctx.home, 'twitter:description'),
    500,
  );

/**
 * short description: meta description, Open Graph or Twitter card description, a short schema.org
 * one; description: the schema.org description, else the opening paragraphs of the about page or homepage
 */
export const draftDescriptions = (ctx: DraftContext): void => {
  const { set, ev, org, home } = ctx;
  const description = homeDescription(ctx);
  if (description) set('short_description', description, ev(description, home));
  for (const { node, p } of org) {
    const d = cap(str(node.description), 300);
    if (d) set('short_description', d, ev(d, p));
  }
  for (const { node, p } of org) {
    const d = cap(str(node.description), 20000);
    if (d) set('description', d, ev(d, p));
  }
  const about = ctx.parsed.find((p) => ABOUT_WORDS.test(p.path)) ?? home;
  const paragraphs = about
    .$('main p, article p, section p, body > p')
    .toArray()
    .map((el) => lineOf(el))
    .filter((t) => t.length >= 40)
    .slice(0, 3);
  if (paragraphs.length > 0)
    set(
      'description',
      paragraphs.join('\n\n'),
      paragraphs.flatMap((t) => ev(t, about)),
    );
};

/** story: the paragraphs under an "Our story" heading */
export const draftStory = (ctx: DraftContext): void => {
  for (const p of ctx.parsed) {
    const heading = p
      .$('h1, h2, h3')
      .filter((_, el) => /\bstory\b/i.test(p.$(el).text()))
      .first();
    if (heading.length === 0) continue;
    const texts = heading
      .nextAll('p')
      .toArray()
      .map((el) => lineOf(el))
      .filter((t) => t.length > 0)
      .slice(0, 5);
    const story = texts.join('\n\n');
    if (story && story.length <= 8000)
      ctx.set(
        'story',
        { story },
        texts.flatMap((t) => ctx.ev(t, p, 'story.story')),
      );
  }
};

/** seo: the homepage's title and meta description when they fit the limits */
export const draftSeo = (ctx: DraftContext, title: string): void => {
  const description = homeDescription(ctx);
  const seo: Record<string, string> = {};
  const seoEvidence: Evidence[] = [];
  if (title && title.length <= 70) {
    seo.title = title;
    seoEvidence.push(...ctx.ev(title, ctx.home, 'seo.title'));
  }
  if (description && description.length <= 170) {
    seo.meta = description;
    seoEvidence.push(...ctx.ev(description, ctx.home, 'seo.meta'));
  }
  if (seoEvidence.length > 0) ctx.set('seo', seo, seoEvidence);
};
