import { describe, expect, it } from 'vitest';
import { isDisposableEmail } from './disposable-email.ts';

describe('disposable email domains (the maintained list of `disposable-email-domains`)', () => {
  it('when an address is at a listed disposable domain (any case) then it is disposable', () => {
    expect(isDisposableEmail('ring-1@mailinator.com')).toBe(true);
    expect(isDisposableEmail('Ring-2@10MinuteMail.com')).toBe(true);
  });
  it('when an address is at an ordinary mail provider or a company domain then it is not', () => {
    expect(isDisposableEmail('ann@gmail.com')).toBe(false);
    expect(isDisposableEmail('bob@example.com')).toBe(false);
    expect(isDisposableEmail('no-at-sign')).toBe(false);
  });
  it('when an address is at a subdomain of a wildcard entry then it is disposable', () => {
    expect(isDisposableEmail('x@anything.33mail.com')).toBe(true);
  });
});
