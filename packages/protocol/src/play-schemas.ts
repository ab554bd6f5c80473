/** The stake and the character a player chooses: shared by the socket events (socket.ts) and the lobby (lobby.ts). */
import { z } from 'zod';
import { BET_AMOUNTS, CHARACTERS } from './constants';

export const characterSchema = z.enum(CHARACTERS, { error: 'Please choose one of the four characters.' });
export const betAmountSchema = z
  .number({ error: 'Please select an amount to play.' })
  .refine((value): value is (typeof BET_AMOUNTS)[number] => (BET_AMOUNTS as readonly number[]).includes(value), {
    error: 'Please select an amount to play.',
  });
