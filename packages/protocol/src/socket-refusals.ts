/**
 * Issue 25 (decision 036): every refusal of the realtime connection, as a
 * stable code. Services say *what* happened (`{ code }`, with typed `params`
 * where the sentence needs figures); the realtime transport turns the code
 * into its text here, at the edge, and sends both: `error { code, message }`,
 * or `{ ok: false, code, message }` in an acknowledgement. A client may
 * branch on `code`; nobody branches on `message`, which is for people.
 *
 * The codes, by where they arise:
 * - the connection itself: `invalid_payload` (a payload its event's schema
 *   refused — the message is that schema's own sentence for the field),
 *   `unknown_event`, `internal_error`, `outdated_client` (the tab speaks
 *   another `PROTOCOL_VERSION`: sent as `force_disconnect`);
 * - matchmaking: `already_searching`, `already_playing`, `search_interrupted`
 *   (the node holding the search went away), `search_while_restarting` (the
 *   node drains), `price_unavailable`, `insufficient_balance` (`stakeWei`),
 *   `game_not_started` (the start failed unexpectedly);
 * - whether a player may stake now (a search, a game's start, a challenge or
 *   a rematch; the HTTP challenge route answers the same text):
 *   `account_frozen`, `time_out_active` (`until`), `self_exclusion_active`
 *   (`until`), `self_exclusion_awaiting_request`, `limit_reached`,
 *   `stake_above_limit`, `held_by_deposit_limit`;
 * - a game: `not_in_game`, `restarting` (the node stops), `moving` (the game
 *   changes node), and the pure engine's own refusals, with the engine's
 *   spelling (`too-late`, `already-chosen`, … — `RefusalCode` of
 *   `@shifumi/game`, which keeps the same texts in `REFUSAL_MESSAGES`);
 * - chat: `reaction_too_soon`, `message_too_soon`;
 * - rematch: `you_are_busy`, `rematch_unknown_game`, `rematch_not_after_leave`,
 *   `rematch_unable`, `rematch_expired`.
 *
 * Amounts in params are wei (said in ETH here); dates are already written
 * for people (UTC, as the account page shows them).
 */
import { formatEth, formatEthFixed } from '@shifumi/money';
import { ADMIN_TEXTS } from './admin-texts';
import { LOBBY_TEXTS } from './lobby-texts';
import { DEFAULT_LANGUAGE, type Language } from './language';
import { RESPONSIBLE_GAMING_TEXTS, SERVER_TEXTS, SOCKET_TEXTS } from './server-texts';
import { RESPONSIBLE_GAMING_TEXTS_FR, SERVER_TEXTS_FR, SOCKET_TEXTS_FR } from './server-texts-fr';
import { TEXTS } from './texts';

/** The pure engine's refusals (`RefusalCode` of `@shifumi/game`), spelt as the engine spells them. */
export const GAME_ENGINE_REFUSAL_CODES = [
  'invalid-action',
  'not-a-player',
  'game-over',
  'not-choosing',
  'too-late',
  'already-chosen',
  'invalid-choice',
  'wrong-round',
  'invalid-commitment',
  'not-revealing',
  'nothing-to-reveal',
  'already-revealed',
  'reveal-too-late',
] as const;
export type GameEngineRefusalCode = (typeof GAME_ENGINE_REFUSAL_CODES)[number];

/** Every refusal a game's action can end in, wherever the game runs (what travels between nodes). */
export const GAME_REFUSAL_CODES = ['not_in_game', 'restarting', 'moving', ...GAME_ENGINE_REFUSAL_CODES] as const;
export type GameRefusalCode = (typeof GAME_REFUSAL_CODES)[number];

/** Why a player may not stake now (responsible gaming, a freeze). */
export const PLAY_REFUSAL_CODES = [
  'account_frozen',
  'time_out_active',
  'self_exclusion_active',
  'self_exclusion_awaiting_request',
  'limit_reached',
  'stake_above_limit',
  'held_by_deposit_limit',
] as const;
export type PlayRefusalCode = (typeof PLAY_REFUSAL_CODES)[number];

