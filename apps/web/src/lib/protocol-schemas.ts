/**
 * The protocol's zod schemas, loaded on first use rather than with the page.
 *
 * zod is not part of home's first load (decision 011). Modules on that path
 * import values only from `@shifumi/protocol/constants`, `/texts` and
 * `/guards`; they check the server's answers either with a guard of the
 * protocol (`checkedBy`: the answers every visitor's home page reads, the
 * price and the recent transactions, so that a visitor never fetches zod) or
 * with `protocolSchema(pick)`, which `apiRequest` fetches after the first
 * paint, in parallel with the request (only the schemas
 * lazy-protocol-schemas.ts names: a dynamic import of the whole protocol would
 * keep all of it in one chunk, which every later screen would then load). Screens and dialogs that load later
 * (forms, the account page) import `@shifumi/protocol` directly: they are
 * their own chunks.
 */
import type { LazyResponseParser, ResponseParser } from './api-client';
import type * as LazySchemas from './lazy-protocol-schemas';
import { afterFirstPaint } from './first-paint';

type ProtocolModule = typeof LazySchemas;

let loading: Promise<ProtocolModule> | null = null;

/** The protocol's lazily checked answers' schemas (lazy-protocol-schemas.ts), fetched once. */
function loadProtocol(): Promise<ProtocolModule> {
  loading ??= afterFirstPaint()
    .then(() => import('./lazy-protocol-schemas'))
    .catch((error: unknown) => {
      // A failed chunk (offline, a deploy in between) may be asked for again.
      loading = null;
      throw error;
    });
  return loading;
}

/**
 * A parser for `apiRequest`: the protocol's schema that `pick` chooses, loaded
 * when the request starts, e.g. `protocolSchema((protocol) => protocol.priceResponseSchema)`.
 */
export function protocolSchema<T>(pick: (protocol: ProtocolModule) => ResponseParser<T>): LazyResponseParser<T> {
  return async () => pick(await loadProtocol());
}

/** A parser for `apiRequest` from one of the protocol's zod-free guards (`@shifumi/protocol/guards`). */
export function checkedBy<T>(guard: (value: unknown) => value is T, what: string): ResponseParser<T> {
  return {
    parse(data) {
      if (!guard(data)) throw new Error(`The server's answer is not ${what}`);
      return data;
    },
  };
}
