/** Home's Recent Transactions in English (issue 27): a namespace of its own, loaded with the table's chunk. */
export const RECENT_EN = {
  title: 'Recent Transactions',
  game: 'Game',
  players: 'Players',
  amount: 'Game Amount',
  time: 'Time',
  empty: 'No games yet',
  winner: ' (winner)',
  versus: ' vs ',
  versusTitle: '{player1} vs {player2}',
  draw: ' · draw',
  justNow: 'just now',
  minutesAgo: '{minutes} min ago',
  hoursAgo: '{hours} h ago',
  daysAgo: '{days} d ago',
} as const;
