import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { freePort } from '../testing/free-port.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../testing/smtp-server.ts';
import { createMailer } from './create-mailer.ts';
import type { MailMessage } from './mail.ts';
import { describeMailerContract } from './mailer.contract.ts';
import { KIND_HEADER, MailDeliveryError } from './smtp-mailer.ts';

const USER = 'mailer@directory.example';
// every character that needs percent-encoding in a URL
const PASSWORD = 'pa:ss/w@rd?#%- s3cret';
const smtpUrl = (port: number, password = PASSWORD) =>
  `smtp://${encodeURIComponent(USER)}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
const mailerFor = (port: number, password = PASSWORD) =>
  createMailer(
    loadConfig({
      DATA_DIR: '/nonexistent',
      SMTP_URL: smtpUrl(port, password),
      MAIL_FROM: 'Listings <no-reply@directory.example>',
    }),
  );

describeMailerContract('smtp (real server on loopback, with AUTH)', async () => {
  const server = await startTestSmtpServer({ login: { user: USER, password: PASSWORD } });
  return {
    mailer: mailerFor(server.port),
    delivered: async () =>
      server.received.map((mail) => ({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        kind: String(mail.headers.get(KIND_HEADER.toLowerCase())),
      })),
    close: () => server.close(),
  };
});

const message: MailMessage = {
  to: 'ada@example.com',
  subject: 'You are invited',
  text: 'Accept: https://directory.example/invites/abc',
  kind: 'draft-invite',
};

/** wherever an error could end up: its message, stack, JSON, inspect (console) and our pino logs */
const everyFormOf = (error: unknown) => {
  const lines: string[] = [];
  const logger = createLogger({
    name: 'test',
    level: 'info',
    destination: { write: (line: string) => lines.push(line) },
  });
  logger.error({ err: error }, 'operation failed');
  return [
    String(error),
    (error as Error).stack ?? '',
    JSON.stringify(error),
    inspect(error, { depth: 10 }),
    ...lines,
  ].join('\n');
};

const rejection = async (promise: Promise<unknown>): Promise<MailDeliveryError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MailDeliveryError);
  return error as MailDeliveryError;
};

describe('smtp mailer', () => {
  const servers: TestSmtpServer[] = [];
  const start = async () => {
    const server = await startTestSmtpServer({ login: { user: USER, password: PASSWORD } });
    servers.push(server);
    return server;
  };
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  it('when a message is sent then it is from MAIL_FROM, to the recipient, after logging in as the SMTP_URL user', async () => {
    const server = await start();
    await mailerFor(server.port).send(message);
    const [mail] = server.received;
    expect(mail).toMatchObject({
      envelopeFrom: 'no-reply@directory.example',
      envelopeTo: ['ada@example.com'],
      user: USER,
    });
    expect(mail?.from).toMatch(/^"?Listings"? <no-reply@directory\.example>$/);
    expect(mail?.headers.get('content-type')).toEqual({ value: 'text/plain', params: { charset: 'utf-8' } });
  });

  it('when the server refuses the recipient then send rejects as permanent with the reply, and nothing arrives', async () => {
    const server = await start();
    const error = await rejection(mailerFor(server.port).send({ ...message, to: 'nobody@example.com' }));
    expect(error.permanent).toBe(true);
    expect(error.status).toBe(503);
    expect(error).toMatchObject({ server: `127.0.0.1:${server.port}`, smtpCode: 550 });
    expect(error.message).toMatch(
      /^the mail could not be sent: the mail server refused the recipient or sender \(550 .*no such mailbox here\)$/,
    );
    expect(server.received).toEqual([]);
  });

  it('when the password is wrong then send rejects naming the server, and neither password shows anywhere', async () => {
    const server = await start();
    const wrong = 'wr0ng:p@ss/word';
    const error = await rejection(mailerFor(server.port, wrong).send(message));
    expect(error.message).toMatch(/^the mail could not be sent: the mail server refused our login/);
    expect(error.server).toBe(`127.0.0.1:${server.port}`);
    expect(error.permanent).toBe(true);
    const text = everyFormOf(error);
    expect(text).toContain('refused our login');
    for (const secret of [wrong, encodeURIComponent(wrong), PASSWORD, encodeURIComponent(PASSWORD)])
      expect(text).not.toContain(secret);
    expect(server.received).toEqual([]);
  });

  it('when nothing listens on the port then send rejects as not permanent (worth trying again later)', async () => {
    const port = await freePort();
    const error = await rejection(mailerFor(port).send(message));
    expect(error.permanent).toBe(false);
    expect(error.message).toBe('the mail could not be sent: the mail server could not be reached');
    expect(error.server).toBe(`127.0.0.1:${port}`);
    expect(everyFormOf(error)).not.toContain(PASSWORD);
  });
});