/** Every refusal of the realtime connection. */
export const SOCKET_REFUSAL_CODES = [
  'invalid_payload',
  'unknown_event',
  'internal_error',
  'outdated_client',
  'already_searching',
  'already_playing',
  'search_interrupted',
  'search_while_restarting',
  'price_unavailable',
  'insufficient_balance',
  'game_not_started',
  ...PLAY_REFUSAL_CODES,
  ...GAME_REFUSAL_CODES,
  'reaction_too_soon',
  'message_too_soon',
  'you_are_busy',
  'rematch_unknown_game',
  'rematch_not_after_leave',
  'rematch_unable',
  'rematch_expired',
] as const;
export type SocketRefusalCode = (typeof SOCKET_REFUSAL_CODES)[number];

/** The figures a refusal's sentence needs, by code (codes not listed need none). */
export interface SocketRefusalParams {
  /** The stake the balance does not cover (said in ETH, rounded up to 6 decimals). */
  insufficient_balance: { stakeWei: bigint };
  time_out_active: { until: string };
  self_exclusion_active: { until: string };
  /** A loss or wager limit this stake would exceed; `freeAt`: when the amount may be played again. */
  limit_reached: { kind: string; period: string; limitUsd: number; freeAt: string };
  /** A stake above a loss or wager limit by itself. */
  stake_above_limit: { kind: string; period: string; limitUsd: number };
  /** Part of the balance is held by a deposit limit until `freeAt`. */
  held_by_deposit_limit: { heldWei: bigint; freeAt: string };
}

type Parameterised = keyof SocketRefusalParams;

/** A refusal as a service returns it: its code, and its figures when the sentence needs some. */
export type SocketRefusal = {
  [C in SocketRefusalCode]: C extends Parameterised ? { code: C; params: SocketRefusalParams[C] } : { code: C };
}[SocketRefusalCode];

/** A refusal as one of these codes (e.g. `SocketRefusalOf<PlayRefusalCode>`). */
export type SocketRefusalOf<C extends SocketRefusalCode> = Extract<SocketRefusal, { code: C }>;

/** A refusal as the client receives it (`error`, or an acknowledgement's refusal). */
export interface SocketRefusalAnswer {
  code: SocketRefusalCode;
  message: string;
}

/** One language's sentence of each code (a function of its params where it has some). */
export type SocketRefusalTexts = {
  readonly [C in SocketRefusalCode]: C extends Parameterised ? (params: SocketRefusalParams[C]) => string : string;
};

