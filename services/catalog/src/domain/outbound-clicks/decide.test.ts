import { deciderSpec } from '@listings/platform/decider/specification';
import { describe, it } from 'vitest';
import { clickDecider } from './decide.ts';

const NOW = '2026-11-18T10:00:00.000Z';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('outbound click decider (one visitor, one listing, one UTC day)', () => {
  const clicks = deciderSpec(clickDecider);
  const click = (user_agent: string | null = BROWSER) => ({
    type: 'RecordClick' as const,
    data: { listing_id: 7, user_agent, now: NOW },
  });
  const clicked = { type: 'OutboundClicked' as const, data: { listing_id: 7, at: NOW } };
  it('given no click today when the visitor clicks then one click counts', () =>
    clicks.given([]).when(click()).then([clicked]));
  it('given a click today when the visitor clicks again then nothing counts', () =>
    clicks.given([clicked]).when(click()).then([]));
  it.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['headless Chrome', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/131.0 Safari/537.36'],
    ['no user agent', null],
    ['a blank user agent', '  '],
  ])('given no click when %s clicks then nothing counts', (_name, userAgent) =>
    clicks.given([]).when(click(userAgent)).then([]),
  );
});
