import { countryCode, countryIn } from '../domain/draft/evidence/countries.ts';
import { FOUNDING_WORDS, SINCE_WORDS } from '../domain/draft/evidence/founding-words.ts';

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
/** one capitalised word of a name: `Anna`, `Jean-Luc`, `O’Brien`, `McKay` */
const WORD = String.raw`\p{Lu}[\p{Ll}\p{M}'’](?:[\p{Ll}\p{M}'’]|-\p{Lu}|\p{Lu}(?=\p{Ll}))*`;
/** A person's name in prose: two or three capitalised words, a middle initial allowed (`Anna K. Berg`). */
const NAME = String.raw`(?:(?:Dr|Prof)\.?[ \u00a0])?${WORD}(?:[ \u00a0]\p{Lu}\.)?(?:[ \u00a0](?:(?:van|von|de|da|del|der|den|la|le|di|dos|du)[ \u00a0])?${WORD}){1,2}`;
/** "and" between two names, in the languages we read (en, de, fr, es, sv, nl, it/pt, da/no, fi, pl, cs, tr) */
const AND = 'and|und|et|y|och|en|e|og|ja|i|a|ve|&';
const JOIN = String.raw`\s*(?:,\s*(?:(?:${AND.replace('|&', '')})\s+)?|\s(?:${AND})\s)\s*`;
const NAMES = `(${NAME}(?:${JOIN}${NAME})*)`;
/** a founding verb before "by …": founded, and started, launched, set up, created or thought up, in the languages we read */
const FOUNDED_WORD = String.raw`(?i:co-?founded|founded|started|created|built|established|launched|set up|startades|startet|gestart|opgezet|lanceret|lanserades|gestartet|ins leben gerufen|lancée?|lanzad[ao]|cread[ao]|creat[ao]|ideat[ao]|criad[ao]|gegründet|fondée?|créée?|fundad[ao]|creada|fondat[ao]|criad[ao]|opgericht|grundade?s?|grundat|grundlagt|grunnlagt|perustettu|perustaneet|za[lł]o[zż]on[aey]|zalo[zž]en[aáy]?|kuruldu|kurulan)`;
/** "founded in 2021 by A and B", "gegründet 2019 von A und B", "fondée par A et B" */
const FOUNDED_BY = new RegExp(
  String.raw`(?<![\p{L}])${FOUNDED_WORD}(?![\p{L}])[^.;:!?]{0,60}?(?<![\p{L}])(?i:by|von|par|por|av|door|da|dai|af|przez|tarafından)\s+(?:\p{Ll}[^,;.:!?]{0,40},\s+)?(?:(?:\p{Ll}[\p{L}'’-]*|\p{Lu}{2,5}|\p{Lu}[\p{L}]*(?=\s+\p{Ll}))\s+){0,5}?${NAMES}`,
  'u',
);
/** "A and B founded Acme in 2021", "A and B started the company", "A, who founded Acme" */
const NAMES_FOUNDED = new RegExp(
  String.raw`${NAMES}(?:,?\s+(?:who|der|die|qui|que|som|die)(?![\p{L}]))?\s+(?:co-?founded|launched|founded|started|gründeten|haben\s.{0,40}gegründet|ont fondé|fondèrent|fundaron|fondarono|fundaram|richtten|grundade|grundlagde|grunnla|perustivat|założyli|založili|ont créé|crearon|hanno fondato|hanno creato|criaram|startade|startede|startet|begonnen|gründete|hat\s.{0,40}gegründet|a fondé|fonda|fundó|fondò|ha fondato|fundou|richtte|perusti|za[lł]o[zż]y[lł]a?|zalo[zž]ila?|kurdu|kurdular)(?![\p{L}])`,
  'u',
);
/** "A and B met at university and started Acme": the names, then what they did, then the founding */
const NAMES_THEN_FOUNDED = new RegExp(
  String.raw`${NAMES}\s+\p{Ll}[^.;:!?]{0,50}?\s(?:and|und|et|y|och|en|e|og|ja|i|a|ve)\s+(?:then\s+|later\s+)?(?:co-?founded|founded|started|launched|gründeten|fondèrent|ont fondé|fundaron|fondarono|fundaram|richtten|grundade|grundlagde|grunnla|perustivat|założyli|založili)(?![\p{L}])`,
  'u',
);
/** "Our co-founders Anna Berg and Omar Haddad", "Die Gründer Jana Novák und Pierre Dubois", "founded by our CEO Anna Berg" */
const FOUNDERS_NAMED = new RegExp(
  String.raw`(?:(?<![\p{L}])(?i:our|the|its|their|his|her|unsere?|die|der|les|nos|notre|los|las|nuestr[oa]s?|el|la|de|onze|våra|vår|meie|i|gli|il|os|as)\s+|['’]s\s+|^)(?i:co-?founders?|founders?|founding team|gründer(?:innen)?|mitgründer(?:innen)?|gründerteam|fondat(?:eurs?|rices?|ori)|cofondat(?:eurs?|ori)|fundador(?:es|as?)?|cofundador(?:es|as?)?|grundarna|grundare|oprichters?|grundlæggerne|perustajat|założyciele)(?![\p{L}])(?:\s*(?:&|and|und|et|y)\s*\p{Lu}{2,4})?(?:\s+(?:are|were|sind|waren|sont|son|är|zijn|is|was|ist|est|es)\s+|\s*[,:]\s*|\s+)${NAMES}`,
  'u',
);
/** "A and B are the founders of Acme", "A ist Gründerin von Acme", "A est le fondateur" */
const NAMES_ARE_FOUNDERS = new RegExp(
  String.raw`${NAMES}(?:,?\s+(?i:is|are|was|were|ist|sind|war|waren|est|sont|était|es|son|era|eran|é|são|è|sono|is|zijn|är|er|on|ovat|jest|są|je|jsou)\s+)(?:(?i:the|our|its|a|der|die|le|la|les|el|los|las|o|os|il|i|de|en|et|ett)\s+)?(?:(?:[\p{L}-]+\s+)?(?i:and|&|und|et|y)\s+)?(?i:co-?founders?|founders?|gründer(?:in(?:nen)?)?|mitgründer(?:in(?:nen)?)?|co-?fondat(?:eur|rice|ore|ori)s?|fondat(?:eur|rice|ore|ori)s?|co-?fundador(?:a|es|as)?|fundador(?:a|es|as)?|oprichters?|grundare|grundarna|medgrundare|perustaja(?:t)?|założyciel(?:ka|e)?|zakladatel(?:ka|é)?)(?![\p{L}])`,
  'u',
);
/** "… together with B", "… zusammen mit B", "… avec B": a co-founder named after the first */
const TOGETHER_WITH = new RegExp(
  String.raw`(?<![\p{L}])(?i:together with|along with|alongside|with|zusammen mit|gemeinsam mit|mit|avec|con|com|met|med|junto con|insieme a)\s+(?:(?i:his|her|their|seinem|seiner|ihrem|ihrer|son|sa|su|sua|zijn|haar|sin|sitt)\s+(?i:co-?founder|partner|friend|brother|sister|wife|husband)\s+)?${NAMES}`,
  'u',
);
/**
 * "Yrityksen perustivat vuonna 2015 A ja B", "Firmę założyli w 2018 roku A i B", "Společnost založili
 * A a B": the founding verb (plural past) before the names, as Finnish, Polish and Czech write it
 */
