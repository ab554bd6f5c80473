/**
 * Time in a match: the transitions that run by themselves when their moment
 * comes (a round's choosing time up, the reveal window closed, the result's
 * pause over, a disconnected player's grace run out), in time order
 * (`advance`), and when the driver must tick next (`nextDeadline`).
 */
import { DEFAULT_CHOICE, resolveRound } from './rules';
import type { EndReason, MatchEffect, MatchState, PlayerState, RoundPlay } from './match-types';
import { clearLock, revealClosesAt, revealPending, scoresOf } from './match-players';

export function end(state: MatchState, winnerId: string | 'draw', reason: EndReason, effects: MatchEffect[]): void {
  state.phase = 'over';
  state.winnerId = winnerId;
  state.endReason = reason;
  state.revealEndsAt = null;
  state.revealRequestedAt = null;
  for (const player of state.players) clearLock(player);
  effects.push({ type: 'gameOver', winnerId, reason });
}

/** A player's play of the round being closed: sealed, plain, automatic (rock) or unrevealed. */
function playOf(player: PlayerState): RoundPlay {
  if (player.commitment !== null) {
    if (player.choice !== null && player.salt !== null) {
      return {
        mode: 'sealed',
        choice: player.choice,
        commitment: player.commitment,
        salt: player.salt,
        lockedAt: player.lockedAt,
      };
    }
    return { mode: 'unrevealed', choice: null, commitment: player.commitment, lockedAt: player.lockedAt };
  }
  if (player.choice !== null) return { mode: 'plain', choice: player.choice, lockedAt: player.lockedAt };
  return { mode: 'auto', choice: DEFAULT_CHOICE, lockedAt: null };
}

/** Who wins a round from its two plays: an unrevealed play loses, both unrevealed is a draw, else the rules. */
function outcomeOf(first: RoundPlay, second: RoundPlay): 'first' | 'second' | 'draw' {
  if (first.choice === null || second.choice === null) {
    if (first.choice === null && second.choice === null) return 'draw';
    return first.choice === null ? 'second' : 'first';
  }
  return resolveRound(first.choice, second.choice);
}

const sealOf = (play: RoundPlay) => (play.mode === 'sealed' ? { commitment: play.commitment!, salt: play.salt! } : null);

/** Resolves the current round at `at` (missing choices play rock, missing reveals lose). Mutates `state`. */
export function closeRound(state: MatchState, at: number, effects: MatchEffect[]): void {
  const [first, second] = state.players;
  const firstPlay = playOf(first);
  const secondPlay = playOf(second);
  const outcome = outcomeOf(firstPlay, secondPlay);
  const winnerId = outcome === 'draw' ? 'draw' : outcome === 'first' ? first.id : second.id;
  if (outcome === 'first') first.score += 1;
  if (outcome === 'second') second.score += 1;
  clearLock(first);
  clearLock(second);
  state.revealRequestedAt = null;
  state.rounds.push({
    round: state.round,
    startedAt: state.roundStartedAt,
    deadline: state.deadline,
    plays: [firstPlay, secondPlay],
    winnerId,
  });
  effects.push({
    type: 'roundResult',
    player1Id: first.id,
    player2Id: second.id,
    player1Choice: firstPlay.choice ?? DEFAULT_CHOICE,
    player2Choice: secondPlay.choice ?? DEFAULT_CHOICE,
    player1Seal: sealOf(firstPlay),
    player2Seal: sealOf(secondPlay),
    player1Mode: firstPlay.mode,
    player2Mode: secondPlay.mode,
    winnerId,
  });
  // Only the round's winner can have just reached the threshold, so there is at most one champion.
  const champion = state.players.find((player) => player.score >= state.options.winThreshold);
  if (champion) {
    effects.push({ type: 'roundEnd', scores: scoresOf(state), gameOver: true, winnerId: champion.id });
    end(state, champion.id, 'wins', effects);
    return;
  }
  if (state.round >= state.options.maxRounds) {
    effects.push({ type: 'roundEnd', scores: scoresOf(state), gameOver: true, winnerId: 'draw' });
    end(state, 'draw', 'max-rounds', effects);
    return;
  }
  effects.push({ type: 'roundEnd', scores: scoresOf(state), gameOver: false });
  state.phase = 'reveal';
  state.revealEndsAt = at + state.options.revealMs;
}

