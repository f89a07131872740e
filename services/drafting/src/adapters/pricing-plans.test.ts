import { describe, expect, it } from 'vitest';
import { trialSentence } from './pricing-plans.ts';

describe('the sentence that offers a trial', () => {
  it('when a page offers a trial in its language then that line is it; a question about a trial is no offer', () => {
    expect(trialSentence('Is there a free trial?\nYes: every plan starts with a 14-day free trial.')).toBe(
      'Yes: every plan starts with a 14-day free trial.',
    );
    expect(trialSentence('Preise\n30 Tage kostenlos testen, ohne Kreditkarte.')).toBe(
      '30 Tage kostenlos testen, ohne Kreditkarte.',
    );
    expect(trialSentence('Kokeile ilmaiseksi 14 päivää.')).toBe('Kokeile ilmaiseksi 14 päivää.');
    expect(trialSentence('Pricing\nContact sales')).toBeNull();
  });
});
