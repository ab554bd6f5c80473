import type { BaseLogger } from 'pino';

/** The logging port of services: pino's methods, satisfied by Fastify's logger too. */
export type Logger = Pick<BaseLogger, 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'>;