const FOUNDED_THEN_NAMES = new RegExp(
  String.raw`(?<![\p{L}])(?i:perustivat|perustaneet|za[lł]o[zż]yli|zalo[zž]ili|gründeten)(?![\p{L}])\s+(?:[\p{Ll}\d][^.;:!?\p{Lu}]{0,40}?\s)?${NAMES}`,
  'u',
);
/** "Acme wurde 2019 von A und B gegründet", "door A en B opgericht": the participle after the names */
const BY_NAMES_FOUNDED = new RegExp(
  String.raw`(?<![\p{L}])(?i:von|door)\s+${NAMES}\s+(?:\p{Ll}[\p{L}]*\s+){0,2}?(?:gegründet|mitgegründet|ins Leben gerufen|opgericht)(?![\p{L}])`,
  'u',
);
/** "The team behind Acme: A and B", "Hinter Acme stehen A und B", "de la mano de A y B": the people behind the product */
const BEHIND = new RegExp(
  String.raw`(?<![\p{L}])(?:(?i:behind|hinter|derrière|detrás de|dietro|achter|bakom)\s+\S+(?:[,:]?\s+(?i:are|is|stehen|steht|il y a|están|está|ci sono|c['’]è|zitten|zit|står|er))?[,:]?\s+|(?i:de la mano de|da un['’]idea di|pelas mãos de|the brainchild of|an idea of)\s+)${NAMES}`,
  'u',
);
/** "A ve B tarafından kuruldu": the names before "by", as Turkish writes it */
const NAMES_BY = new RegExp(String.raw`${NAMES}\s+(?i:tarafından)(?![\p{L}])`, 'u');
/** "I'm Sam Rivera, the founder of …", "Hi, I'm Sam Rivera and I built Acme": the maker speaking */
const I_AM = new RegExp(
  String.raw`(?<![\p{L}])(?:I['’]m|I am|[Mm]y name is|[Ii]ch bin|[Jj]e suis|[Ss]oy|[Ss]ono|[Ss]ou|[Ii]k ben|[Jj]ag är|[Jj]eg er|[Jj]estem|[Jj]sem)\s+(${NAME})(?![\p{L}])`,
  'u',
);
const I_MADE =
  /(?<![\p{L}])(?:founder|co-?founder|maker|creator|gründer(?:in)?|fondat\p{L}*|fundador\p{L}*|I\s+(?:\p{Ll}+\s+)?(?:built|made|created|started|founded|launched))(?![\p{L}])/iu;
