import type { Evidence } from '../../domain/draft/draft.ts';
import { visiblePart } from '../../domain/draft/evidence/served-text.ts';
import { ABOUT_WORDS, TEAM_WORDS } from '../page-kinds.ts';
import { ELSEWHERE, htmlPeople, linePeople, type PagePerson, structuredPeople } from '../people.ts';
import { foundersIn, founderWithRoleIn } from '../prose-facts.ts';
import { type DraftContext, type Parsed, sentencesNaming } from './draft-context.ts';
import { platformOf } from './socials.ts';

const TEAM_PAGE = new RegExp(`${TEAM_WORDS.source}|${ABOUT_WORDS.source}`, 'i');

export interface FoundPerson {
  readonly person: PagePerson;
  readonly p: Parsed;
}

/**
 * The people the site names: schema.org persons, people on about and team pages (and the
 * homepage's founders: its quotes and cards are mostly customers'), then people a sentence names
 * as founders ("founded in 2021 by A and B", "Anna Berg, co-founder and CEO"), about and team pages first.
 */
export const readPeople = (ctx: DraftContext, ownNames: readonly string[]): FoundPerson[] => {
  const { own, home } = ctx;
  const people: FoundPerson[] = [];
  const named = (name: string) => people.some(({ person }) => person.name === name);
  for (const p of own) for (const person of structuredPeople(p.ld)) people.push({ person, p });
  for (const p of [...own.filter((x) => TEAM_PAGE.test(x.path)), home])
    for (const person of htmlPeople(p.$, p.page.url))
      if ((TEAM_PAGE.test(p.path) || person.founder) && !named(person.name)) people.push({ person, p });
  for (const p of [...own.filter((x) => TEAM_PAGE.test(x.path)), home])
    for (const person of linePeople(visiblePart(p.page).split('\n')))
      if (!named(person.name)) people.push({ person, p });
  const prose = [...ctx.sentences.filter((x) => TEAM_PAGE.test(x.p.path)), ...ctx.sentences];
  for (const { p, list } of prose)
    for (const sentence of list) {
      const withRole = founderWithRoleIn(sentence);
      if (withRole && !ELSEWHERE.test(withRole.role) && !named(withRole.name))
        people.push({
          person: {
            name: withRole.name,
            nameQuote: sentence,
            role: withRole.role,
            roleQuote: sentence,
            links: [],
            founder: true,
          },
          p,
        });
    }
  // and, on pages about others too (a blog or press post), a sentence that names the product itself
  // ("Acme was founded in 2019 by A and B"): a sentence about a rival names the rival instead
  for (const { p, list } of [...prose, ...sentencesNaming(ctx, ownNames)])
    for (const sentence of list)
      for (const founder of foundersIn(sentence))
        if (!named(founder))
          people.push({
            person: { name: founder, nameQuote: sentence, role: null, roleQuote: null, links: [], founder: true },
            p,
          });
  return people;
};

/** founders: the people who are founders (up to six), and the first founder's profile links */
export const draftFounders = (ctx: DraftContext, people: readonly FoundPerson[]): void => {
  const { ev } = ctx;
  const founders: { name: string; title?: string }[] = [];
  const founderEvidence: Evidence[] = [];
  const founderSocials: Record<string, string> = {};
  const founderSocialEvidence: Evidence[] = [];
  for (const { person, p } of people) {
    if (!person.founder || founders.some((f) => f.name === person.name) || founders.length >= 6) continue;
    const i = founders.length;
    founders.push(person.role ? { name: person.name, title: person.role } : { name: person.name });
    founderEvidence.push(...ev(person.nameQuote, p, `founders[${i}].name`));
    if (person.roleQuote) founderEvidence.push(...ev(person.roleQuote, p, `founders[${i}].title`));
    if (i !== 0) continue;
    for (const link of person.links) {
      const platform = platformOf(link);
      if (platform && !(platform in founderSocials) && link.length <= 500) {
        founderSocials[platform] = link;
        founderSocialEvidence.push(...ev(link, p, `founder_socials.${platform}`));
      }
    }
  }
  if (founders.length > 0) ctx.set('founders', founders, founderEvidence);
  if (Object.keys(founderSocials).length > 0) ctx.set('founder_socials', founderSocials, founderSocialEvidence);
};