function startNextRound(state: MatchState, at: number, effects: MatchEffect[]): void {
  state.round += 1;
  state.phase = 'choosing';
  state.revealEndsAt = null;
  state.deadline = at + state.options.roundMs;
  state.roundStartedAt = at;
  effects.push({ type: 'newRound', round: state.round, deadline: state.deadline });
}

/**
 * Both have locked (or the round's time is up): a sealed choice not yet
 * revealed is asked for; without one, the round resolves at once.
 */
export function lockComplete(state: MatchState, at: number, effects: MatchEffect[]): void {
  const pending = state.players.filter(revealPending);
  if (pending.length === 0) {
    closeRound(state, at, effects);
    return;
  }
  state.phase = 'revealing';
  state.revealRequestedAt = at;
  // A player already disconnected gets the reconnection grace on top of the window.
  for (const player of pending) if (!player.connected) player.revealExtended = true;
  effects.push({ type: 'revealRequest', round: state.round, playerIds: pending.map((player) => player.id) });
}

/** When the current phase ends by itself (epoch ms): deadline + grace, the last reveal window, or the end of the reveal. */
function phaseEndsAt(state: MatchState): number {
  if (state.phase === 'choosing') return state.deadline + state.options.graceMs;
  if (state.phase === 'revealing') {
    const pending = state.players.filter(revealPending);
    return pending.length === 0
      ? (state.revealRequestedAt ?? state.deadline)
      : Math.max(...pending.map((player) => revealClosesAt(state, player)));
  }
  return state.revealEndsAt ?? Number.POSITIVE_INFINITY;
}

/** When each player's reconnection grace runs out (epoch ms); infinity while connected. */
function lapsesAt(state: MatchState): [number, number] {
  const lapse = (player: PlayerState) =>
    !player.connected && player.disconnectedAt !== null
      ? player.disconnectedAt + state.options.reconnectGraceMs
      : Number.POSITIVE_INFINITY;
  return [lapse(state.players[0]), lapse(state.players[1])];
}

/** Runs, in time order, every transition due at `now` (time may have jumped over several). Mutates `state`. */
export function advance(state: MatchState, now: number, effects: MatchEffect[]): void {
  // Each pass ends the match or moves it one phase on, and there are at most 2 × maxRounds phases.
  for (let pass = 0; pass <= 2 * state.options.maxRounds && state.phase !== 'over'; pass += 1) {
    const [firstLapse, secondLapse] = lapsesAt(state);
    const lapse = Math.min(firstLapse, secondLapse);
    const phaseEnd = phaseEndsAt(state);
    // A grace that runs out at the same moment as a phase is settled first: the player is gone by then.
    if (lapse <= now && lapse <= phaseEnd) {
      // Both gone at the same instant (e.g. after a server restart nobody came back): nobody wins.
      const winner = firstLapse === secondLapse ? 'draw' : firstLapse < secondLapse ? state.players[1].id : state.players[0].id;
      end(state, winner, 'forfeit-disconnect', effects);
      return;
    }
    if (phaseEnd > now) return;
    if (state.phase === 'choosing') lockComplete(state, phaseEnd, effects);
    else if (state.phase === 'revealing') closeRound(state, phaseEnd, effects);
    else startNextRound(state, phaseEnd, effects);
  }
}

/**
 * When the driver must send the next `tick` (epoch ms): the end of the
 * round's grace, the end of the reveal, or a disconnected player's
 * reconnection deadline, whichever comes first. Null once the match is over.
 */
export function nextDeadline(state: MatchState): number | null {
  if (state.phase === 'over') return null;
  return Math.min(phaseEndsAt(state), ...lapsesAt(state));
}