/** a role in brackets after a name ("A (CEO) and B (CTO) founded …"): left out before the names are read */
const BRACKETED = /\s*\([^()]{1,30}\)/g;
/** names the sentence does not give in full are not read */
const NOT_A_PERSON = /\b(?:Inc|Ltd|LLC|GmbH|AB|AG|SA|BV|Team|Labs?|Group|Capital|Ventures|Partners|University)\b/;

/** A name without the honorific before it ("Dr. Anna Berg" → "Anna Berg") and the greeting words a sentence opens with. */
export const withoutHonorific = (name: string): string =>
  name
    .replace(/^(?:Meet|Introducing|Hi|Hello|Hey|With|From|Our|Unser|Unsere|Notre|Nuestro|Nuestra)\s+(?=\S+\s+\S)/u, '')
    .replace(/^(?:(?:Dr|Prof|Mr|Mrs|Ms|Mag|Ing|Dipl)\.?(?:-\p{L}+\.?)?\s+)+/u, '')
    .trim();

/** The founders a sentence names ("founded … by A and B", "A and B founded …"). */
export const foundersIn = (written: string): string[] => {
  const sentence = written.replace(BRACKETED, '');
  const m =
    sentence.match(FOUNDED_BY) ??
    sentence.match(BY_NAMES_FOUNDED) ??
    sentence.match(NAMES_FOUNDED) ??
    sentence.match(FOUNDERS_NAMED) ??
    sentence.match(NAMES_ARE_FOUNDERS) ??
    sentence.match(FOUNDED_THEN_NAMES) ??
    sentence.match(NAMES_BY) ??
    sentence.match(BEHIND) ??
    sentence.match(NAMES_THEN_FOUNDED) ??
    (I_MADE.test(sentence) ? sentence.match(I_AM) : null);
  if (!m?.[1]) return [];
  const split = (found: string) =>
    found.split(new RegExp(JOIN, 'u')).map((n) => withoutHonorific(n.replace(/\u00a0/g, ' ').trim()));
  const names = split(m[1]);
  // "A founded Acme together with B": B after the founding, in the same sentence
  const rest = sentence.slice((m.index ?? 0) + m[0].length);
  const also = rest.match(TOGETHER_WITH)?.[1];
  if (also && rest.search(TOGETHER_WITH) <= 40) names.push(...split(also));
  return names.filter((n, i) => n.split(' ').length >= 2 && !NOT_A_PERSON.test(n) && names.indexOf(n) === i);
};

