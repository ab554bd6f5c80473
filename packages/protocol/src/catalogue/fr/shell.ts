/** The app shell in French (issue 27): the same keys as `en/shell.ts`, which the type enforces. */
import type { SHELL_EN } from '../en/shell';
import type { Messages } from '../types';

export const SHELL_FR: Messages<typeof SHELL_EN> = {
  nav: {
    home: 'Accueil',
    howToPlay: 'Comment jouer ?',
    contact: 'Nous contacter',
    myAccount: 'Mon compte',
    signInToOpenAccount: 'Connectez-vous pour ouvrir votre compte',
    signUpLogin: 'Inscription / Connexion',
    logout: 'Déconnexion',
    logoHome: 'Accueil de Shifumi',
    main: 'Principale',
    mobileMenu: 'Menu mobile',
    openMenu: 'Ouvrir le menu',
    closeMenu: 'Fermer le menu',
    connected: 'Connecté',
    notConnected: 'Non connecté',
    realtimeLive: 'En direct',
    realtimeReconnecting: 'Reconnexion…',
    realtimeOffline: 'Hors ligne',
  },
  balance: {
    label: 'Solde',
    name: 'Solde {shown}, afficher en {currency}',
    nameWithDevelopmentPrice: 'Solde {shown} ({development}), afficher en {currency}',
    showIn: 'Afficher en {currency}',
  },
  search: {
    open: 'Rechercher',
    field: 'Rechercher sur le site',
    placeholder: 'Rechercher…',
  },
  language: {
    label: 'Langue',
    en: 'English',
    fr: 'Français',
  },
  footer: {
    label: 'Pied de page',
    tagline: 'pierre-feuille-ciseaux en temps réel.',
    terms: 'Conditions',
    privacy: 'Confidentialité',
    responsibleGaming: 'Jeu responsable',
    note: "Ne jouez de l'argent que si c'est légal là où vous vivez, et seulement ce que vous pouvez vous permettre de perdre.",
  },
  signedOut: {
    title: 'Vous avez été déconnecté',
  },
  close: 'Fermer',
  dismiss: 'Fermer',
  wallet: {
    connect: 'Connecter un portefeuille',
    short: 'Portefeuille',
  },
  errors: {
    generic: 'Une erreur est survenue.',
    walletOops: 'Oups, un problème est survenu !',
  },
  deposit: {
    seen: 'Dépôt de {amount} ETH repéré sur la blockchain : {confirmations}/{required} confirmations',
    credited: 'Dépôt de {amount} ETH crédité sur votre solde.',
  },
  skipToContent: 'Aller au contenu',
  loading: 'Chargement…',
  crashed: {
    title: 'Un problème est survenu',
    text: 'La page n’a pas pu s’afficher. Votre solde et vos parties ne sont pas touchés.',
  },
  notFound: {
    title: 'Page introuvable',
    text: "Cette page n'existe pas ou a été déplacée. Votre solde et vos parties ne craignent rien.",
    backHome: "Retour à l'accueil",
  },
};
