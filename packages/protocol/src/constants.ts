/**
 * Business constants of the spec (section 9) and the browser storage keys.
 * Both the server and the web app read them from here, never from literals.
 */

/** Bet options in USDT (S9.01). */
export const BET_AMOUNTS = [1, 5, 10, 15, 20, 50, 100] as const;
export type BetAmount = (typeof BET_AMOUNTS)[number];

/** A round lasts 10 s (S9.02). */
export const ROUND_TIMER_MS = 10_000;
/** Round wins needed to win the game (S9.02). */
export const WIN_THRESHOLD = 2;
/** Reveal animation and the image swap interval (S9.02). */
export const REVEAL_ANIMATION_MS = 4_000;
export const REVEAL_SWAP_MS = 100;
/** Delay before the end-of-game popup (S9.02). */
export const POPUP_DELAY_MS = 1_000;
/** How long a reaction stays on screen (S9.02). */
export const REACTION_DISPLAY_MS = 3_000;
/** Quick message length limit (S9.02, S5.04). */
export const QUICK_MESSAGE_MAX_LENGTH = 50;

/** Recent transactions shown on the home page (S9.03). */
export const RECENT_TRANSACTIONS_SHOWN = 7;
/** Price polling interval (S9.03). */
export const PRICE_POLL_MS = 60_000;
/** Toast auto-close (S9.03). */
export const TOAST_AUTO_CLOSE_MS = 5_000;
/** Redirect after a successful e-mail verification (S9.03). */
export const VERIFY_REDIRECT_MS = 3_000;

/** QR code size in the deposit dialog (S9.04). */
export const DEPOSIT_QR_SIZE = 150;
/** Ethereum address pattern: 0x followed by 40 hex characters (S9.04). */
export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

/** Width at or below which the navigation shows the burger menu (S2.14, S9.09). */
export const MOBILE_BREAKPOINT_PX = 767;

/** Characters a player can pick (S3.09). */
export const CHARACTERS = ['Character1', 'Character2', 'Character3', 'Character4'] as const;
export type Character = (typeof CHARACTERS)[number];
export const DEFAULT_CHARACTER: Character = 'Character1';

/** Hand choices (S3.10). */
export const CHOICES = ['rock', 'paper', 'scissors'] as const;
export type Choice = (typeof CHOICES)[number];

/** Where the server's ETH/USD price comes from. */
export const PRICE_SOURCES = ['live', 'fixed', 'development'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

/** Browser storage keys (S3.01, S3.09). */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  user: 'user',
  selectedCharacter: 'selectedCharacter',
  /** The wallet address a Sign-In With Ethereum session is bound to (absent for e-mail sessions). */
  sessionWallet: 'sessionWallet',
  /**
   * The wagmi connector of the wallet this browser had connected (absent when
   * none): the web app loads its wallet stack at start, and reconnects that one
   * connector, only when it is set.
   */
  walletConnector: 'walletConnector',
} as const;

/** Access tokens live 15 minutes. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Refresh tokens live 30 days. */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** E-mail verification links live 24 hours. */
export const EMAIL_VERIFICATION_TTL_SECONDS = 24 * 60 * 60;
/** Minimum password length. */
export const PASSWORD_MIN_LENGTH = 8;
/** Maximum lengths of free-text inputs. */
export const NAME_MAX_LENGTH = 64;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 256;
export const CONTACT_MESSAGE_MAX_LENGTH = 5_000;

/** Name and path of the httpOnly cookie that carries the refresh token. */
export const REFRESH_TOKEN_COOKIE = 'refreshToken';
export const REFRESH_TOKEN_COOKIE_PATH = '/api/auth';

/** Referral codes are 8 characters from an alphabet without look-alikes (no 0, O, 1 or I). */
export const REFERRAL_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const REFERRAL_CODE_LENGTH = 8;
/** Query parameter of a referral link: `/?ref=CODE` opens sign-up with the code filled in. */
export const REFERRAL_QUERY_PARAM = 'ref';

/** Header that makes a retried withdrawal safe: same key, same answer, nothing moves twice. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Prefix of every HTTP API route. */
export const API_PREFIX = '/api';

/** Socket.IO paths (S9.08). */
export const SOCKET_PATH = '/socket.io';
export const PUBLIC_SOCKET_PATH = '/public';

/**
 * Issue 25: the version of the realtime protocol this build speaks, sent by
 * the web app in the signed-in socket's handshake (`auth.protocolVersion`). A
 * server that speaks another version answers `force_disconnect` asking for a
 * reload, then closes the socket; a handshake without one (a tool, a bot) is
 * taken as the current version (decision 036). Raise it with any change to a
 * socket event's shape that an open tab of the previous build would misread.
 */
export const PROTOCOL_VERSION = 2;

/** Window events the public connection re-emits (S7.13). */
export const WINDOW_EVENTS = {
  onlineUsers: 'onlineUsersUpdate',
  transaction: 'transactionUpdate',
} as const;

// Verifiable play (issue 17)
/**
 * How long a player has to answer `reveal_request` with `reveal_choice`,
 * counted from the request (plus the reconnection grace when that player is
 * disconnected); a missing or wrong reveal loses the round.
 */
export const REVEAL_WINDOW_MS = 3_000;

/** `admin`: everything, staff roles included; `finance`: withdrawals, solvency; `support`: players, games, money read-only. */
export const STAFF_ROLES = ['admin', 'finance', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
