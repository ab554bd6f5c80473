/** Home in French (issue 27): the same keys as `en/home.ts`, which the type enforces. */
import type { HOME_EN } from '../en/home';
import type { Messages } from '../types';

export const HOME_FR: Messages<typeof HOME_EN> = {
  hero: {
    eyebrow: 'Des duels en direct, en 1 contre 1',
    titleStart: 'Pierre, feuille, ciseaux — ',
    titleHighlight: 'pour de vrai.',
    lead: 'Affrontez un autre joueur en direct. Dix secondes par manche : le premier à deux manches gagnées remporte le pot, soit le double de la mise.',
    characterLabel: 'Votre personnage : {name}',
    changeCharacter: 'Changer de personnage',
    pickerTitle: 'Choisissez votre personnage',
    pickerText: 'Votre adversaire le voit pendant la partie.',
  },
  online: {
    players: '{count, plural, one {joueur en ligne} other {joueurs en ligne}}',
  },
  balance: {
    label: 'Solde',
    showIn: 'Afficher en {currency}',
  },
  play: {
    title: 'Jouer une partie',
    betAmount: 'Mise',
    chooseAmount: 'Choisissez une mise',
    waiting: '{count} en attente',
    waitingAt: '{count, plural, one {# joueur attend} other {# joueurs attendent}} à {amount} USDT',
    cancel: 'Annuler',
    playNow: 'Jouer',
    addFunds: 'Ajouter des fonds',
    practice: 'S’entraîner',
    searching: 'Recherche d’un adversaire à {amount} USDT…',
    signInHint: 'Connectez-vous pour jouer et ajouter des fonds.',
    selectAmount: 'Choisissez une mise pour jouer.',
    insufficientBalance: 'Solde insuffisant : il vous faut au moins {eth} ETH pour jouer.',
    needsConnection: 'Jouer attend la connexion en direct au serveur de jeu.',
    connectionLost:
      'La connexion au serveur de jeu a été perdue et la recherche s’est arrêtée. Relancez-la dès que la connexion est de nouveau en direct.',
  },
};
