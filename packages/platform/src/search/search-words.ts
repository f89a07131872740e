import type SearchableMap from 'minisearch/SearchableMap';

/**
 * Typo budget per query term: exact for 1-3 letters, one edit for 4, two from 5 up, so `figam`
 * finds Figma and `notoin` finds Notion (a swap of two letters is two edits).
 */
export const typoBudget = (term: string): number => (term.length <= 3 ? 0 : term.length === 4 ? 1 : 2);

/** The words of a text as the index keeps them: lower case, marks dropped, split at anything not a letter or digit. */
export const wordsOf = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** a word with one pair of neighbouring letters swapped, each way (words of 4+ letters) */
export const swapsOf = (word: string): string[] => {
  if (word.length < 4) return [];
  const out: string[] = [];
  for (let i = 0; i < word.length - 1; i++) {
    if (word[i] === word[i + 1]) continue;
    out.push(`${word.slice(0, i)}${word[i + 1]}${word[i]}${word.slice(i + 2)}`);
  }
  return out;
};

/** at most this many spellings of one query word are searched besides the word and its prefix */
const EXPANSIONS_MAX = 40;
const quoted = (term: string) => `"${term.replaceAll('"', '""')}"`;

/**
 * The FTS5 query of a text: every word (AND; OR when `any`), each as typed and as a prefix (2+
 * letters), with a pair of letters swapped back, and (with `typos`) as the indexed words within
 * its typo budget, the nearest first.
 */
export const matchOf = (
  vocabulary: SearchableMap<true>,
  words: readonly string[],
  typos: boolean,
  any: boolean,
): string =>
  words
    .map((word) => {
      const spellings = new Set<string>();
      for (const swapped of swapsOf(word)) if (vocabulary.has(swapped)) spellings.add(swapped);
      if (typos && typoBudget(word) > 0) {
        const near = [...vocabulary.fuzzyGet(word, typoBudget(word))].sort((a, b) => a[1][1] - b[1][1]);
        for (const [term] of near.slice(0, EXPANSIONS_MAX)) spellings.add(term);
      }
      spellings.delete(word);
      const typed = word.length >= 2 ? `${quoted(word)}*` : quoted(word);
      return `(${[typed, ...[...spellings].map(quoted)].join(' OR ')})`;
    })
    .join(any ? ' OR ' : ' AND ');