/** "Anna Berg, Co-founder & CEO", "Omar Haddad (co-founder)", "Jana Novák – Gründerin" */
const NAME_WITH_ROLE = new RegExp(
  String.raw`(?:^|[^\p{L}])(${NAME})(?:\s*(?:,|–|—|\(|\||:)\s*|\s+-\s*)((?:[\p{L}&/ ]{0,30}?)?(?i:co-?founder|founder|gründer(?:in)?|mitgründer(?:in)?|mitbegründer(?:in)?|co-?gründer(?:in)?|fondat(?:eur|rice)|co-?fondat(?:eur|rice)|fundador(?:a)?|co-?fundador(?:a)?|fondat(?:ore|rice)|co-?fondat(?:ore|rice)|grundare|medgrundare|oprichter|oprichtster|mede-?oprichter|grundlægger|medstifter|grunnlegger|perustaja|współzałożyciel(?:ka)?|założyciel(?:ka)?|spoluzakladatel(?:ka)?|zakladatel(?:ka)?|kurucu(?:su)?)(?:[\p{L}&/ ]{0,40}[\p{L}])?)`,
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
    .replace(/^(?:Meet|Introducing|Welcome|Hello|Hi|Hey|With|By|From|Our|Unser|Notre)\s+/, '')
    .replace(/^(?:Dr|Prof)\.?\s+/, '');
  return name.includes(' ') ? { name, role } : null;
};

/** Words that tell a founding, in the languages we read (a participle or a past tense). */
const FOUNDING = FOUNDING_WORDS;
const SINCE = SINCE_WORDS;
const FOUNDING_YEAR = new RegExp(
  `(?<![\\p{L}])(?:${FOUNDING}|${SINCE})(?![\\p{L}])[^.;!?。]{0,40}?(?<!\\d)(1[89]\\d\\d|20\\d\\d)(?!\\d)`,
  'iu',
);
/** "2019年に設立", "2019 yılında kuruldu", "2019 wurde Acme in Berlin gegründet", "In 2019, after years of …, A and B founded Acme": the year up to 60 characters before the word */
const YEAR_FOUNDING = new RegExp(`(?<!\\d)(1[89]\\d\\d|20\\d\\d)(?!\\d)[^.;!?。]{0,60}?(?:${FOUNDING})`, 'iu');
const STARTS_WITH_FOUNDING = new RegExp(`^\\s*(?:${FOUNDING}|${SINCE})(?![\\p{L}])`, 'iu');
const WE_FOUNDED = new RegExp(
  `(?<![\\p{L}])(?:we|wir|nous|nosotros|noi|nós|wij|vi|me|my|biz|our (?:company|team|studio|business))(?![\\p{L}])[^.;!?]{0,40}(?:${FOUNDING})`,
  'iu',
);

/**
 * The year a sentence says the product or company was founded, when the sentence is about it: it
 * names it, starts with the founding ("Founded in 2019 …"), says "we founded/started", or stands on
 * the company's own about page. A year said of another company ("RivalApp, founded in 1998") or a
 * copyright line is not it.
 */
export const foundingYearIn = (sentence: string, ownNames: readonly string[], onAboutPage = false): string | null => {
  if (/©|\(c\)|copyright/i.test(sentence)) return null;
  const m = sentence.match(FOUNDING_YEAR) ?? sentence.match(YEAR_FOUNDING);
  if (!m?.[1]) return null;
  const about =
    onAboutPage ||
    STARTS_WITH_FOUNDING.test(sentence) ||
    WE_FOUNDED.test(sentence) ||
    ownNames.some((n) => n.length >= 2 && sentence.toLowerCase().includes(n.toLowerCase()));
  return about ? m[1] : null;
};

