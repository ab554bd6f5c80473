/**
 * The footer's Terms and Privacy pages in English (issue 14, moved here by
 * issue 27): plain and honest about what this project is and does. Each
 * section is a heading and its paragraphs `p1`, `p2`… in reading order.
 */
export const LEGAL_EN = {
  terms: {
    title: 'Terms of use',
    intro:
      'Shifumi lets two people play rock, paper, scissors against each other for ETH. By creating an account or playing, you accept these terms.',
    sections: {
      players: {
        heading: 'Who may play',
        p1: 'You must be an adult where you live, and playing games of chance or skill for money must be legal for you there. It is your responsibility to check; we do not hold a gambling licence for your country.',
        p2: 'One account per person. Accounts used to play against themselves, to cheat or to launder money are closed and their balance may be withheld while we look into it.',
      },
      money: {
        heading: 'Money',
        p1: 'Your balance is held in ETH. Bets are shown in USDT (US dollars) and converted to ETH at the price of the moment the game starts; the winner receives both stakes, and a game with no winner refunds both.',
        p2: 'Deposits are credited once the network has confirmed them. Withdrawals are sent to the Ethereum address you give; a transfer sent on chain cannot be reversed, so check the address before you confirm.',
        p3: 'Leaving a running game, or losing the connection for longer than the reconnection delay, forfeits it: your opponent wins the stake.',
      },
      service: {
        heading: 'The service',
        p1: 'The server is the referee: it deals the rounds, times them and settles the stakes. We do our best to keep the service fair and available, but it is provided as it is.',
        p2: 'We may change these terms; the version on this page is the one that applies. Questions: use the contact form.',
      },
    },
  },
  privacy: {
    title: 'Privacy',
    intro: 'What we keep about you, why, and for how long. We do not sell your data and we do not use advertising trackers.',
    sections: {
      kept: {
        heading: 'What we keep',
        p1: 'Your account: name, e-mail address, a hash of your password (never the password itself), and the wallet address you connect, if any.',
        p2: 'Your money and games: deposits, withdrawals, stakes, payouts and game results. These are financial records: we keep them as long as the law requires, even after an account is closed.',
        p3: 'Your sessions: a sign-in cookie and the list of your active sessions, so that you can sign out everywhere. Our server logs hold technical data (addresses, errors) for a short time to keep the service running and safe.',
      },
      browser: {
        heading: 'In your browser',
        p1: 'The app stores in your browser your session, the character and bet amount you chose, your sound setting and messages it must show you once. Nothing there is shared with third parties.',
        p2: 'Connecting a wallet goes through your wallet provider, under its own privacy policy. Deposits and withdrawals are public on the blockchain, as every Ethereum transaction is.',
      },
      rights: {
        heading: 'Your rights',
        p1: 'You can ask for a copy of your data, its correction or, where the law allows, its deletion, through the contact form.',
      },
    },
  },
} as const;
