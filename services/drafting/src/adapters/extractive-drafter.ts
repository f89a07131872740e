import type { Drafter, DraftRequest } from './drafter.ts';
import { draftFactList, draftFoundedYear, draftPlace } from './extraction/company-facts.ts';
import { draftContactEmail, draftLogo } from './extraction/contact-and-logo.ts';
import { draftDescriptions, draftSeo, draftStory } from './extraction/descriptions.ts';
import { draftContext } from './extraction/draft-context.ts';
import { draftFounders, readPeople } from './extraction/founders.ts';
import { draftName, draftTagline, ownNamesOf, readNaming } from './extraction/name-and-tagline.ts';
import { draftCategories, draftDemoVideo, draftFaqs, draftFeatures, draftKeywords } from './extraction/page-lists.ts';
import { draftPricing } from './extraction/pricing.ts';
import { draftCompanySocials } from './extraction/socials.ts';

/**
 * The drafter used without an OpenAI key: it only takes facts the pages state (title and meta tags,
 * Open Graph, JSON-LD, headings, feature lists, pricing tables, FAQ sections, social and mailto
 * links, the logo), each with the quote it was taken from. It infers nothing: no stage, no
 * categories it cannot quote, no founding year from a copyright line.
 *
 * Each step reads the parsed pages (`extraction/draft-context.ts`) and sets the fields it finds;
 * the first value set for a field stays, so within a step the sources are tried best first.
 */
export const createExtractiveDrafter = (): Drafter => ({
  name: 'extractive',
  async draft(request: DraftRequest) {
    const ctx = draftContext(request);
    if (!ctx) return {};
    const naming = readNaming(ctx);
    draftName(ctx, naming);
    draftTagline(ctx, naming);
    draftDescriptions(ctx);
    draftFoundedYear(ctx, ownNamesOf(ctx, naming));
    draftFactList(ctx);
    draftPlace(ctx);
    draftContactEmail(ctx);
    draftLogo(ctx);
    draftDemoVideo(ctx);
    draftKeywords(ctx);
    draftCategories(ctx);
    draftFeatures(ctx);
    draftPricing(ctx);
    draftFaqs(ctx);
    const people = readPeople(ctx, ownNamesOf(ctx, naming));
    draftFounders(ctx, people);
    draftCompanySocials(ctx, people);
    draftStory(ctx);
    draftSeo(ctx, naming.title);
    return ctx.out;
  },
});
