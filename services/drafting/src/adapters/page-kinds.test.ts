import { describe, expect, it } from 'vitest';
import { ABOUT_WORDS, TEAM_WORDS } from './page-kinds.ts';

describe('what a page is about, by its path or link text', () => {
  it('when a link text writes its words with a space (Über uns, À propos, Who we are) then it is an about page, as its hyphenated path is', () => {
    for (const label of [
      '/ueber-uns',
      'Über uns',
      'À propos',
      'Qui sommes-nous',
      'Who we are',
      'Chi siamo',
      'Om oss',
      'O nas',
      'Quiénes somos',
    ])
      expect(ABOUT_WORDS.test(label), label).toBe(true);
  });

  it('when a page is named for its leaders then it is a team page; a page about something else is not', () => {
    expect(TEAM_WORDS.test('/leadership')).toBe(true);
    expect(TEAM_WORDS.test('Die Menschen hinter Acme')).toBe(true);
    expect(ABOUT_WORDS.test('/integrations') || TEAM_WORDS.test('/integrations')).toBe(false);
  });
});