/** "based in", "mit Sitz in", "basée à", "con sede en", "gevestigd in", "med säte i", ... and the place after it */
const BASED_IN =
  /(?<![\p{L}])(?:(?:office|offices|HQ|headquarters|studio|team)(?: is| are)?(?: located| based)?(?= in )|based|headquartered|located|situated|HQ'd|sitz|sitzen|ansässig|basé(?:e|s|es)?|situé(?:e|s|es)?|zitten|finns|holder til|siège|sede|ubicad[ao]|basad[ao]|sediad[ao]|baseada|gevestigd|gebaseerd|baserade?|säte|baseret|hovedsæde|basert|siedzib[aą]|sídlem)\s+(?:out of|in|à|a|en|em|i|w|v|au|an)\s+([^.;!?()]{2,80})/iu;
/** A place name: up to three capitalised words */
const PLACE = /^\p{Lu}[\p{L}'’.-]*(?:[ -]\p{Lu}[\p{L}'’.-]*){0,2}$/u;

/** Where a sentence says the company is based: "based in Stockholm, Sweden" → city Stockholm, country SE. */
export const placeIn = (sentence: string): { country: string | null; city: string | null } | null => {
  const m = sentence.match(BASED_IN);
  if (!m?.[1]) return null;
  const place = m[1].trim();
  const country = countryIn(place);
  // Polish and Czech inflect a place after w/v ("w Warszawie"): its city is not as a listing spells it
  const inflected = /\s(?:w|v)\s+$/i.test(m[0].slice(0, m[0].length - m[1].length));
  const first = (country ? place.slice(0, country.at) : place).split(',')[0]?.trim() ?? '';
  const city = !inflected && PLACE.test(first) && !countryCode(first) ? first : null;
  if (!country && !city) return null;
  return { country: country?.code ?? null, city };
};

/** a place named by a preposition at the end of a sentence: "… in Copenhagen", "… aus Hamburg", "… à Lyon" */
const PLACE_AFTER =
  /(?<![\p{L}])(?:in|à|en|em|i|from|aus|uit|från|fra|da)\s+(\p{Lu}[\p{L}'’.-]*(?:[ -]\p{Lu}[\p{L}'’.-]*){0,2})$/u;

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
  // a state or province code with its zip ("CA 94105", "NSW 2000") is not the city: the part before it is
  const parts = before
    .split(/[,·|–—\n]/)
    .map((x) =>
      x
        .split(/\s+/)
        .filter((w) => w && !/\d/.test(w))
        .join(' '),
    )
    .filter((x) => x.length > 0);
  while (parts.length > 1 && /^[A-Z]{2,3}$/.test(parts[parts.length - 1] as string)) parts.pop();
  const whole = parts.pop() ?? '';
  // "We are a team of six in Copenhagen, Denmark": the place a preposition names at the end of a sentence
  const last = PLACE.test(whole) ? whole : (whole.match(PLACE_AFTER)?.[1] ?? '');
  const city = PLACE.test(last) && !/^[A-Z]{2,3}$/.test(last) && !countryCode(last) ? last : null;
  return { country: country.code, city };
};

/**
 * A postal line of an address without its country: a postcode and the city after it ("10115
 * Berlin", "114 55 Stockholm", "1012 AB Amsterdam", "00-950 Warszawa", "75002 Paris Cedex"), or the
 * city with a UK postcode after it ("London EC1V 9HX"). Returns the city.
 */
