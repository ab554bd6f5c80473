/** Les pièces communes en français (issue 27) : les mêmes clés que `en/ui.ts`. */
import type { UI_EN } from '../en/ui';
import type { Messages } from '../types';

export const UI_FR: Messages<typeof UI_EN> = {
  checks: {
    legend: 'Avant de jouer',
    age: 'J’ai 18 ans ou plus',
    terms: 'J’accepte les {terms}',
    termsLink: 'Conditions',
    help: 'Les outils pour garder le contrôle — limites, rappels, pauses — sont expliqués sur notre page {page}.',
    helpLink: 'Jeu responsable',
  },
  twoFactorCode: {
    label: 'Code de double authentification',
    required: 'Saisissez le code à 6 chiffres de votre application d’authentification.',
  },
  formIssues: {
    fields: {
      email: 'L’adresse e-mail',
      name: 'Le nom',
      password: 'Le mot de passe',
      currentPassword: 'Le mot de passe actuel',
      label: 'Le libellé',
    },
    required: '{field} est obligatoire.',
    tooShort: '{field} doit compter au moins {min, plural, one {# caractère} other {# caractères}}.',
    tooLong: '{field} ne doit pas dépasser {max, plural, one {# caractère} other {# caractères}}.',
    notAllowed: '{field} contient des caractères non autorisés.',
    invisible: '{field} contient des caractères invisibles ou qui changent le sens de l’écriture.',
    emailInvalid: 'Saisissez une adresse e-mail valide.',
    referralUnknown: 'Ce code de parrainage n’existe pas.',
    signInFailed: 'E-mail ou mot de passe incorrect.',
    currentPasswordWrong: 'Votre mot de passe actuel est incorrect.',
    codeRequired: 'Saisissez le code à 6 chiffres de votre application d’authentification.',
    codeFormat: 'Saisissez le code à 6 chiffres de votre application d’authentification, ou l’un de vos codes de secours.',
    addressMissing: 'Saisissez l’adresse de votre portefeuille Ethereum.',
    addressInvalid: 'Saisissez une adresse Ethereum valide (ERC-20).',
    ageRequired: 'Veuillez confirmer que vous avez 18 ans ou plus.',
    termsRequired: 'Veuillez accepter les Conditions pour continuer.',
    resetLinkInvalid: 'Ce lien de réinitialisation n’est pas valide, a déjà servi ou a expiré. Demandez-en un nouveau.',
    invalid: 'Les données saisies ne sont pas valides.',
  },
};
