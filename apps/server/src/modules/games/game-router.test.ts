import type { MatchAction } from '@shifumi/game';
import { describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../shared/logger';
import type { GameOwnership } from './game-ownership';
import type { ActionResult } from './game-room';
import { createGameRouter } from './game-router';

const GAME = 'game-1';

/** A router on a fake ownership: one game run here, its room answering `answer`, and the sockets `present` on any node. */
function routerWith(options: { answer?: ActionResult; present?: string[]; stopped?: boolean }) {
  const act = vi.fn(async (_action: MatchAction): Promise<ActionResult> => options.answer ?? { ok: true });
  const room = { id: GAME, players: [{ id: 'ann' }, { id: 'bo' }], act };
  const ownership = {
    relay: undefined,
    leases: undefined,
    holder: 'node-a',
    claimOf: () => undefined,
    room: (gameId: string) => (gameId === GAME ? room : undefined),
    isStopped: () => options.stopped ?? false,
    roomsWithSockets: async () => new Set(options.present ?? []),
  } as unknown as GameOwnership;
  const logger = {
    warn: vi.fn(),
    info: vi.fn(),
    error: vi.fn(),
    debug: vi.fn(),
    fatal: vi.fn(),
    trace: vi.fn(),
  } as unknown as Logger & { warn: ReturnType<typeof vi.fn> };
  const router = createGameRouter({ db: undefined as never, ownership, logger, clock: () => new Date(1_000) });
  return { router, act, logger };
}

describe('socketLeft: a refusal recognised by its code (issue 25)', () => {
  it('counts the player disconnected only when no socket of theirs is left in the game on any node', async () => {
    const still = routerWith({ present: [`game:${GAME}:ann`] });
    await still.router.socketLeft('ann', GAME);
    expect(still.act).not.toHaveBeenCalled();

    const gone = routerWith({});
    await gone.router.socketLeft('ann', GAME);
    expect(gone.act).toHaveBeenCalledWith({ type: 'disconnect', playerId: 'ann', now: 1_000 });
    expect(gone.logger.warn).not.toHaveBeenCalled();
  });

  it('passes over the refusals expected while a game moves or the node stops (moving, restarting, not_in_game) without a warning', async () => {
    for (const code of ['moving', 'not_in_game'] as const) {
      const { router, logger } = routerWith({ answer: { ok: false, code } });
      await router.socketLeft('ann', GAME);
      expect(logger.warn, code).not.toHaveBeenCalled();
    }
    const stopping = routerWith({ stopped: true });
    await stopping.router.socketLeft('ann', GAME);
    expect(stopping.act).not.toHaveBeenCalled();
    expect(stopping.logger.warn).not.toHaveBeenCalled();
    // A user who is not a player of the game: the router's own not_in_game, expected too.
    const stranger = routerWith({});
    await stranger.router.socketLeft('cy', GAME);
    expect(stranger.act).not.toHaveBeenCalled();
    expect(stranger.logger.warn).not.toHaveBeenCalled();
  });

  it('warns of any other refusal, by its code', async () => {
    const { router, logger } = routerWith({ answer: { ok: false, code: 'game-over' } });
    await router.socketLeft('ann', GAME);
    expect(logger.warn).toHaveBeenCalledOnce();
    expect(logger.warn.mock.calls[0]![0]).toEqual({ gameId: GAME, userId: 'ann', code: 'game-over' });
  });
});

describe('act: refusals as codes', () => {
  it('answers the room’s refusal code as it is, and its own codes for a stranger or a stopping node', async () => {
    const { router } = routerWith({ answer: { ok: false, code: 'too-late' } });
    expect(await router.act('ann', GAME, { type: 'choose', choice: 'rock' })).toEqual({ ok: false, code: 'too-late' });
    expect(await router.act('cy', GAME, { type: 'choose', choice: 'rock' })).toEqual({ ok: false, code: 'not_in_game' });
    expect(await router.act('ann', 'elsewhere', { type: 'choose', choice: 'rock' })).toEqual({ ok: false, code: 'not_in_game' });
    const stopping = routerWith({ stopped: true });
    expect(await stopping.router.act('ann', GAME, { type: 'leave' })).toEqual({ ok: false, code: 'restarting' });
  });
});
