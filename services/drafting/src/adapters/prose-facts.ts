import { countryCode, countryIn } from '../domain/evidence/countries.ts';

/**
 * Facts stated in sentences: who founded the product and when, and where it is based. An
 * extractive pass: each fact comes with the sentence (or line) it was read from, as the page shows
 * it, and nothing is inferred beyond what the sentence says.
 */

/** Sentences of a text, line by line (a line is a block of the page), by the runtime's own segmenter. */
export const sentencesOf = (text: string): string[] => {
  const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
  return text
    .split('\n')
    .flatMap((line) => [...segmenter.segment(line)].map((s) => s.segment.trim()))
    .filter((s) => s.length > 0);
};

/** A person's name in prose: two or three capitalised words (`Anna Lindqvist`, `José María Ruiz`). */
const NAME = String.raw`\p{Lu}[\p{Ll}\p{M}'’-]+(?:[ \u00a0](?:(?:van|von|de|da|del|der|den|la|le|di)[ \u00a0])?\p{Lu}[\p{Ll}\p{M}'’-]+){1,2}`;
const JOIN = String.raw`\s*(?:,\s*(?:and\s+|und\s+|et\s+|y\s+|och\s+)?|\s(?:and|und|et|y|och|&)\s)\s*`;
const NAMES = `(${NAME}(?:${JOIN}${NAME})*)`;
const FOUNDED_WORD = String.raw`(?i:co-?founded|founded|started|created|built|established|gegründet|fondée?|fundad[ao]|grundat|opgericht|fondata)`;
/** "founded in 2021 by A and B", "gegründet 2019 von A und B", "fondée par A et B" */
const FOUNDED_BY = new RegExp(
  String.raw`\b${FOUNDED_WORD}\b[^.;:!?]{0,60}?\b(?i:by|von|par|por|av|door|da)\s+${NAMES}`,
  'u',
);
/** "A and B founded Acme in 2021", "A and B started the company" */
const NAMES_FOUNDED = new RegExp(String.raw`${NAMES}\s+(?:co-?founded|founded|started|gründeten|fondèrent)\b`, 'u');
/** "A (CEO) and B founded" is not read; neither are names the sentence does not give in full */
const NOT_A_PERSON = /\b(?:Inc|Ltd|LLC|GmbH|AB|AG|SA|BV|Team|Labs?|Group|Capital|Ventures|Partners|University)\b/;

/** The founders a sentence names ("founded … by A and B", "A and B founded …"). */
export const foundersIn = (sentence: string): string[] => {
  const m = sentence.match(FOUNDED_BY) ?? sentence.match(NAMES_FOUNDED);
  if (!m?.[1]) return [];
  const names = m[1].split(new RegExp(JOIN, 'u')).map((n) => n.replace(/\u00a0/g, ' ').trim());
  return names.filter((n) => n.split(' ').length >= 2 && !NOT_A_PERSON.test(n));
};

/** "Anna Berg, Co-founder & CEO", "Omar Haddad (co-founder)", "Jana Novák – Gründerin" */
const NAME_WITH_ROLE = new RegExp(
  String.raw`(?:^|[^\p{L}])(${NAME})\s*(?:,|–|—|-|\(|\||:)\s*((?:[\p{L}&/ ]{0,30}?)?(?i:co-?founder|founder|gründer(?:in)?|mitgründer(?:in)?|fondat(?:eur|rice)|cofondat(?:eur|rice)|fundador(?:a)?|cofundador(?:a)?|grundare|medgrundare|oprichter)(?:[\p{L}&/ ]{0,40}[\p{L}])?)`,
  'u',
);

/** A founder a line names with a role that says so, the role as written. */
export const founderWithRoleIn = (line: string): { name: string; role: string } | null => {
  const m = line.match(NAME_WITH_ROLE);
  if (!m?.[1] || !m[2] || NOT_A_PERSON.test(m[1])) return null;
  const role = m[2].replace(/^(?:our|the|unser(?:e|er)?|notre|nuestr[ao])\s+/i, '').trim();
  // a capitalised word that opens the sentence is no part of the name ("Meet Omar Haddad")
  const name = m[1]
    .replace(/\u00a0/g, ' ')
    .replace(/^(?:Meet|Introducing|Welcome|Hello|Hi|Hey|With|By|From|Our|Unser|Notre)\s+/, '');
  return name.includes(' ') ? { name, role } : null;
};

