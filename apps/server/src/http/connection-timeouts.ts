/**
 * Issue 12: how long a connection may take or sit idle (decision 010). Without
 * these, a client that opens a connection and sends its request slowly, or
 * never, holds a socket (and its memory) for as long as it likes — Node's
 * defaults are 60 s for headers and 5 minutes for a request, Socket.IO's 45 s
 * for a connection that never joins its namespace.
 */
export interface ConnectionTimeouts {
  /** The request line and headers must be complete within this (slowloris). */
  headersMs: number;
  /** The whole request, body included, within this. */
  requestMs: number;
  /** An idle keep-alive connection between two requests is closed after this (above the usual balancers' 60 s). */
  keepAliveMs: number;
  /** Any connection with no traffic at all for this long is closed (upgraded WebSockets excepted: Socket.IO pings them). */
  idleMs: number;
  /** A Socket.IO connection that has not joined its namespace (sent CONNECT with a valid token) within this is dropped. */
  socketConnectMs: number;
  /** How often Node checks the header and request deadlines. */
  checkEveryMs: number;
}

export const CONNECTION_TIMEOUTS: ConnectionTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 72_000,
  idleMs: 75_000,
  socketConnectMs: 10_000,
  checkEveryMs: 1_000,
};
