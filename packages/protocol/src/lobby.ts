/**
 * Issue 24, "Never wait alone": who is waiting at each stake (the lobby), the
 * challenge by link, the rematch. Wire shapes and their schemas; the server's
 * refusals are in lobby-texts.ts, the screens' texts in the web's catalogues.
 */
import { z } from 'zod';
import type { BetAmount, Character } from './constants';
import { isPlainLine } from './text-rules';
import { betAmountSchema, characterSchema } from './play-schemas';

/** One stake of the lobby: how many players search at it right now, across every node. */
export interface LobbyStake {
  amount: BetAmount;
  waiting: number;
}

/** `GET /api/lobby` and the public realtime event `lobby`: one entry per bet option, in BET_AMOUNTS' order. */
export interface LobbyEvent {
  stakes: LobbyStake[];
}

// ---- challenges by link ----

/** How a challenge stands: open until accepted, cancelled by its challenger or past `expiresAt`. */
export const CHALLENGE_STATUSES = ['open', 'accepted', 'cancelled', 'expired'] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];

/** At most this many open challenges per player. */
export const MAX_OPEN_CHALLENGES = 3;

/** A challenge id: 16 random bytes in base64url (128 bits), 22 characters. */
export const CHALLENGE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** `POST /api/challenges`. */
export const createChallengeSchema = z.object({ amount: betAmountSchema, character: characterSchema });
export type CreateChallengeRequest = z.infer<typeof createChallengeSchema>;

/** `POST /api/challenges/{id}/accept`. */
export const acceptChallengeSchema = z.object({ character: characterSchema });
export type AcceptChallengeRequest = z.infer<typeof acceptChallengeSchema>;

/** 201 of `POST /api/challenges`. */
export interface CreatedChallenge {
  id: string;
  /** `APP_URL/challenge/{id}`. */
  url: string;
  /** ISO date-time. */
  expiresAt: string;
}

/** `GET /api/challenges/{id}` (public). */
export interface ChallengeView {
  id: string;
  amount: BetAmount;
  challenger: { name: string; character: Character };
  status: ChallengeStatus;
  expiresAt: string;
}

export const challengeViewSchema: z.ZodType<ChallengeView> = z.object({
  id: z.string(),
  amount: betAmountSchema as z.ZodType<BetAmount>,
  challenger: z.object({ name: z.string(), character: characterSchema }),
  status: z.enum(CHALLENGE_STATUSES),
  expiresAt: z.string(),
});

/** One of the signed-in challenger's open challenges (`GET /api/challenges`). */
export interface OwnChallenge {
  id: string;
  url: string;
  amount: BetAmount;
  character: Character;
  expiresAt: string;
}

export const ownChallengesSchema: z.ZodType<{ challenges: OwnChallenge[] }> = z.object({
  challenges: z.array(
    z.object({
      id: z.string(),
      url: z.string(),
      amount: betAmountSchema as z.ZodType<BetAmount>,
      character: characterSchema,
      expiresAt: z.string(),
    }),
  ),
});

export const createdChallengeSchema: z.ZodType<CreatedChallenge> = z.object({
  id: z.string(),
  url: z.string(),
  expiresAt: z.string(),
});

/** 200 of `POST /api/challenges/{id}/accept`: the game started. */
export interface AcceptedChallenge {
  room: string;
}

export const acceptedChallengeSchema: z.ZodType<AcceptedChallenge> = z.object({ room: z.string() });

/** Socket `challenge_update`: the challenger's challenge changed. */
export interface ChallengeUpdateEvent {
  id: string;
  status: ChallengeStatus;
}

// ---- rematch ----

const rematchRoomSchema = z
  .string({ error: 'Unknown game.' })
  .min(1, { error: 'Unknown game.' })
  .max(64, { error: 'Unknown game.' })
  .refine(isPlainLine, { error: 'Unknown game.' });

/** How long a rematch request waits for the opponent's answer. */
export const REMATCH_TIMEOUT_MS = 15_000;

export const rematchRequestSchema = z.object({ room: rematchRoomSchema });
export type RematchRequestPayload = z.infer<typeof rematchRequestSchema>;

export const rematchAnswerSchema = z.object({ room: rematchRoomSchema, accept: z.boolean({ error: 'Answer yes or no.' }) });
export type RematchAnswerPayload = z.infer<typeof rematchAnswerSchema>;

export interface RematchOfferedEvent {
  room: string;
  from: { id: string; name: string };
}

export const REMATCH_DECLINE_REASONS = ['declined', 'timeout', 'left', 'unable'] as const;
export type RematchDeclineReason = (typeof REMATCH_DECLINE_REASONS)[number];

export interface RematchDeclinedEvent {
  room: string;
  reason: RematchDeclineReason;
}
