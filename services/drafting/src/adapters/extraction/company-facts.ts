import { countryCode } from '../../domain/draft/evidence/countries.ts';
import { visiblePart } from '../../domain/draft/evidence/served-text.ts';
import { lineOf, textOf } from '../page-content.ts';
import { ABOUT_WORDS, CONTACT_WORDS } from '../page-kinds.ts';
import { addressIn, foundingYearIn, labelledFacts, madeIn, placeIn, postalCityIn } from '../prose-facts.ts';
import type { SchemaNode } from '../structured-data.ts';
import { cap, type DraftContext, type Parsed, str } from './draft-context.ts';

/** the sentences of the about pages first, then of every own page */
const aboutFirst = (ctx: DraftContext) => [
  ...ctx.sentences.filter((x) => ABOUT_WORDS.test(x.p.path)),
  ...ctx.sentences,
];

/**
 * founded year: schema.org foundingDate (quoted as written), then a sentence about the product or
 * company that says when it was founded ("Founded in 2019 …", "Acme was started in 2019"); never
 * a copyright line, never a year said of another company
 */
export const draftFoundedYear = (ctx: DraftContext, ownNames: readonly string[]): void => {
  const { set, ev } = ctx;
  for (const { node, p } of ctx.org) {
    const written = str(node.foundingDate);
    const year = written.match(/^(\d{4})/)?.[1];
    if (year) set('founded_year', year, ev(written, p, undefined, 'foundingDate'));
  }
  for (const { p, list } of aboutFirst(ctx))
    for (const sentence of list) {
      const year = foundingYearIn(sentence, ownNames, ABOUT_WORDS.test(p.path));
      if (year) set('founded_year', year, ev(sentence, p));
    }
};

/** a fact list: "Founded: 2019", "Headquarters" above "Berlin, Germany" (about pages first) */
export const draftFactList = (ctx: DraftContext): void => {
  const { set, ev } = ctx;
  for (const p of [...ctx.own.filter((x) => ABOUT_WORDS.test(x.path)), ...ctx.own]) {
    const facts = labelledFacts(visiblePart(p.page).split('\n'));
    if (facts.year) set('founded_year', facts.year.value, ev(facts.year.quote, p));
    if (facts.place?.country) set('country', facts.place.country, ev(facts.place.quote, p));
    if (facts.place?.city) set('city', facts.place.city, ev(facts.place.quote, p));
  }
};

/** an organisation's schema.org address: its `address`, or its `location`'s */
const addressOf = (node: SchemaNode): unknown => {
  const location = node.location as SchemaNode | string | undefined;
  return node.address ?? (location && typeof location === 'object' ? location.address : location);
};

/**
 * A schema.org address, quoted as written: a PostalAddress (its country a code, a name or a
 * Country node), or an address written as one string ("Storgatan 1, 114 55 Stockholm, Sweden").
 */
const structuredAddress = (ctx: DraftContext, address: unknown, p: Parsed): void => {
  const { set, ev } = ctx;
  if (typeof address === 'string') {
    const found = addressIn(address);
    if (found) set('country', found.country, ev(address, p));
    const city = found?.city ?? postalCityIn(address);
    if (city) set('city', city, ev(address, p));
    return;
  }
  if (!address || typeof address !== 'object') return;
  const fields = address as SchemaNode;
  const countryNode = fields.addressCountry as SchemaNode | undefined;
  const [written, property] =
    countryNode && typeof countryNode === 'object'
      ? [str(countryNode.name), 'name']
      : [str(countryNode), 'addressCountry'];
  const country = written ? countryCode(written) : null;
  if (country) set('country', country, ev(written, p, undefined, property));
  const city = cap(str(fields.addressLocality), 500);
  if (city) set('city', city, ev(city, p, undefined, 'addressLocality'));
};

/**
 * place: schema.org address (quoted as written), then "based in CITY, COUNTRY" in a sentence, then
 * an address line naming a country (a footer, an <address>, a contact block), then a postal line
 * ("10115 Berlin"), then where the product is made ("Made with ♥ in Lisbon")
 */
export const draftPlace = (ctx: DraftContext): void => {
  const { set, ev, home, own } = ctx;
  const postalAddresses = ctx.ldOf(['PostalAddress']).map(({ node, p }) => ({ address: node, p }));
  for (const { address, p } of [...ctx.org.map(({ node, p }) => ({ address: addressOf(node), p })), ...postalAddresses])
    structuredAddress(ctx, address, p);
  for (const { p, list } of aboutFirst(ctx))
    for (const sentence of list) {
      const place = placeIn(sentence);
      if (place?.country) set('country', place.country, ev(sentence, p));
      if (place?.city) set('city', place.city, ev(sentence, p));
    }
  const homeFirstPages = [home, ...own.filter((x) => x !== home)];
  const address = (line: string, p: Parsed) => {
    const found = addressIn(line);
    if (found) set('country', found.country, ev(line, p));
    if (found?.city) set('city', found.city, ev(line, p));
  };
  // a postal address is one line however its <br>s break it; a footer's lines each on their own
  for (const p of homeFirstPages) p.$('address').each((_, el) => address(lineOf(el), p));
  for (const p of homeFirstPages)
    p.$('footer, [class*="footer"], [class*="address"], [class*="contact"]').each((_, el) => {
      for (const line of textOf(el).split('\n')) address(line, p);
    });
  // an address on one line of a contact, imprint or about page ("Acme GmbH, Musterstraße 1, 10115
  // Berlin, Deutschland")
  for (const p of homeFirstPages)
    if (CONTACT_WORDS.test(p.path) || ABOUT_WORDS.test(p.path))
      for (const line of visiblePart(p.page).split('\n')) address(line, p);
  // a postal address without its country in one line: the postcode and city ("10115 Berlin"),
  // the country on a line of its own after it; in the footer, an address block, a contact or
  // imprint page
  const postal = (lines: string[], p: Parsed) => {
    lines.forEach((line, i) => {
      const city = postalCityIn(line);
      if (!city) return;
      set('city', city, ev(line.trim(), p));
      const next = (lines[i + 1] ?? '').trim();
      const code = next.length <= 40 ? countryCode(next) : null;
      if (code) set('country', code, ev(next, p));
    });
  };
  for (const p of homeFirstPages) {
    p.$('address, footer, [class*="footer"], [class*="address"], [class*="contact"]').each((_, el) =>
      postal(textOf(el).split('\n'), p),
    );
    if (CONTACT_WORDS.test(p.path) || ABOUT_WORDS.test(p.path)) postal(visiblePart(p.page).split('\n'), p);
  }
  // then where the product is made: "Made with ♥ in Lisbon", "a Berlin-based team"
  for (const { p, list } of aboutFirst(ctx))
    for (const sentence of list) {
      const place = madeIn(sentence);
      if (place?.country) set('country', place.country, ev(sentence, p));
      if (place?.city) set('city', place.city, ev(sentence, p));
    }
  // last, the country of a line on any own page that reads as an address or a place ("…, 10115
  // Berlin, Germany", "a team of six in Copenhagen, Denmark"), and its city when the line is a
  // postal address (it has a street number or postcode)
  for (const p of homeFirstPages)
    for (const line of visiblePart(p.page).split('\n')) {
      const found = addressIn(line);
      if (found) set('country', found.country, ev(line, p));
      if (found?.city && /\d/.test(line)) set('city', found.city, ev(line, p));
    }
};