/** English: the sentence of each code (a function of its params where it has some). */
export const SOCKET_REFUSAL_TEXTS: SocketRefusalTexts = {
  invalid_payload: SOCKET_TEXTS.invalidPayload,
  unknown_event: SOCKET_TEXTS.unknownEvent,
  internal_error: SOCKET_TEXTS.internalError,
  outdated_client: 'A new version of Shifumi is available. Please reload the page.',
  already_searching: SOCKET_TEXTS.alreadySearching,
  already_playing: SOCKET_TEXTS.alreadyPlaying,
  search_interrupted: SOCKET_TEXTS.searchInterrupted,
  search_while_restarting: SOCKET_TEXTS.searchWhileRestarting,
  price_unavailable: SERVER_TEXTS.priceUnavailable,
  insufficient_balance: ({ stakeWei }) => TEXTS.insufficientBalance(formatEthFixed(stakeWei, 6, 'up')),
  game_not_started: 'The game could not start. Please try again.',
  account_frozen: ADMIN_TEXTS.accountFrozen,
  time_out_active: ({ until }) => RESPONSIBLE_GAMING_TEXTS.timeOutActive(until),
  self_exclusion_active: ({ until }) => RESPONSIBLE_GAMING_TEXTS.selfExclusionActive(until),
  self_exclusion_awaiting_request: RESPONSIBLE_GAMING_TEXTS.selfExclusionAwaitingRequest,
  limit_reached: ({ kind, period, limitUsd, freeAt }) => RESPONSIBLE_GAMING_TEXTS.limitReached(kind, period, limitUsd, freeAt),
  stake_above_limit: ({ kind, period, limitUsd }) => RESPONSIBLE_GAMING_TEXTS.stakeAboveLimit(kind, period, limitUsd),
  held_by_deposit_limit: ({ heldWei, freeAt }) =>
    RESPONSIBLE_GAMING_TEXTS.heldByDepositLimit(formatEth(heldWei, { decimals: 6, rounding: 'up' }), freeAt),
  not_in_game: SOCKET_TEXTS.notInGame,
  restarting: SOCKET_TEXTS.restarting,
  moving: SOCKET_TEXTS.moving,
  'invalid-action': 'That action is not understood.',
  'not-a-player': 'You are not playing in this game.',
  'game-over': 'This game is over.',
  'not-choosing': 'The next round has not started yet.',
  'too-late': 'Too late: the time for this round is up.',
  'already-chosen': 'Your choice for this round is already locked.',
  'invalid-choice': 'Choose rock, paper or scissors.',
  'wrong-round': 'That round is not the current one.',
  'invalid-commitment': 'A commitment is 64 lower-case hexadecimal characters.',
  'not-revealing': 'Nothing is to be revealed now.',
  'nothing-to-reveal': 'You sealed no choice in this round.',
  'already-revealed': 'Your choice for this round is already revealed.',
  'reveal-too-late': 'Too late: the time to reveal your choice is up.',
  reaction_too_soon: SOCKET_TEXTS.oneReactionPerSecond,
  message_too_soon: SOCKET_TEXTS.oneMessagePerSecond,
  you_are_busy: LOBBY_TEXTS.youAreBusy,
  rematch_unknown_game: LOBBY_TEXTS.rematchUnknownGame,
  rematch_not_after_leave: LOBBY_TEXTS.rematchNotAfterLeave,
  rematch_unable: LOBBY_TEXTS.rematchDeclined.unable,
  rematch_expired: LOBBY_TEXTS.rematchExpired,
};

