import { afterEach, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from './mail.ts';

/** A message as the far end of an adapter sees it (the outbox file, or what the SMTP server took). */
export interface DeliveredMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly kind: string;
}

export interface OpenedMailer {
  readonly mailer: Mailer;
  /** every message delivered so far, oldest first */
  readonly delivered: () => Promise<DeliveredMail[]>;
  readonly close: () => Promise<void>;
}

/** SMTP ends every message with a line break, so one may be added after the last line: compare without it */
const withoutFinalBreak = (mail: DeliveredMail): DeliveredMail => ({ ...mail, text: mail.text.replace(/\n$/, '') });

/** The behaviour every Mailer adapter must have. Test-only (imports vitest). */
export function describeMailerContract(name: string, open: () => Promise<OpenedMailer>): void {
  describe(`${name} (Mailer contract)`, () => {
    const opened: OpenedMailer[] = [];
    const start = async () => {
      const one = await open();
      opened.push(one);
      return { mailer: one.mailer, delivered: async () => (await one.delivered()).map(withoutFinalBreak) };
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((one) => one.close()));
    });

    it('when a message is sent then it arrives once with its recipient, subject, text and kind', async () => {
      const { mailer, delivered } = await start();
      const message: MailMessage = {
        to: 'ada@example.com',
        subject: 'Verify your claim on acme',
        text: 'Hello,\n\nOpen this link: https://directory.example/claims/verify-email?token=abc',
        kind: 'claim-verification',
      };
      await mailer.send(message);
      expect(await delivered()).toEqual([message]);
    });

    it('when the text holds long links and UTF-8 then both arrive exactly as sent', async () => {
      const { mailer, delivered } = await start();
      // longer than a 76-character encoded line, with `=`, `&`, `%`, `~`: what a careless encoding breaks
      const link = `https://directory.example/invites/0f9c1e2d-7a4b-4c3d-9e8f-1a2b3c4d5e6f.${'Zm9vYmFy_-'.repeat(6)}?a=1&b=%C3%A9&c=~x`;
      const message: MailMessage = {
        to: 'zoe@example.com',
        subject: 'Café ☕ — 東京 launch: “ready”',
        text: [
          'Grüße aus Köln! 日本語のテキスト, emoji 🚀.',
          `Accept here: ${link}`,
          '.a line that starts with a dot',
          'From the team',
          '',
          '— Listings',
        ].join('\n'),
        kind: 'draft-invite',
      };
      await mailer.send(message);
      const [arrived] = await delivered();
      expect(arrived).toEqual(message);
      expect(arrived?.text).toContain(link);
    });

    it('when several messages are sent one after another then each arrives once, in order', async () => {
      const { mailer, delivered } = await start();
      const messages = [1, 2, 3].map(
        (n): MailMessage => ({
          to: `person${n}@example.com`,
          subject: `Message ${n}`,
          text: `Body ${n}`,
          kind: n === 2 ? 'draft-invite' : 'claim-verification',
        }),
      );
      for (const message of messages) await mailer.send(message);
      expect(await delivered()).toEqual(messages);
    });
  });
}
