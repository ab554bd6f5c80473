/**
 * Issue 27: the server's texts in French (server-texts.ts is the English),
 * key for key. Written as a French product says it, not word for word; the
 * typed `Translation` makes a missing key a compile error.
 */
import type { ACCOUNT_SECURITY_TEXTS, RESPONSIBLE_GAMING_TEXTS, SERVER_TEXTS, SOCKET_TEXTS, Translation } from './server-texts';

const INTERNAL_ERROR_FR = 'Une erreur est survenue de notre côté. Veuillez réessayer.';

export const SERVER_TEXTS_FR: Translation<typeof SERVER_TEXTS> = {
  registered: 'Un e-mail de vérification vous a été envoyé. Pensez à consulter votre boîte de réception !',
  emailTaken: 'Un compte existe déjà avec cette adresse e-mail.',
  invalidCredentials: 'E-mail ou mot de passe incorrect.',
  unknownReferral: 'Ce code de parrainage n’existe pas.',
  sessionExpired: 'Votre session a expiré. Veuillez vous reconnecter.',
  notAuthenticated: 'Vous devez être connecté.',
  refreshFailed: 'Votre session a expiré. Veuillez vous reconnecter.',
  loggedOut: 'Vous êtes déconnecté.',
  loggedOutEverywhere: 'Vous êtes déconnecté de tous vos appareils.',
  emailVerified: 'Votre adresse e-mail est vérifiée.',
  emailAlreadyVerified: 'Votre adresse e-mail est déjà vérifiée.',
  verifyLinkInvalid: 'Ce lien de vérification n’est pas valide ou a expiré.',
  verificationSent: 'Un nouveau lien de vérification vient d’être envoyé à votre adresse.',
  alreadyVerified: 'Votre adresse e-mail est déjà vérifiée.',
  noEmailOnAccount: 'Ce compte n’a pas d’adresse e-mail.',
  contactReceived: 'Votre message a bien été envoyé.',
  tooManyRequests: 'Trop de requêtes. Réessayez dans un instant.',
  notFound: 'Introuvable.',
  payloadTooLarge: 'La requête est trop volumineuse.',
  invalidJson: 'Le corps de la requête n’est pas un JSON valide.',
  internalError: INTERNAL_ERROR_FR,
  forcedDisconnect: 'Votre session a pris fin. Veuillez vous reconnecter.',
  accountDisabled: 'Ce compte a été désactivé. Veuillez contacter le support.',
  invalidRequest: 'La requête n’est pas valide.',
  unsupportedMediaType: 'La requête doit être envoyée au format JSON.',
  priceUnavailable: 'Le cours de l’ETH est momentanément indisponible. Réessayez dans un instant.',
  emailAdded: 'Consultez votre boîte de réception : nous vous avons envoyé un lien de vérification.',
  emailLocked: 'Votre adresse e-mail est déjà vérifiée.',
  emailChangeRequested:
    'Consultez la boîte de réception de votre nouvelle adresse : le changement prendra effet à l’ouverture du lien que nous y avons envoyé. D’ici là, votre adresse actuelle reste active.',
  emailUnchanged: 'C’est déjà votre adresse e-mail.',
  verificationMailWait: (minutes: number) =>
    `Nous venons de vous envoyer un e-mail de vérification. Vous pourrez en demander un autre dans ${minutes} minute${minutes >= 2 ? 's' : ''}.`,
  tooManySignInFailures:
    'Trop de mots de passe erronés pour ce compte. Patientez quelques minutes avant de réessayer, ou choisissez un nouveau mot de passe avec « Mot de passe oublié ? ».',
  chainRpcRefused: 'Cette requête ne peut pas être transmise à la blockchain.',
  chainUnavailable: 'La blockchain est momentanément indisponible. Réessayez dans un instant.',
  serviceUnavailable: 'Le service est brièvement indisponible. Réessayez dans un instant.',
  draining: 'Ce serveur redémarre. Réessayez dans un instant.',

  jsonTooDeep: 'La requête comporte trop de niveaux d’imbrication.',
  withdrawalBelowMinimum: (minimumEth: string) => `Le retrait minimum est de ${minimumEth} ETH.`,
  withdrawalFeeRose: (feeEth: string) =>
    `Les frais de réseau viennent de passer à ${feeEth} ETH. Vérifiez les montants, puis confirmez à nouveau.`,
  withdrawalAboveBalanceWithFee: (feeEth: string) =>
    `Vous ne pouvez pas retirer plus que votre solde, déduction faite des frais de réseau (${feeEth} ETH).`,
  tooManyWithdrawals: (perHour: number) =>
    `Vous pouvez demander au plus ${perHour} retrait${perHour >= 2 ? 's' : ''} par heure. Réessayez plus tard.`,
  feeUnavailable: 'Les frais de réseau ne peuvent pas être calculés pour le moment. Réessayez dans un instant.',

  withdrawalToBurnAddress:
    'Tout ce qui est envoyé à cette adresse est perdu à jamais. Saisissez l’adresse d’un portefeuille qui vous appartient.',
  withdrawalToHouseAddress:
    'Cette adresse appartient à Shifumi (adresse de dépôt ou portefeuille de la maison) : aucun retrait ne peut y être envoyé. Saisissez l’adresse d’un portefeuille qui vous appartient.',
};

