/** The search's status and offers, and challenges by link, in French (issue 27): the same keys as `en/lobby.ts`. */
import type { LOBBY_EN } from '../en/lobby';
import type { Messages } from '../types';

export const LOBBY_FR: Messages<typeof LOBBY_EN> = {
  search: {
    looking: 'Recherche d’un adversaire à {amount} USDT…',
    elapsed: 'Recherche depuis {seconds} s',
    offersTitle: 'Personne pour l’instant. En attendant :',
    playAtStake: 'Jouer à {amount} USDT ({waiting} en attente)',
    cannotBeMatched:
      'Aucun des joueurs qui cherchent en ce moment ne peut être associé à vous pour cette mise. Essayez une autre mise, défiez un ami ou entraînez-vous gratuitement.',
    challengeFriend: 'Défier un ami',
    practise: 'S’entraîner en attendant',
  },
  challenge: {
    title: '{name} vous défie pour {amount} USDT',
    detail: '{character} · {amount} USDT',
    accept: 'Accepter',
    signInHint: 'Connectez-vous ou créez un compte pour accepter. Vous reviendrez ensuite sur cette page.',
    signIn: 'Se connecter',
    signUp: 'Créer un compte',
    expired: 'Ce défi a expiré.',
    cancelled: 'Ce défi a été annulé par son auteur.',
    taken: 'Ce défi a déjà été accepté.',
    unknown: 'Ce défi n’existe pas.',
    own: 'C’est votre propre défi : envoyez son lien à un ami.',
    needsConnection: 'Vous pourrez accepter dès que la connexion en direct au serveur de jeu sera établie.',
  },
  own: {
    create: 'Défier un ami',
    createHint: 'Envoyez le lien à un ami : la partie commence dès qu’il accepte.',
    selectAmount: 'Choisissez une mise pour jouer.',
    yours: 'Vos défis en cours',
    stake: '{amount} USDT',
    expires: 'Ouvert jusqu’à {time}',
    link: 'Lien du défi',
    qr: 'QR code du lien du défi',
    copy: 'Copier',
    cancel: 'Annuler',
    copied: 'Lien copié dans le presse-papiers !',
    copyFailed: 'Le lien n’a pas pu être copié.',
  },
};