/** French (issue 27): the same codes, said as a French product says them. */
export const SOCKET_REFUSAL_TEXTS_FR: SocketRefusalTexts = {
  invalid_payload: SOCKET_TEXTS_FR.invalidPayload,
  unknown_event: SOCKET_TEXTS_FR.unknownEvent,
  internal_error: SOCKET_TEXTS_FR.internalError,
  outdated_client: 'Une nouvelle version de Shifumi est disponible. Rechargez la page.',
  already_searching: SOCKET_TEXTS_FR.alreadySearching,
  already_playing: SOCKET_TEXTS_FR.alreadyPlaying,
  search_interrupted: SOCKET_TEXTS_FR.searchInterrupted,
  search_while_restarting: SOCKET_TEXTS_FR.searchWhileRestarting,
  price_unavailable: SERVER_TEXTS_FR.priceUnavailable,
  insufficient_balance: ({ stakeWei }) =>
    `Solde insuffisant. Il vous faut au moins ${formatEthFixed(stakeWei, 6, 'up')} ETH pour jouer.`,
  game_not_started: 'La partie n’a pas pu démarrer. Réessayez.',
  account_frozen: 'Votre compte est gelé : le jeu et les retraits sont suspendus. Veuillez contacter le support.',
  time_out_active: ({ until }) => RESPONSIBLE_GAMING_TEXTS_FR.timeOutActive(until),
  self_exclusion_active: ({ until }) => RESPONSIBLE_GAMING_TEXTS_FR.selfExclusionActive(until),
  self_exclusion_awaiting_request: RESPONSIBLE_GAMING_TEXTS_FR.selfExclusionAwaitingRequest,
  limit_reached: ({ kind, period, limitUsd, freeAt }) => RESPONSIBLE_GAMING_TEXTS_FR.limitReached(kind, period, limitUsd, freeAt),
  stake_above_limit: ({ kind, period, limitUsd }) => RESPONSIBLE_GAMING_TEXTS_FR.stakeAboveLimit(kind, period, limitUsd),
  held_by_deposit_limit: ({ heldWei, freeAt }) =>
    RESPONSIBLE_GAMING_TEXTS_FR.heldByDepositLimit(formatEth(heldWei, { decimals: 6, rounding: 'up' }), freeAt),
  not_in_game: SOCKET_TEXTS_FR.notInGame,
  restarting: SOCKET_TEXTS_FR.restarting,
  moving: SOCKET_TEXTS_FR.moving,
  'invalid-action': 'Cette action n’est pas comprise.',
  'not-a-player': 'Vous ne jouez pas dans cette partie.',
  'game-over': 'Cette partie est terminée.',
  'not-choosing': 'La manche suivante n’a pas encore commencé.',
  'too-late': 'Trop tard : le temps de cette manche est écoulé.',
  'already-chosen': 'Votre choix pour cette manche est déjà verrouillé.',
  'invalid-choice': 'Choisissez pierre, feuille ou ciseaux.',
  'wrong-round': 'Cette manche n’est pas la manche en cours.',
  'invalid-commitment': 'Un engagement compte 64 caractères hexadécimaux en minuscules.',
  'not-revealing': 'Il n’y a rien à révéler pour le moment.',
  'nothing-to-reveal': 'Vous n’avez scellé aucun choix dans cette manche.',
  'already-revealed': 'Votre choix pour cette manche est déjà révélé.',
  'reveal-too-late': 'Trop tard : le temps pour révéler votre choix est écoulé.',
  reaction_too_soon: SOCKET_TEXTS_FR.oneReactionPerSecond,
  message_too_soon: SOCKET_TEXTS_FR.oneMessagePerSecond,
  you_are_busy: 'Vous êtes déjà en recherche ou en partie.',
  rematch_unknown_game: 'Cette partie ne peut pas être rejouée.',
  rematch_not_after_leave: 'Pas de revanche après une partie qu’un joueur a quittée.',
  rematch_unable: 'La revanche ne peut pas commencer maintenant.',
  rematch_expired: 'Cette proposition de revanche a expiré.',
};

/** The sentence of each socket refusal, by language (one table per language, the same codes). */
export const SOCKET_REFUSAL_TEXTS_BY_LANGUAGE: Readonly<Record<Language, SocketRefusalTexts>> = {
  en: SOCKET_REFUSAL_TEXTS,
  fr: SOCKET_REFUSAL_TEXTS_FR,
};

/** The sentence of a refusal, in the reader's language. */
export function socketRefusalText(refusal: SocketRefusal, language: Language = DEFAULT_LANGUAGE): string {
  const text = SOCKET_REFUSAL_TEXTS_BY_LANGUAGE[language][refusal.code] as string | ((params: unknown) => string);
  return typeof text === 'function' ? text('params' in refusal ? refusal.params : undefined) : text;
}

/** What the client receives for a refusal: its code and its sentence in the reader's language. */
export function socketRefusalAnswer(refusal: SocketRefusal, language: Language = DEFAULT_LANGUAGE): SocketRefusalAnswer {
  return { code: refusal.code, message: socketRefusalText(refusal, language) };
}

const KNOWN_CODES: ReadonlySet<string> = new Set(SOCKET_REFUSAL_CODES);

/** Whether a value is one of the socket refusal codes (a client reading an answer it did not type itself). */
export function isSocketRefusalCode(value: unknown): value is SocketRefusalCode {
  return typeof value === 'string' && KNOWN_CODES.has(value);
}
