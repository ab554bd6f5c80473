/** Les fenêtres du portefeuille en français (issue 27) : les mêmes clés que `en/wallet.ts`. */
import type { WALLET_EN } from '../en/wallet';
import type { Messages } from '../types';

export const WALLET_FR: Messages<typeof WALLET_EN> = {
  noWallet: {
    title: 'Aucun portefeuille trouvé dans ce navigateur',
    text: 'Pour connecter un portefeuille, installez une extension comme MetaMask ou Rainbow (tout portefeuille qui se signale à la page convient), puis rechargez cette page. Vous pouvez aussi jouer sans : inscrivez-vous avec un e-mail et déposez sur votre propre adresse de dépôt depuis n’importe quel portefeuille ou plateforme d’échange.',
    get: 'Installer {wallet}',
    coinbase: 'Utiliser Coinbase Wallet',
    close: 'Fermer',
  },
  acceptance: {
    title: 'Créer votre compte',
    text: 'Ce portefeuille n’a pas encore de compte Shifumi. Pour en créer un, veuillez confirmer :',
    ageRequired: 'Veuillez confirmer que vous avez 18 ans ou plus.',
    termsRequired: 'Veuillez accepter les Conditions pour continuer.',
    submit: 'Créer mon compte',
  },
  twoFactor: {
    title: 'Code de double authentification',
    text: 'Saisissez le code à 6 chiffres de votre application d’authentification, ou l’un de vos codes de secours.',
    verify: 'Valider',
    cancel: 'Annuler',
  },
  oops: 'Oups, une erreur est survenue !',
};
