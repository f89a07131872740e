import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the receiving SMTP server parsed it (lines end in `\n`, as sent). */
export interface ReceivedSmtpMail {
  readonly envelopeFrom: string | null;
  readonly envelopeTo: readonly string[];
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** every header, names lower-cased */
  readonly headers: ReadonlyMap<string, unknown>;
  readonly user: string | null;
}

export interface TestSmtpServer {
  readonly port: number;
  /** every message accepted so far, in order (a message is here before the client's send resolves) */
  readonly received: ReceivedSmtpMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server (npm `smtp-server`) on a free loopback port, for tests. No STARTTLS (its only
 * certificate would be the library's published test one), so AUTH is allowed in clear on loopback.
 * `login`: the one user and password it accepts (unset: no AUTH at all). Recipients whose local
 * part is `nobody` are refused with 550.
 */
export const startTestSmtpServer = async (options: { login?: { user: string; password: string } } = {}) => {
  const received: ReceivedSmtpMail[] = [];
  const { login } = options;
  const server = new SMTPServer({
    logger: false,
    disableReverseLookup: true,
    disabledCommands: login ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !login,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.user && auth.password === login.password)
        callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('nobody@'))
        callback(Object.assign(new Error(`5.1.1 <${address.address}>: no such mailbox here`), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const addresses = (value: typeof parsed.to) =>
            value === undefined ? '' : (Array.isArray(value) ? value : [value]).map((a) => a.text).join(', ');
          received.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            from: addresses(parsed.from),
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: (parsed.text ?? '').replace(/\r\n/g, '\n'),
            headers: parsed.headers,
            user: typeof session.user === 'string' ? session.user : null,
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies TestSmtpServer;
};