const POSTCODE_CITY =
  /^(?:[A-Z]{1,2}-)?(?:\d{2}-\d{3}|\d{3} \d{2}|\d{4} ?[A-Z]{2}|(?!(?:19|20)\d\d(?!\d))\d{4,5})\s+(\p{Lu}[\p{L}'’.-]*(?:[ -](?:(?:am|an|im|sur|en|de|la|le)[ -])?\p{Lu}[\p{L}'’.-]*){0,2})(?:\s+Cedex(?:\s+\d+)?)?$/u;
const CITY_UK_POSTCODE = /^(\p{Lu}[\p{L}'’.-]*(?: \p{Lu}[\p{L}'’.-]*){0,2}),? [A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/u;

/** a US, Canadian or Australian state with its zip or postcode: "CA 94105", "ON M5V 2T6", "NSW 2000" */
const STATE_ZIP = /^(?:[A-Z]{2}|NSW|VIC|QLD|TAS|ACT)\s+(?:\d{5}(?:-\d{4})?|[A-Z]\d[A-Z] ?\d[A-Z]\d|\d{4})$/;
const CITY = /^\p{Lu}[\p{L}'’.-]*(?:[ -]\p{Lu}[\p{L}'’.-]*){0,2}$/u;

const postalLineCity = (text: string): string | null =>
  text.length > 60 ? null : (text.match(POSTCODE_CITY)?.[1] ?? text.match(CITY_UK_POSTCODE)?.[1] ?? null);

/**
 * The city of a postal line, alone ("10115 Berlin") or at the end of a street address
 * ("Musterstraße 1, 10115 Berlin"; "500 Howard St, San Francisco, CA 94105": the city before the
 * state and zip).
 */
export const postalCityIn = (line: string): string | null => {
  const text = line.trim();
  if (text.length > 120) return null;
  const parts = text.split(/\s*[,·|]\s*/);
  const last = parts[parts.length - 1] ?? '';
  const beforeState = parts.length >= 2 && STATE_ZIP.test(last) ? (parts[parts.length - 2] ?? '') : '';
  const city =
    postalLineCity(text) ??
    postalLineCity(last) ??
    (CITY.test(beforeState) && !/\d/.test(beforeState) ? beforeState : null);
  return city && !countryCode(city) ? city : null;
};

/** "Made with ♥ in Lisbon", "Built in Tallinn", "Hecho en Madrid", "a Berlin-based team": where the product is made. */
const MADE_IN =
  /(?<![\p{L}])(?i:(?:made|crafted|handmade|gemacht|hergestellt|fait|hecho|feito|fatto|gemaakt|tillverkad|lavet|laget|tehty|zrobione|vyrobeno)(?:\s+(?:with|mit|avec|con|com|met|med)\s+(?:love|care|Liebe|amour|amor|amore|liefde|kärlek|\S{1,3}))?|(?:built|designed|developed|entwickelt|conçu|développé|desarrollado|desenvolvido|sviluppato|ontwikkeld|utvecklad)\s+(?:with|mit|avec|con|com|met|med)\s+(?:love|care|Liebe|amour|amor|amore|liefde|kärlek|\S{1,3}))\s+(?:in|à|en|em|a|i)\s+(\p{Lu}[\p{L}'’.-]*(?:[ -]\p{Lu}[\p{L}'’.-]*){0,2})(?:,\s*([^.;!?()]{2,40}))?/u;
/** what "X-based" says of a product rather than a place */
const NOT_A_PLACE =
  /^(?:web|cloud|browser|team|subscription|usage|seat|value|cookie|token|role|rule|event|file|text|git|ai|api|saas|linux|windows|mac|ios|android|java|python|node|react|rust|go|open|evidence|science|research|community|project|account|time|project|location|remote|office)$/i;
const X_BASED = /(?<![\p{L}])(\p{Lu}[\p{L}'’.]*(?: \p{Lu}[\p{L}'’.]*)?)-based(?![\p{L}])/u;

