import countries from 'i18n-iso-countries';
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import it from 'i18n-iso-countries/langs/it.json' with { type: 'json' };
import nl from 'i18n-iso-countries/langs/nl.json' with { type: 'json' };
import pt from 'i18n-iso-countries/langs/pt.json' with { type: 'json' };
import sv from 'i18n-iso-countries/langs/sv.json' with { type: 'json' };

/**
 * Country names and codes from the ISO 3166 list (i18n-iso-countries) in the languages the drafter
 * reads: to read a country a page names, and to check that a drafted country is the one its quote names.
 */
for (const locale of [en, de, es, fr, it, nl, pt, sv]) countries.registerLocale(locale);
const LANGS = ['en', 'de', 'es', 'fr', 'it', 'nl', 'pt', 'sv'];

interface CountryName {
  readonly code: string;
  readonly pattern: RegExp;
  readonly length: number;
}

/** Every country name and alias of the ISO 3166 list in the languages we read, longest first. */
const COUNTRY_NAMES: readonly CountryName[] = (() => {
  const seen = new Map<string, string>();
  for (const lang of LANGS) {
    for (const [code, names] of Object.entries(countries.getNames(lang, { select: 'all' }))) {
      for (const name of names as string[]) if (name.length >= 2 && !seen.has(name)) seen.set(name, code);
    }
  }
  return [...seen.entries()]
    .map(([name, code]) => {
      const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      // an all-capital short alias (US, UK, USA) only as written; a name in any case, as a whole word
      const caseSensitive = name.length <= 4 && name === name.toUpperCase();
      return {
        code,
        pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, caseSensitive ? 'u' : 'iu'),
        length: name.length,
      };
    })
    .sort((a, b) => b.length - a.length);
})();

/** The ISO 3166-1 alpha-2 code of the country a text names (the longest name found), or null. */
export const countryIn = (text: string): { code: string; at: number; name: string } | null => {
  for (const c of COUNTRY_NAMES) {
    const m = text.match(c.pattern);
    if (m && m.index !== undefined) return { code: c.code, at: m.index, name: m[0] };
  }
  return null;
};

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
  new RegExp(`(?<![\\p{L}])${code}(?![\\p{L}])`, 'u').test(quote) ||
  COUNTRY_NAMES.some((c) => c.code === code && c.pattern.test(quote));
