/**
 * Issue 27 (decision 052): the texts of the mails the server sends, one table
 * per language with the same keys. The server renders a mail when it writes
 * it into the outbox, in the language of the player it goes to (their stored
 * preference; at sign-up, the sign-up's language).
 */
import type { Language } from './language';

/** The security notices (issue 13, issue 23), by kind: what each says happened. */
export interface SecurityNoticeTexts {
  new_sign_in: { subject: string; lines: () => string[] };
  password_reset: { subject: string; lines: () => string[] };
  password_changed: { subject: string; lines: () => string[] };
  two_factor_on: { subject: string; lines: () => string[] };
  two_factor_off: { subject: string; lines: () => string[] };
  withdrawal_requested: { subject: string; lines: (p: { amountEth: string; recipientAddress: string }) => string[] };
  address_added: { subject: string; lines: (p: { address: string; label: string; activeFrom: string }) => string[] };
  email_change_requested: { subject: string; lines: (p: { newEmail: string }) => string[] };
  email_changed: { subject: string; lines: (p: { newEmail: string }) => string[] };
  sign_in_locked: { subject: string; lines: (p: { minutes: number }) => string[] };
}

/** One language's mails. */
export interface MailTexts {
  hello: (name: string) => string;
  verification: { subject: string; intro: string; validity: string };
  emailChange: { subject: string; intro: string; validity: string };
  passwordReset: { subject: string; intro: string; validity: string };
  addressConfirmation: { subject: string; intro: string; confirm: string; validity: string };
  security: {
    subject: (what: string) => string;
    when: (utc: string) => string;
    from: (where: string) => string;
    where: (ip: string | null, device: string | null) => string;
    notYou: (accountUrl: string) => string;
    notices: SecurityNoticeTexts;
  };
}

const ENGLISH: MailTexts = {
  hello: (name) => `Hello ${name},`,
  verification: {
    subject: 'Confirm your e-mail address',
    intro: 'Please confirm your e-mail address for Shifumi by opening this link:',
    validity: 'The link is valid for 24 hours. If you did not create an account, ignore this mail.',
  },
  emailChange: {
    subject: 'Confirm your new e-mail address',
    intro: 'You asked to use this address for your Shifumi account. Open this link to confirm it:',
    validity:
      'The link is valid for 24 hours. Until you open it, your account keeps its current address. If you did not ask for this, ignore this mail.',
  },
  passwordReset: {
    subject: 'Choose a new password',
    intro: 'Someone (we hope you) asked to choose a new password for your Shifumi account. Open this link to choose it:',
    validity:
      'The link is valid for 30 minutes and works once. If you did not ask for it, ignore this mail: your password stays as it is.',
  },
  addressConfirmation: {
    subject: 'Confirm a withdrawal address',
    intro: 'You asked to add this address to the withdrawal address book of your Shifumi account:',
    confirm: 'Open this link to confirm it (it does not sign you in):',
    validity:
      'The link is valid for 30 minutes and works once. If you did not ask for it, do not open it, change your password and sign out of all devices.',
  },
  security: {
    subject: (what) => `Shifumi security: ${what}`,
    when: (utc) => `When: ${utc} UTC`,
    from: (where) => `From: ${where}`,
    where: (ip, device) => `IP address ${ip ?? 'unknown'}, device ${device ?? 'unknown'}`,
    notYou: (accountUrl) =>
      `If this was not you, change your password at once from your account page (${accountUrl}), turn on two-factor authentication, sign out of all devices, and contact support.`,
    notices: {
      new_sign_in: {
        subject: 'a sign-in from a new device or place',
        lines: () => ['Your Shifumi account was signed in to from a device or an IP address it had not used before.'],
      },
      password_reset: {
        subject: 'your password was reset',
        lines: () => [
          'The password of your Shifumi account was reset with a link sent to this address. Every session was signed out.',
        ],
      },
      password_changed: {
        subject: 'your password was changed',
        lines: () => ['The password of your Shifumi account was changed. Every other session was signed out.'],
      },
      two_factor_on: {
        subject: 'two-factor authentication turned on',
        lines: () => ['Two-factor authentication was turned on for your Shifumi account.'],
      },
      two_factor_off: {
        subject: 'two-factor authentication turned off',
        lines: () => [
          'Two-factor authentication was turned off for your Shifumi account. Withdrawals are paused for a while for your safety.',
        ],
      },
      withdrawal_requested: {
        subject: 'a withdrawal was requested',
        lines: ({ amountEth, recipientAddress }) => [
          'A withdrawal was requested from your Shifumi account.',
          `Amount: ${amountEth} ETH`,
          `To address: ${recipientAddress}`,
        ],
      },
      address_added: {
        subject: 'an address was added to your address book',
        lines: ({ address, label, activeFrom }) => [
          'An address was confirmed in the withdrawal address book of your Shifumi account.',
          `Address: ${address} (${label})`,
          `It can receive withdrawals from ${activeFrom}. Remove it from your account page if you did not add it.`,
        ],
      },
      email_change_requested: {
        subject: 'a change of your e-mail address was requested',
        lines: ({ newEmail }) => [
          `Someone signed in to your Shifumi account asked to change its e-mail address to ${newEmail}.`,
          "The change happens only when the link sent to that address is opened; until then this address stays the account's. Withdrawals are paused for a while after the change.",
        ],
      },
      email_changed: {
        subject: 'your e-mail address was changed',
        lines: ({ newEmail }) => [
          `The e-mail address of your Shifumi account was changed to ${newEmail}. Mails about the account now go there, not here.`,
          'Withdrawals are paused for a while for your safety.',
        ],
      },
      sign_in_locked: {
        subject: 'sign-in paused after wrong passwords',
        lines: ({ minutes }) => [
          `Too many wrong passwords were entered for your Shifumi account. Signing in with a password is paused for ${minutes} minutes, from every device.`,
          'Your password was not found. Choosing a new password with "Forgot password?" ends the pause at once.',
        ],
      },
    },
  },
};