/** Where a sentence says the product is made ("Made in Lisbon, Portugal", "a Berlin-based team"). */
/** "Designed in Helsinki", "Built in Montréal, Canada": where the product is built, not what with ("Built in Rust") */
const BUILT_IN =
  /(?<![\p{L}])(?i:(?:proudly\s+)?(?:built|designed|developed|coded|engineered|entwickelt|conçu|développé|desarrollado|desenvolvido|sviluppato|ontwikkeld|utvecklad|udviklet|utviklet|kehitetty|zaprojektowane|navrženo))\s+(?:in|à|en|em|a|i|w|v)\s+(\p{Lu}[\p{L}'’.-]*(?:[ -]\p{Lu}[\p{L}'’.-]*){0,2})(?:,\s*([^.;!?()]{2,40}))?/u;
/** what a product is built in or with, rather than where */
const NOT_A_BUILD_PLACE =
  /^(?:rust|go|golang|typescript|javascript|python|ruby|elixir|erlang|swift|kotlin|java|scala|haskell|php|react|vue|svelte|angular|rails|django|laravel|next|nuxt|figma|webflow|framer|bubble|public|the|stealth|house|beta|europe|eu)$/i;

export const madeIn = (sentence: string): { country: string | null; city: string | null } | null => {
  const built = sentence.match(BUILT_IN);
  const m = sentence.match(MADE_IN) ?? (built?.[1] && !NOT_A_BUILD_PLACE.test(built[1]) ? built : null);
  const based = sentence.match(X_BASED)?.[1];
  const place = m?.[1] ?? (based && !NOT_A_PLACE.test(based) ? based : undefined);
  if (!place) return null;
  const code = countryCode(place);
  if (code) return { country: code, city: null };
  const after = m?.[2] ? countryIn(m[2]) : null;
  return { country: after && after.at === 0 ? after.code : null, city: place };
};

/** A fact list's label for the founding ("Founded", "Gegründet", "Est.") and for the seat ("Headquarters", "Sitz") */
const FOUNDED_LABEL = new RegExp(
  `^(?:year\\s+)?(?:${FOUNDING_WORDS}|${SINCE_WORDS})(?:\\s+(?:in|year|im jahr))?\\s*:?$`,
  'iu',
);
const SEAT_LABEL =
  /^(?:headquarters|headquartered|hq|head office|location|based in|office|sitz|hauptsitz|firmensitz|standort|siège(?: social)?|sede(?: central| social)?|hoofdkantoor|vestiging|huvudkontor|säte|hovedkontor|hovedsæde|pääkonttori|kotipaikka|siedziba|sídlo|merkez|本社|所在地|总部|總部|본사)\s*:?$/iu;

/**
 * Facts given as a label and its value (a fact list, a `<dl>`, a table row, "Founded: 2019" on one
 * line or the label above its value): the founding year, and the seat's city and country. Each with
 * its quote: the label and the value as the page shows them, one after the other.
 */
export const labelledFacts = (
  lines: readonly string[],
): {
  year?: { value: string; quote: string };
  place?: { country: string | null; city: string | null; quote: string };
} => {
  const found: ReturnType<typeof labelledFacts> = {};
  lines.forEach((line, i) => {
    const [label, value] = line.includes(':')
      ? [line.slice(0, line.indexOf(':') + 1).trim(), line.slice(line.indexOf(':') + 1).trim()]
      : [line.trim(), (lines[i + 1] ?? '').trim()];
    if (!value || value.length > 80) return;
    const quote = line.includes(':') ? line : `${line} ${value}`;
    if (!found.year && FOUNDED_LABEL.test(label)) {
      const year = value.match(/^(?:\p{L}+\.?\s+)?(1[89]\d\d|20\d\d)(?!\d)/u)?.[1];
      if (year) found.year = { value: year, quote };
    }
    if (!found.place && SEAT_LABEL.test(label)) {
      const country = countryIn(value);
      const first = (country ? value.slice(0, country.at) : value).split(',')[0]?.trim() ?? '';
      const city = PLACE.test(first) && !countryCode(first) ? first : null;
      if (country || city) found.place = { country: country?.code ?? null, city, quote };
    }
  });
  return found;
};
