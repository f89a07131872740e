import { readOutbox } from '@listings/platform/mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOneInProcess } from '../in-process.ts';
import { formClient, hidden } from './web-support.ts';

const VICTIM = 'victim@example.com';
const ATTACKER_PASSWORD = 'chosen by the attacker';

/**
 * Account pre-hijacking (issue #27, item 3), through the site as people use it (all-in-one): someone
 * without the mailbox signs up with another person's address and a password, and makes an API key;
 * the owner of the address later signs in with a mailed link. The attacker must be out, and the
 * owner told. Then the ways into an account on `/me`: the password (set, change, remove) and the
 * sessions (this one marked, sign out one).
 */
describe('account takeover closed (all-in-one)', () => {
  let running: Awaited<ReturnType<typeof startAllInOneInProcess>>;
  beforeAll(async () => {
    running = await startAllInOneInProcess({ RATE_LIMIT_SIGN_IN: '200/60' });
  }, 90_000);
  afterAll(() => running?.stop());

  const person = () => {
    const c = formClient(running.base);
    return {
      ...c,
      get: (path: string) => c.go(path),
      post: (path: string, form: Record<string, string>) => c.go(path, { method: 'POST', form }),
    };
  };
  type Person = ReturnType<typeof person>;
  /** the token of the newest mail to `to` with a link to `path` */
  const mailedToken = async (to: string, path: string): Promise<string> => {
    const mail = (await readOutbox(running.dataDir)).filter((m) => m.to === to && m.text.includes(path)).at(-1);
    const token = new RegExp(`${path.replace('?', '\\?')}\\?token=([A-Za-z0-9_-]+)`).exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error(`no ${path} link mailed to ${to}`);
    return token;
  };
  const signInByLink = async (who: Person, email: string, next = '/me') => {
    const form = await who.get(`/signin/email?next=${encodeURIComponent(next)}`);
    expect(
      (
        await who.post('/signin/email', {
          email,
          next,
          form_id: hidden(form.text, 'form_id'),
          csrf: hidden(form.text, 'csrf'),
        })
      ).status,
    ).toBe(200);
    const token = await mailedToken(email, '/signin/link');
    const page = await who.get(`/signin/link?token=${token}`);
    return who.post('/signin/link', { token, csrf: hidden(page.text, 'csrf') });
  };
  const makeKey = async (who: Person, name: string): Promise<string> => {
    const me = await who.get('/me');
    const made = await who.post('/me/api-keys', {
      csrf: hidden(me.text, 'csrf'),
      form_id: hidden(me.text, 'form_id'),
      name,
      scopes: 'account:read',
    });
    expect(made.status).toBe(201);
    return /id="new-api-key">(ldk_[A-Za-z0-9_-]+)</.exec(made.text)?.[1] ?? '';
  };
  const apiStatus = async (key: string) =>
    (await fetch(`${running.base}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } })).status;

  it('when the owner signs in by a mailed link to the account an attacker signed up with their address, then the attacker’s password, session and API key stop working and the owner is told', async () => {
    const attacker = person();
    const signedUp = await attacker.post('/signup', {
      email: VICTIM,
      name: 'Not the owner',
      password: ATTACKER_PASSWORD,
    });
    expect(signedUp).toMatchObject({ status: 303, location: '/me' });
    const key = await makeKey(attacker, 'attacker key');
    expect(await apiStatus(key)).toBe(200);

    const owner = person();
    const landed = await signInByLink(owner, VICTIM, '/me');
    // the page the owner lands on says what was taken away, then goes on to where they were
    expect(landed.status).toBe(200);
    expect(landed.text).toContain('Your account was secured');
    expect(landed.text).toMatch(/we removed the password, 1 signed-in session\(s\), 1 API key\(s\)/);
    expect(landed.text).toContain('href="/me"');
    expect(owner.signedIn()).toBe(true);
    expect((await readOutbox(running.dataDir)).filter((m) => m.to === VICTIM).at(-1)?.kind).toBe('account-secured');

    // the attacker is out: the session is dead, the password signs nobody in, the key is refused
    expect(await attacker.get('/me')).toMatchObject({ status: 303 });
    const again = await person().post('/signin', { email: VICTIM, password: ATTACKER_PASSWORD, next: '/me' });
    expect(again.status).toBe(401);
    expect(await apiStatus(key)).toBe(401);

    // the owner sees an account with no password, no key, this one session
    const me = await owner.get('/me');
    expect(me.status).toBe(200);
    expect(me.text).toContain('Your account has no password');
    expect(me.text).toContain('No API keys yet.');
    expect(me.text).not.toContain('attacker key');
    expect(me.text.match(/name="session_id"/g)).toHaveLength(1);
    expect(me.text).toContain('this browser');
  });

  it('when the owner confirms the address from the attacker’s sign-up mail in their own browser then the attacker is out too; a mail scanner opening the link changes nothing', async () => {
    const email = 'confirm-victim@example.com';
    const attacker = person();
    expect((await attacker.post('/signup', { email, password: ATTACKER_PASSWORD })).status).toBe(303);
    const token = await mailedToken(email, '/confirm-email');
    // opening the link (as a scanner does) only shows a button
    const page = await person().get(`/confirm-email?token=${token}`);
    expect(page.status).toBe(200);
    expect((await attacker.get('/me')).status).toBe(200);

    const confirmed = await person().post('/confirm-email', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('we removed the password');
    expect((await attacker.get('/me')).status).toBe(303);
    expect((await person().post('/signin', { email, password: ATTACKER_PASSWORD, next: '/me' })).status).toBe(401);
  });

  it('when a person confirms in the browser they signed up with then the password stays', async () => {
    const email = 'honest@example.com';
    const me = person();
    expect((await me.post('/signup', { email, password: 'my own password' })).status).toBe(303);
    const token = await mailedToken(email, '/confirm-email');
    const page = await me.get(`/confirm-email?token=${token}`);
    const confirmed = await me.post('/confirm-email', { token, csrf: hidden(page.text, 'csrf') });
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('is confirmed: you can vote and review');
    expect((await person().post('/signin', { email, password: 'my own password', next: '/me' })).status).toBe(303);
  });

  it('when a person uses the password form on /me then it needs the current password (or a fresh link), ends the other sessions, and can be removed', async () => {
    const email = 'pw-owner@example.com';
    const me = person();
    expect((await me.post('/signup', { email, password: 'first password' })).status).toBe(303);
    const laptop = person();
    expect((await laptop.post('/signin', { email, password: 'first password', next: '/me' })).status).toBe(303);

    let page = await me.get('/me');
    expect(page.text).toContain('Your account has a password.');
    expect(page.text).toContain('name="current_password"');
    const wrong = await me.post('/me/password', {
      csrf: hidden(page.text, 'csrf'),
      current_password: 'not it at all',
      new_password: 'second password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toMatch(/id="current-password-error"[^>]*>is not your current password/);
    const missing = await me.post('/me/password', { csrf: hidden(page.text, 'csrf'), new_password: 'second password' });
    expect(missing.status).toBe(403);

    const changed = await me.post('/me/password', {
      csrf: hidden(page.text, 'csrf'),
      current_password: 'first password',
      new_password: 'second password',
    });
    expect(changed.status).toBe(200);
    expect(changed.text).toContain('1 other session(s) were signed out');
    expect((await laptop.get('/me')).status).toBe(303);
    expect((await person().post('/signin', { email, password: 'second password', next: '/me' })).status).toBe(303);

    page = await me.get('/me');
    const removed = await me.post('/me/password/remove', { csrf: hidden(page.text, 'csrf') });
    expect(removed.text).toContain('Your password is removed');
    expect((await person().post('/signin', { email, password: 'second password', next: '/me' })).status).toBe(401);

    // a session a mailed link opened just now sets one without the current password
    const linked = person();
    await signInByLink(linked, email);
    page = await linked.get('/me');
    expect(page.text).not.toContain('name="current_password"');
    expect(
      (await linked.post('/me/password', { csrf: hidden(page.text, 'csrf'), new_password: 'third password' })).status,
    ).toBe(200);
    expect((await person().post('/signin', { email, password: 'third password', next: '/me' })).status).toBe(303);
  });

  it('when a person signs out one session on /me then that browser is signed out and this one stays; signing out this session signs out here', async () => {
    const email = 'two-browsers@example.com';
    const here = person();
    const there = person();
    await signInByLink(here, email);
    await signInByLink(there, email);
    const page = await here.get('/me');
    const rows = [
      ...page.text.matchAll(/<tr>(?:(?!<\/tr>).)*name="session_id" value="([^"]+)"(?:(?!<\/tr>).)*<\/tr>/gs),
    ];
    expect(rows).toHaveLength(2);
    const theirs = rows.find((row) => !row[0].includes('this browser'))?.[1] ?? '';
    const mine = rows.find((row) => row[0].includes('this browser'))?.[1] ?? '';
    const ended = await here.post('/me/sessions/end', { csrf: hidden(page.text, 'csrf'), session_id: theirs });
    expect(ended.text).toContain('That session is signed out.');
    expect((await there.get('/me')).status).toBe(303);
    expect((await here.get('/me')).status).toBe(200);

    const self = await here.post('/me/sessions/end', { csrf: hidden(page.text, 'csrf'), session_id: mine });
    expect(self).toMatchObject({ status: 303, location: '/' });
    expect(here.signedIn()).toBe(false);
  });

  it('when a browser that holds a session signs in again (by link or password) then its previous session ends on the server, not only in the cookie', async () => {
    const browser = person();
    await signInByLink(browser, 'first-person@example.com');
    const first = browser.cookie();
    const relinked = await signInByLink(browser, 'second-person@example.com');
    expect(relinked.status).toBe(303);
    expect(browser.cookie()).not.toBe(first);
    const planted = formClient(running.base);
    // the old token, sent on its own, is dead
    expect((await planted.go('/me', { headers: { cookie: `ld_session=${first}` } })).status).toBe(303);

    const email = 'pw-again@example.com';
    const pw = person();
    expect((await pw.post('/signup', { email, password: 'password again' })).status).toBe(303);
    const before = pw.cookie();
    const page = await pw.get('/signin');
    expect(
      (await pw.post('/signin', { email, password: 'password again', next: '/me', csrf: hidden(page.text, 'csrf') }))
        .status,
    ).toBe(303);
    expect(pw.cookie()).not.toBe(before);
    expect((await planted.go('/me', { headers: { cookie: `ld_session=${before}` } })).status).toBe(303);
  });
});
