import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/** Verification links are one-time secrets: keep them out of request logs. */
export function redactUrl(url: string): string {
  return url.replace(/(\/verify-email\/)[^/?#]+/, '$1[redacted]');
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  headers?: Record<string, unknown>;
}

/**
 * JSON logs (pino). Requests are logged without headers (no Authorization,
 * no cookies) and with verification tokens masked; `redact` is a second net
 * for anything that logs headers explicitly.
 */
/** pino's levels, as LOG_LEVEL accepts them (config.ts). */
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export function createLogger(options: { level: LogLevel; destination?: DestinationStream }): Logger {
  const loggerOptions: LoggerOptions = {
    level: options.level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.accessToken',
        '*.refreshToken',
        '*.jwtSecret',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: request.url === undefined ? undefined : redactUrl(request.url),
        remoteAddress: request.ip,
        userAgent: request.headers?.['user-agent'],
      }),
      err: pino.stdSerializers.err,
    },
  };
  return options.destination ? pino(loggerOptions, options.destination) : pino(loggerOptions);
}