export const SOCKET_TEXTS_FR: Translation<typeof SOCKET_TEXTS> = {
  invalidPayload: 'Cette requête n’est pas valide. Rechargez la page et réessayez.',
  unknownEvent: 'Cette action est inconnue. Rechargez la page.',
  internalError: INTERNAL_ERROR_FR,
  notInGame: 'Vous ne participez pas à cette partie.',
  oneReactionPerSecond: 'Une réaction par seconde, s’il vous plaît.',
  oneMessagePerSecond: 'Un message par seconde, s’il vous plaît.',
  alreadySearching: 'Vous cherchez déjà une partie.',
  alreadyPlaying: 'Vous êtes déjà en partie.',
  searchInterrupted: 'Votre recherche a été interrompue. Relancez-la.',
  restarting: 'Le serveur redémarre. Votre partie reprend dans un instant.',
  searchWhileRestarting: 'Le serveur redémarre. Relancez votre recherche dans un instant.',
  moving: 'Votre partie change de serveur. Réessayez dans un instant.',
};

const LIMIT_KIND_FR: Record<string, string> = { deposit: 'de dépôt', loss: 'de pertes', wager: 'de mises' };
const LIMIT_PERIOD_FR: Record<string, string> = { day: 'sur 24 heures', week: 'sur 7 jours', month: 'sur 30 jours' };

/** "votre limite de pertes sur 24 heures de 50 $" reads badly; French puts the amount last, after a colon. */
function limitName(kind: string, period: string): string {
  return `limite ${LIMIT_KIND_FR[kind] ?? kind} ${LIMIT_PERIOD_FR[period] ?? period}`;
}

export const RESPONSIBLE_GAMING_TEXTS_FR: Translation<typeof RESPONSIBLE_GAMING_TEXTS> = {
  limitKindInvalid: 'Choisissez une limite de dépôt, de pertes ou de mises.',
  limitPeriodInvalid: 'Choisissez une limite sur 24 heures, 7 jours ou 30 jours.',
  limitAmountInvalid: 'Saisissez un nombre entier de dollars entre 1 et 1 000 000, ou supprimez la limite.',
  realityCheckInvalid: 'Choisissez un rappel toutes les 15, 30 ou 60 minutes, ou aucun.',
  timeOutPeriodInvalid: 'Choisissez une pause de 24 heures, 7 jours, 30 jours ou 6 semaines.',
  selfExclusionPeriodInvalid: 'Choisissez une auto-exclusion de 6 mois, 1 an ou 5 ans.',
  statementDateInvalid: 'Indiquez les dates au format AAAA-MM-JJ ou en date et heure ISO.',
  statementFormatInvalid: 'Le relevé est au format csv ou json.',
  statementRangeInvalid: 'Le début du relevé doit précéder sa fin.',
  ageRequired: 'Veuillez confirmer que vous avez 18 ans ou plus.',
  termsRequired: 'Veuillez accepter les Conditions pour continuer.',
  limitKindName: LIMIT_KIND_FR,
  limitPeriodName: LIMIT_PERIOD_FR,
  limitReached: (kind: string, period: string, limitUsd: number, freeAt: string) =>
    `Cette partie vous ferait dépasser votre ${limitName(kind, period)} (${limitUsd} $). Vous pourrez de nouveau jouer ce montant à partir du ${freeAt}.`,
  heldByDepositLimit: (heldEth: string, freeAt: string) =>
    `${heldEth} ETH de votre solde sont retenus par votre limite de dépôt et ne peuvent pas être joués avant le ${freeAt}. Vous pouvez toujours les retirer.`,
  timeOutActive: (until: string) => `Vous faites une pause jusqu’au ${until}. Vous pourrez rejouer ensuite.`,
  selfExclusionActive: (until: string) => `Vous vous êtes exclu du jeu jusqu’au ${until}.`,
  selfExclusionAwaitingRequest:
    'Votre auto-exclusion est arrivée à son terme. Pour rejouer, demandez-en la fin depuis votre page de compte : elle prend fin 24 heures après votre demande.',
  selfExclusionEndTooEarly: (until: string) => `Votre auto-exclusion ne peut pas prendre fin avant le ${until}.`,
  selfExclusionEndRequested: (endsAt: string) => `Votre auto-exclusion prendra fin le ${endsAt}.`,
  selfExclusionNotActive: 'Vous n’êtes pas auto-exclu.',
  stakeAboveLimit: (kind: string, period: string, limitUsd: number) =>
    `La mise de cette partie dépasse à elle seule votre ${limitName(kind, period)} (${limitUsd} $). Choisissez un montant plus petit.`,
  increaseDelayNote: 'D’ici là, vous pouvez annuler la modification ; la limite actuelle reste en vigueur.',
  addressNeedsAcceptance: 'Pour créer votre compte, veuillez confirmer que vous avez 18 ans ou plus et accepter les Conditions.',
};

