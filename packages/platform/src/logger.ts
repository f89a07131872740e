import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** JSON logs (to stdout, or `destination`); credentials never reach them. */
export const createLogger = (options: { name: string; level?: string; destination?: DestinationStream }): Logger =>
  pino(
    {
      name: options.name,
      level: options.level ?? 'info',
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'headers.authorization',
          'authorization',
          'password',
          '*.password',
          'api_key',
          '*.api_key',
        ],
        censor: '[redacted]',
      },
    },
    options.destination,
  );

export const silentLogger = (): Logger => pino({ level: 'silent' });
