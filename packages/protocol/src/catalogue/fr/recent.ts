/** Home's Recent Transactions in French (issue 27): the same keys as `en/recent.ts`. */
import type { RECENT_EN } from '../en/recent';
import type { Messages } from '../types';

export const RECENT_FR: Messages<typeof RECENT_EN> = {
  title: 'Dernières parties',
  game: 'Partie',
  players: 'Joueurs',
  amount: 'Mise',
  time: 'Heure',
  empty: 'Aucune partie pour le moment',
  winner: ' (gagnant)',
  versus: ' contre ',
  versusTitle: '{player1} contre {player2}',
  draw: ' · égalité',
  justNow: "à l'instant",
  minutesAgo: 'il y a {minutes} min',
  hoursAgo: 'il y a {hours} h',
  daysAgo: 'il y a {days} j',
};