export const ACCOUNT_SECURITY_TEXTS_FR: Translation<typeof ACCOUNT_SECURITY_TEXTS> = {
  forgotPasswordSent:
    'Si un compte utilise cette adresse, nous lui avons envoyé un lien pour choisir un nouveau mot de passe. Ce lien est valable 30 minutes.',
  resetLinkInvalid: 'Ce lien de réinitialisation n’est pas valide, a déjà servi ou a expiré. Demandez-en un nouveau.',
  passwordReset: 'Votre mot de passe a été modifié. Connectez-vous avec votre nouveau mot de passe.',
  passwordChanged: 'Votre mot de passe a été modifié. Vos autres sessions ont été déconnectées.',
  currentPasswordWrong: 'Votre mot de passe actuel est incorrect.',
  currentPasswordRequired: 'Saisissez votre mot de passe actuel pour changer d’adresse e-mail.',
  recentWalletSignInRequired:
    'Par sécurité, déconnectez-vous puis reconnectez-vous avec votre portefeuille, et ajoutez votre adresse e-mail dans les 10 minutes.',
  noPasswordOnAccount: 'Ce compte n’a pas encore de mot de passe. Utilisez « Mot de passe oublié ? » pour en choisir un.',
  twoFactorCodeRequired: 'Saisissez le code à 6 chiffres de votre application d’authentification.',
  twoFactorCodeFormat: 'Saisissez le code à 6 chiffres de votre application d’authentification, ou l’un de vos codes de secours.',
  twoFactorCodeWrong: 'Ce code est incorrect. Réessayez.',
  twoFactorLocked: 'Trop de codes erronés. Patientez 15 minutes avant de réessayer.',
  twoFactorAlreadyOn: 'La double authentification est déjà activée.',
  twoFactorNotOn: 'La double authentification n’est pas activée.',
  twoFactorNoSetup: 'Recommencez la configuration de la double authentification.',
  twoFactorEnabled: 'La double authentification est activée.',
  twoFactorDisabled: 'La double authentification est désactivée.',
  challengeInvalid: 'Cette tentative de connexion a expiré. Reconnectez-vous.',
  sessionRevoked: 'La session a été déconnectée.',
  sessionNotFound: 'Cette session n’existe pas ou a déjà pris fin.',
  withdrawalSecurityHold:
    'Par sécurité, les retraits sont suspendus après un changement de mot de passe, d’adresse e-mail ou de double authentification. Vous pourrez de nouveau retirer à partir du {until}.',
  addressConfirmationSent:
    'Consultez votre boîte de réception : nous vous avons envoyé un lien pour confirmer cette adresse. Il est valable 30 minutes.',
  addressConfirmed: 'L’adresse est confirmée. Elle pourra recevoir des retraits à la fin de son délai d’attente.',
  addressLinkInvalid: 'Ce lien de confirmation n’est pas valide, a déjà servi ou a expiré. Ajoutez l’adresse à nouveau.',
  addressAlreadyInBook: 'Cette adresse figure déjà dans votre carnet d’adresses.',
  addressRemoved: 'L’adresse a été retirée de votre carnet d’adresses.',
  addressNotFound: 'Cette adresse ne figure pas dans votre carnet d’adresses.',
  addressLabelRequired: 'Le libellé est obligatoire.',
  addressLabelTooLong: 'Le libellé ne doit pas dépasser 64 caractères.',
  addressBookNeedsEmail:
    'Le carnet d’adresses nécessite une adresse e-mail sur votre compte, pour confirmer chaque nouvelle adresse.',
  addressBookOn: 'Votre carnet d’adresses de retrait est activé : les retraits ne partent que vers ses adresses actives.',
  addressBookOff: 'Votre carnet d’adresses de retrait est désactivé.',
  addressBookOffScheduled: 'Votre carnet d’adresses de retrait sera désactivé le {at}.',
  addressBookNotInBook:
    'Votre carnet d’adresses de retrait est activé et cette adresse n’y figure pas. Ajoutez-la d’abord dans la section Sécurité de votre compte.',
  addressBookNotActiveYet: 'Cette adresse de votre carnet pourra recevoir des retraits à partir du {until}.',
  addressBookPending: 'Cette adresse de votre carnet n’est pas encore confirmée : ouvrez le lien que nous vous avons envoyé.',
};

/** The answers of linking a wallet (SIWE_TEXTS' `alreadyLinked` and `walletLinked` in English). */
export const WALLET_REPLIES_FR = {
  alreadyLinked: 'Ce portefeuille est déjà associé à votre compte.',
  walletLinked: 'Votre portefeuille est désormais associé à votre compte.',
} as const;
