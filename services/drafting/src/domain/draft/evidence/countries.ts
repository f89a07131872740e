import countries from 'i18n-iso-countries';
import ar from 'i18n-iso-countries/langs/ar.json' with { type: 'json' };
import bg from 'i18n-iso-countries/langs/bg.json' with { type: 'json' };
import ca from 'i18n-iso-countries/langs/ca.json' with { type: 'json' };
import cs from 'i18n-iso-countries/langs/cs.json' with { type: 'json' };
import da from 'i18n-iso-countries/langs/da.json' with { type: 'json' };
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import el from 'i18n-iso-countries/langs/el.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import et from 'i18n-iso-countries/langs/et.json' with { type: 'json' };
import fi from 'i18n-iso-countries/langs/fi.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import he from 'i18n-iso-countries/langs/he.json' with { type: 'json' };
import hi from 'i18n-iso-countries/langs/hi.json' with { type: 'json' };
import hr from 'i18n-iso-countries/langs/hr.json' with { type: 'json' };
import hu from 'i18n-iso-countries/langs/hu.json' with { type: 'json' };
import id from 'i18n-iso-countries/langs/id.json' with { type: 'json' };
import is from 'i18n-iso-countries/langs/is.json' with { type: 'json' };
import it from 'i18n-iso-countries/langs/it.json' with { type: 'json' };
import ja from 'i18n-iso-countries/langs/ja.json' with { type: 'json' };
import ko from 'i18n-iso-countries/langs/ko.json' with { type: 'json' };
import lt from 'i18n-iso-countries/langs/lt.json' with { type: 'json' };
import lv from 'i18n-iso-countries/langs/lv.json' with { type: 'json' };
import nb from 'i18n-iso-countries/langs/nb.json' with { type: 'json' };
import nl from 'i18n-iso-countries/langs/nl.json' with { type: 'json' };
import nn from 'i18n-iso-countries/langs/nn.json' with { type: 'json' };
import no from 'i18n-iso-countries/langs/no.json' with { type: 'json' };
import pl from 'i18n-iso-countries/langs/pl.json' with { type: 'json' };
import pt from 'i18n-iso-countries/langs/pt.json' with { type: 'json' };
import ro from 'i18n-iso-countries/langs/ro.json' with { type: 'json' };
import ru from 'i18n-iso-countries/langs/ru.json' with { type: 'json' };
import sk from 'i18n-iso-countries/langs/sk.json' with { type: 'json' };
import sl from 'i18n-iso-countries/langs/sl.json' with { type: 'json' };
import sv from 'i18n-iso-countries/langs/sv.json' with { type: 'json' };
import th from 'i18n-iso-countries/langs/th.json' with { type: 'json' };
import tr from 'i18n-iso-countries/langs/tr.json' with { type: 'json' };
import uk from 'i18n-iso-countries/langs/uk.json' with { type: 'json' };
import vi from 'i18n-iso-countries/langs/vi.json' with { type: 'json' };
import zh from 'i18n-iso-countries/langs/zh.json' with { type: 'json' };

/**
 * Country names and codes from the ISO 3166 list (i18n-iso-countries) in the languages the drafter
 * reads: to read a country a page names, and to check that a drafted country is the one its quote names.
 */
const LOCALES = [
  ar,
  bg,
  ca,
  cs,
  da,
  de,
  el,
  en,
  es,
  et,
  fi,
  fr,
  he,
  hi,
  hr,
  hu,
  id,
  is,
  it,
  ja,
  ko,
  lt,
  lv,
  nb,
  nl,
  nn,
  no,
  pl,
  pt,
  ro,
  ru,
  sk,
  sl,
  sv,
  th,
  tr,
  uk,
  vi,
  zh,
];
for (const locale of LOCALES) countries.registerLocale(locale);
const LANGS = LOCALES.map((l) => l.locale);

/** Every country name and alias of the ISO 3166 list in the languages we read: name → alpha-2 code. */
const NAMES: ReadonlyMap<string, string> = (() => {
  const seen = new Map<string, string>();
  for (const lang of LANGS) {
    for (const [code, names] of Object.entries(countries.getNames(lang, { select: 'all' }))) {
      for (const name of names as string[]) if (name.length >= 2 && !seen.has(name)) seen.set(name, code);
    }
  }
  return seen;
})();
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternation = (names: string[]) =>
  names
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
/** scripts written without spaces (日本, 中国) have no word boundary to look for */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
/** an all-capital short alias (US, UK, USA) only as written */
const isAcronym = (name: string) => name.length <= 4 && name === name.toUpperCase() && !UNSPACED.test(name);
const ALL = [...NAMES.keys()];
const BY_LOWER = new Map(ALL.map((name) => [name.toLowerCase(), NAMES.get(name) as string]));
/** One pattern per kind of name (a whole word in any case, an acronym as written, unspaced script). */
const PATTERNS: readonly RegExp[] = [
  new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${alternation(ALL.filter((n) => !isAcronym(n) && !UNSPACED.test(n)))})(?![\\p{L}\\p{N}])`,
    'giu',
  ),
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation(ALL.filter(isAcronym))})(?![\\p{L}\\p{N}])`, 'gu'),
  new RegExp(`(?:${alternation(ALL.filter((n) => UNSPACED.test(n)))})`, 'gu'),
];

/** Every country name a text holds, with its code and where it stands. */
const namesIn = (text: string): { code: string; at: number; name: string }[] =>
  PATTERNS.flatMap((pattern) =>
    [...text.matchAll(pattern)].flatMap((m) => {
      const code = NAMES.get(m[0]) ?? BY_LOWER.get(m[0].toLowerCase());
      return code && m.index !== undefined ? [{ code, at: m.index, name: m[0] }] : [];
    }),
  );

/** The ISO 3166-1 alpha-2 code of the country a text names (the longest name found), or null. */
export const countryIn = (text: string): { code: string; at: number; name: string } | null =>
  namesIn(text).sort((a, b) => b.name.length - a.name.length || a.at - b.at)[0] ?? null;

/** A country written as a code (`SE`) or a name (`Sweden`), as its alpha-2 code. */
export const countryCode = (value: string): string | null => {
  const v = value.trim();
  if (/^[A-Za-z]{2}$/.test(v) && countries.isValid(v.toUpperCase())) return v.toUpperCase();
  if (/^[A-Za-z]{3}$/.test(v)) return countries.alpha3ToAlpha2(v.toUpperCase()) ?? null;
  for (const lang of LANGS) {
    const code = countries.getAlpha2Code(v, lang);
    if (code) return code;
  }
  return null;
};

/** Whether a quote states a country: its code as a word, or one of its names. */
export const quoteNamesCountry = (quote: string, code: string): boolean =>
  new RegExp(`(?<![\\p{L}])${code}(?![\\p{L}])`, 'u').test(quote) || namesIn(quote).some((c) => c.code === code);
