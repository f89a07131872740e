import { deciderSpec } from '@listings/platform/decider/specification';
import { ValidationError } from '@listings/platform/errors';
import { describe, expect, it } from 'vitest';
import { viewDecider, visitDecider } from './decide.ts';
import { isKnownBot } from './page-views.ts';

const NOW = '2026-11-18T10:00:00.000Z'; // a Wednesday

describe('view deciders', () => {
  const views = deciderSpec(viewDecider);
  it('when bulk views are recorded then they are counted', () =>
    views
      .given([])
      .when({ type: 'RecordViews', data: { listing_id: 7, count: 3, now: NOW } })
      .then([{ type: 'ListingViewed', data: { listing_id: 7, count: 3, at: NOW, visitor: null, referrer: null } }]));
  it('when zero views are recorded then invalid', () =>
    views
      .given([])
      .when({ type: 'RecordViews', data: { listing_id: 7, count: 0, now: NOW } })
      .thenThrows(ValidationError));

  const visits = deciderSpec(visitDecider);
  const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
  const viewed = (visitor: string) => ({
    type: 'ListingViewed' as const,
    data: { listing_id: 7, count: 1, at: NOW, visitor, referrer: 'news.example.org' },
  });
  const visit = (visitor: string, user_agent: string | null = browser) => ({
    type: 'RecordVisit' as const,
    data: { listing_id: 7, visitor, user_agent, referrer: 'news.example.org', max: 3, now: NOW },
  });
  it('given no view today when a visitor views then one view counts; a second view that day counts nothing', () => {
    visits
      .given([])
      .when(visit('v1'))
      .then([viewed('v1')]);
    visits
      .given([viewed('v1')])
      .when(visit('v1'))
      .then([]);
  });
  it('given a network whose visitors used its allowance for the listing and day when one more visitor views then nothing counts', () => {
    visits
      .given([viewed('v1'), viewed('v2')])
      .when(visit('v3'))
      .then([viewed('v3')]);
    visits
      .given([viewed('v1'), viewed('v2'), viewed('v3')])
      .when(visit('v4'))
      .then([]);
  });
  it.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['Bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
    ['a link preview', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
    ['curl', 'curl/8.5.0'],
    ['headless Chrome', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/131.0 Safari/537.36'],
    ['no user agent', null],
  ])('given %s when it views then nothing counts', (_name, userAgent) =>
    visits.given([]).when(visit('v1', userAgent)).then([]),
  );
  it('a browser is not a bot', () => expect(isKnownBot(browser)).toBe(false));
});
