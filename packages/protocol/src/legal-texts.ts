/**
 * The footer's pages (issue 14): Terms and Privacy, plain
 * and honest about what this project is and does. Kept apart from texts.ts
 * so that only those pages (chunks of their own) carry them.
 */

/** One page: a title, a short introduction and its sections. */
export interface LegalDocument {
  title: string;
  intro: string;
  sections: readonly { heading: string; paragraphs: readonly string[] }[];
}

export const LEGAL_TEXTS = {
  terms: {
    title: 'Terms of use',
    intro:
      'Shifumi lets two people play rock, paper, scissors against each other for ETH. By creating an account or playing, you accept these terms.',
    sections: [
      {
        heading: 'Who may play',
        paragraphs: [
          'You must be an adult where you live, and playing games of chance or skill for money must be legal for you there. It is your responsibility to check; we do not hold a gambling licence for your country.',
          'One account per person. Accounts used to play against themselves, to cheat or to launder money are closed and their balance may be withheld while we look into it.',
        ],
      },
      {
        heading: 'Money',
        paragraphs: [
          'Your balance is held in ETH. Bets are shown in USDT (US dollars) and converted to ETH at the price of the moment the game starts; the winner receives both stakes, and a game with no winner refunds both.',
          'Deposits are credited once the network has confirmed them. Withdrawals are sent to the Ethereum address you give; a transfer sent on chain cannot be reversed, so check the address before you confirm.',
          'Leaving a running game, or losing the connection for longer than the reconnection delay, forfeits it: your opponent wins the stake.',
        ],
      },
      {
        heading: 'The service',
        paragraphs: [
          'The server is the referee: it deals the rounds, times them and settles the stakes. We do our best to keep the service fair and available, but it is provided as it is.',
          'We may change these terms; the version on this page is the one that applies. Questions: use the contact form.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy',
    intro: 'What we keep about you, why, and for how long. We do not sell your data and we do not use advertising trackers.',
    sections: [
      {
        heading: 'What we keep',
        paragraphs: [
          'Your account: name, e-mail address, a hash of your password (never the password itself), and the wallet address you connect, if any.',
          'Your money and games: deposits, withdrawals, stakes, payouts and game results. These are financial records: we keep them as long as the law requires, even after an account is closed.',
          'Your sessions: a sign-in cookie and the list of your active sessions, so that you can sign out everywhere. Our server logs hold technical data (addresses, errors) for a short time to keep the service running and safe.',
        ],
      },
      {
        heading: 'In your browser',
        paragraphs: [
          'The app stores in your browser your session, the character and bet amount you chose, your sound setting and messages it must show you once. Nothing there is shared with third parties.',
          'Connecting a wallet goes through your wallet provider, under its own privacy policy. Deposits and withdrawals are public on the blockchain, as every Ethereum transaction is.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: ['You can ask for a copy of your data, its correction or, where the law allows, its deletion, through the contact form.'],
      },
    ],
  },
} as const satisfies Record<string, LegalDocument>;
