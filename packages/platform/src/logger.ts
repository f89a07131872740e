import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON logs; credentials never reach them. */
export const createLogger = (options: { name: string; level?: string }): Logger =>
  pino({
    name: options.name,
    level: options.level ?? process.env.LOG_LEVEL ?? 'info',
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
  });

export const silentLogger = (): Logger => pino({ level: 'silent' });
