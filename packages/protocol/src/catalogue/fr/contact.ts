/** The contact page in French (issue 27): the same keys as `en/contact.ts`. */
import type { CONTACT_EN } from '../en/contact';
import type { Messages } from '../types';

export const CONTACT_FR: Messages<typeof CONTACT_EN> = {
  title: 'Nous contacter',
  intro:
    'Une question sur une partie, un dépôt ou un retrait ? Écrivez-nous : chaque message est lu par une personne, qui vous répond par e-mail.',
  form: 'Formulaire de contact',
  name: 'Nom complet',
  email: 'Adresse e-mail',
  message: 'Votre message',
  characters: '{count} / {max} caractères',
  submit: 'Envoyer',
  success: 'Votre message a bien été envoyé',
  failure: 'L’envoi du formulaire a échoué',
  errors: {
    name: {
      required: 'Indiquez votre nom complet.',
      tooLong: 'Le nom complet ne peut pas dépasser {max} caractères.',
      notAllowed: 'Le nom complet contient des caractères non autorisés.',
    },
    email: {
      required: 'Indiquez votre adresse e-mail.',
      tooLong: 'L’adresse e-mail ne peut pas dépasser {max} caractères.',
      notAllowed: 'L’adresse e-mail contient des caractères non autorisés.',
      invalid: 'Saisissez une adresse e-mail valide.',
    },
    message: {
      required: 'Écrivez votre message.',
      tooLong: 'Le message ne peut pas dépasser {max} caractères.',
      notAllowed: 'Le message contient des caractères non autorisés.',
    },
  },
};