const FRENCH: MailTexts = {
  hello: (name) => `Bonjour ${name},`,
  verification: {
    subject: 'Confirmez votre adresse e-mail',
    intro: 'Pour confirmer votre adresse e-mail sur Shifumi, ouvrez ce lien :',
    validity: 'Ce lien est valable 24 heures. Si vous n’avez pas créé de compte, ignorez cet e-mail.',
  },
  emailChange: {
    subject: 'Confirmez votre nouvelle adresse e-mail',
    intro: 'Vous avez demandé à utiliser cette adresse pour votre compte Shifumi. Ouvrez ce lien pour la confirmer :',
    validity:
      'Ce lien est valable 24 heures. Tant que vous ne l’avez pas ouvert, votre compte garde son adresse actuelle. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.',
  },
  passwordReset: {
    subject: 'Choisissez un nouveau mot de passe',
    intro:
      'Quelqu’un (vous, espérons-le) a demandé à choisir un nouveau mot de passe pour votre compte Shifumi. Ouvrez ce lien pour le choisir :',
    validity:
      'Ce lien est valable 30 minutes et ne sert qu’une fois. Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.',
  },
  addressConfirmation: {
    subject: 'Confirmez une adresse de retrait',
    intro: 'Vous avez demandé à ajouter cette adresse au carnet d’adresses de retrait de votre compte Shifumi :',
    confirm: 'Ouvrez ce lien pour la confirmer (il ne vous connecte pas) :',
    validity:
      'Ce lien est valable 30 minutes et ne sert qu’une fois. Si vous n’avez rien demandé, ne l’ouvrez pas, changez votre mot de passe et déconnectez tous vos appareils.',
  },
  security: {
    subject: (what) => `Sécurité Shifumi : ${what}`,
    when: (utc) => `Quand : ${utc} UTC`,
    from: (where) => `Depuis : ${where}`,
    where: (ip, device) => `adresse IP ${ip ?? 'inconnue'}, appareil ${device ?? 'inconnu'}`,
    notYou: (accountUrl) =>
      `Si ce n’était pas vous, changez immédiatement votre mot de passe depuis votre page de compte (${accountUrl}), activez la double authentification, déconnectez tous vos appareils et contactez le support.`,
    notices: {
      new_sign_in: {
        subject: 'connexion depuis un nouvel appareil ou un nouveau lieu',
        lines: () => [
          'Une connexion à votre compte Shifumi a eu lieu depuis un appareil ou une adresse IP jamais utilisés auparavant.',
        ],
      },
      password_reset: {
        subject: 'votre mot de passe a été réinitialisé',
        lines: () => [
          'Le mot de passe de votre compte Shifumi a été réinitialisé grâce à un lien envoyé à cette adresse. Toutes les sessions ont été déconnectées.',
        ],
      },
      password_changed: {
        subject: 'votre mot de passe a été modifié',
        lines: () => ['Le mot de passe de votre compte Shifumi a été modifié. Toutes les autres sessions ont été déconnectées.'],
      },
      two_factor_on: {
        subject: 'double authentification activée',
        lines: () => ['La double authentification a été activée sur votre compte Shifumi.'],
      },
      two_factor_off: {
        subject: 'double authentification désactivée',
        lines: () => [
          'La double authentification a été désactivée sur votre compte Shifumi. Par sécurité, les retraits sont suspendus pendant quelque temps.',
        ],
      },
      withdrawal_requested: {
        subject: 'un retrait a été demandé',
        lines: ({ amountEth, recipientAddress }) => [
          'Un retrait a été demandé depuis votre compte Shifumi.',
          `Montant : ${amountEth} ETH`,
          `Vers l’adresse : ${recipientAddress}`,
        ],
      },
      address_added: {
        subject: 'une adresse a été ajoutée à votre carnet',
        lines: ({ address, label, activeFrom }) => [
          'Une adresse a été confirmée dans le carnet d’adresses de retrait de votre compte Shifumi.',
          `Adresse : ${address} (${label})`,
          `Elle pourra recevoir des retraits à partir du ${activeFrom}. Si vous ne l’avez pas ajoutée, retirez-la depuis votre page de compte.`,
        ],
      },
      email_change_requested: {
        subject: 'demande de changement de votre adresse e-mail',
        lines: ({ newEmail }) => [
          `Une personne connectée à votre compte Shifumi a demandé à remplacer son adresse e-mail par ${newEmail}.`,
          'Le changement n’a lieu qu’à l’ouverture du lien envoyé à cette adresse ; d’ici là, cette adresse-ci reste celle du compte. Les retraits sont suspendus pendant quelque temps après le changement.',
        ],
      },
      email_changed: {
        subject: 'votre adresse e-mail a été modifiée',
        lines: ({ newEmail }) => [
          `L’adresse e-mail de votre compte Shifumi est désormais ${newEmail}. Les e-mails concernant le compte y seront envoyés, et non plus ici.`,
          'Par sécurité, les retraits sont suspendus pendant quelque temps.',
        ],
      },
      sign_in_locked: {
        subject: 'connexion suspendue après des mots de passe erronés',
        lines: ({ minutes }) => [
          `Trop de mots de passe erronés ont été saisis pour votre compte Shifumi. La connexion par mot de passe est suspendue pendant ${minutes} minutes, sur tous les appareils.`,
          'Votre mot de passe n’a pas été trouvé. Choisir un nouveau mot de passe avec « Mot de passe oublié ? » lève la suspension aussitôt.',
        ],
      },
    },
  },
};

/** The mails' texts, by language (one table per language, the same keys). */
export const MAIL_TEXTS: Readonly<Record<Language, MailTexts>> = { en: ENGLISH, fr: FRENCH };