const FOUNDING_YEAR =
  /\b(?:founded|established|started|launched|gegründet|fondée?|fundad[ao]|grundat|opgericht|fondata|since|seit|depuis|desde)\b[^.;!?]{0,40}?\b(1[89]\d\d|20\d\d)\b/iu;
const STARTS_WITH_FOUNDING =
  /^\s*(?:founded|established|started|launched|gegründet|fondée?|fundad[ao]|grundat|since|seit|depuis|desde)\b/i;
const WE_FOUNDED =
  /\b(?:we|wir|nous|nosotros|vi|our (?:company|team|studio|business))\b[^.;!?]{0,40}\b(?:founded|started|established|launched|gegründet|fondé|fundamos|grundade)\b/i;

/**
 * The year a sentence says the product or company was founded, when the sentence is about it: it
 * names it, starts with the founding ("Founded in 2019 …"), or says "we founded/started". A year
 * said of another company ("RivalApp, founded in 1998") or a copyright line is not it.
 */
export const foundingYearIn = (sentence: string, ownNames: readonly string[]): string | null => {
  if (/©|\(c\)|copyright/i.test(sentence)) return null;
  const m = sentence.match(FOUNDING_YEAR);
  if (!m?.[1]) return null;
  const about =
    STARTS_WITH_FOUNDING.test(sentence) ||
    WE_FOUNDED.test(sentence) ||
    ownNames.some((n) => n.length >= 2 && sentence.toLowerCase().includes(n.toLowerCase()));
  return about ? m[1] : null;
};

const BASED_IN =
  /\b(?:based|headquartered|located|HQ'd|sitz(?:t)?|ansässig|basée?|situad[ao]|basad[ao]|baserade?|gevestigd)\s+(?:in|à|en|i)\s+([^.;!?()]{2,80})/iu;

/** Where a sentence says the company is based: "based in Stockholm, Sweden" → city Stockholm, country SE. */
export const placeIn = (sentence: string): { country: string | null; city: string | null } | null => {
  const m = sentence.match(BASED_IN);
  if (!m?.[1]) return null;
  const place = m[1].trim();
  const country = countryIn(place);
  const before = (country ? place.slice(0, country.at) : place).replace(/[,\s]+$/, '').trim();
  const city = /^\p{Lu}[\p{L}'’.-]*(?: \p{Lu}[\p{L}'’.-]*){0,2}$/u.test(before) && !countryCode(before) ? before : null;
  if (!country && !city) return null;
  return { country: country?.code ?? null, city };
};

/**
 * The country (and city) of an address line (a footer, an `<address>`, a contact block): a line
 * naming a country after a comma or a postcode (`Storgatan 1, 114 55 Stockholm, Sweden`), not a
 * menu's language picker ("English (United States)").
 */
export const addressIn = (line: string): { country: string; city: string | null } | null => {
  if (line.length > 200) return null;
  const country = countryIn(line);
  if (!country) return null;
  const before = line.slice(0, country.at);
  if (!/\d/.test(before) && !/[,·|–—]\s*$/.test(before)) return null;
  // the city: the last part before the country, without its postcode ("10119 Berlin" → Berlin)
  const last = (
    before
      .split(/[,·|–—\n]/)
      .filter((x) => x.trim())
      .pop() ?? ''
  )
    .split(/\s+/)
    .filter((w) => w && !/\d/.test(w))
    .join(' ');
  const city = /^\p{Lu}[\p{L}'’.-]*(?: \p{Lu}[\p{L}'’.-]*){0,2}$/u.test(last) && !countryCode(last) ? last : null;
  return { country: country.code, city };
};
