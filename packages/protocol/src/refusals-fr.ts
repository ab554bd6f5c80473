/**
 * Issue 27 (decision 052): every HTTP refusal in French, code for code with
 * refusals.ts (the English). `RefusalTexts` makes a missing code a compile
 * error; the parity test checks the parameters are used alike.
 */
import { formatEth } from '@shifumi/money';
import type { ZodError } from 'zod';
import { formatUtc, type RefusalTexts } from './refusal-params';
import { ACCOUNT_SECURITY_TEXTS_FR as SECURITY, RESPONSIBLE_GAMING_TEXTS_FR, SERVER_TEXTS_FR as SERVER } from './server-texts-fr';
import { socketRefusalText } from './socket-refusals';

/**
 * The schemas' own sentences are English (the web app checks its forms in
 * the reader's language before sending): a French reader is told which field
 * the server refused.
 */
function invalidInput(error: ZodError): string {
  const field = error.issues[0]?.path.join('.') ?? '';
  return field === '' ? 'Les données envoyées ne sont pas valides.' : `Le champ « ${field} » n’est pas valide.`;
}

const UNAVAILABLE_CHAIN = 'La blockchain est momentanément indisponible. Réessayez dans un instant.';

const OWN_CASE = {
  approve: 'Vous ne pouvez pas approuver votre propre retrait.',
  reject: 'Vous ne pouvez pas refuser votre propre retrait.',
  resolveFlag: 'Vous ne pouvez pas traiter un signalement qui concerne votre propre compte.',
  freeze: 'Vous ne pouvez pas geler votre propre compte.',
  unfreeze: 'Vous ne pouvez pas dégeler votre propre compte.',
  revokeSessions: 'Vous ne pouvez pas déconnecter les sessions de votre propre compte.',
  creditDeposit: 'Vous ne pouvez pas créditer un dépôt sur votre propre compte.',
  failAndRefund: 'Vous ne pouvez pas rembourser votre propre retrait.',
} as const;

const ROLE_NAMES: Record<string, string> = { support: 'support', finance: 'finance', admin: 'administrateur' };

export const FRENCH_REFUSAL_TEXTS: RefusalTexts = {
  invalid_input: ({ error }) => invalidInput(error),
  invalid_request: SERVER.invalidRequest,
  invalid_json: SERVER.invalidJson,
  json_too_deep: SERVER.jsonTooDeep,
  not_found: SERVER.notFound,
  payload_too_large: SERVER.payloadTooLarge,
  unsupported_media_type: SERVER.unsupportedMediaType,
  too_many_requests: () => SERVER.tooManyRequests,
  service_unavailable: SERVER.serviceUnavailable,
  draining: SERVER.draining,
  internal_error: SERVER.internalError,
  price_unavailable: SERVER.priceUnavailable,

  email_taken: SERVER.emailTaken,
  unknown_referral: SERVER.unknownReferral,
  address_needs_acceptance: RESPONSIBLE_GAMING_TEXTS_FR.addressNeedsAcceptance,
  invalid_credentials: SERVER.invalidCredentials,
  account_disabled: SERVER.accountDisabled,
  too_many_sign_in_failures: () => SERVER.tooManySignInFailures,
  not_authenticated: SERVER.notAuthenticated,
  session_expired: SERVER.sessionExpired,
  refresh_failed: SERVER.refreshFailed,
  verify_link_invalid: SERVER.verifyLinkInvalid,
  already_verified: SERVER.alreadyVerified,
  no_email: SERVER.noEmailOnAccount,
  email_unchanged: SERVER.emailUnchanged,
  email_locked: SERVER.emailLocked,
  verification_mail_wait: ({ retryAfterSeconds }) => SERVER.verificationMailWait(Math.ceil(retryAfterSeconds / 60)),
  password_required: SECURITY.currentPasswordRequired,
  wrong_password: SECURITY.currentPasswordWrong,
  no_password_on_account: SECURITY.noPasswordOnAccount,
  reauthentication_required: SECURITY.recentWalletSignInRequired,
  wallet_taken: 'Ce portefeuille est déjà associé à un autre compte.',

  siwe_invalid_message: 'Le message de connexion n’est pas valide.',
  siwe_wrong_domain: 'Ce message de connexion a été créé pour un autre site.',
  siwe_wrong_chain: 'Ce réseau n’est pas pris en charge. Passez sur le réseau pris en charge et réessayez.',
  siwe_bad_nonce: 'Cette demande de connexion a expiré ou a déjà servi. Réessayez.',
  siwe_not_for_linking: 'Ce message signé n’a pas été créé pour associer un portefeuille à votre compte. Réessayez.',
  siwe_not_for_sign_in: 'Ce message signé n’a pas été créé pour se connecter. Réessayez.',
  siwe_not_yet_valid: 'Ce message de connexion n’est pas encore valide.',
  siwe_expired: 'Ce message de connexion a expiré. Réessayez.',
  siwe_bad_signature: 'La signature ne correspond pas à l’adresse du portefeuille.',

  reset_link_invalid: SECURITY.resetLinkInvalid,
  address_link_invalid: SECURITY.addressLinkInvalid,
  session_not_found: SECURITY.sessionNotFound,
  two_factor_challenge_invalid: SECURITY.challengeInvalid,
  two_factor_required: SECURITY.twoFactorCodeRequired,
  two_factor_invalid: SECURITY.twoFactorCodeWrong,
  two_factor_locked: SECURITY.twoFactorLocked,
  two_factor_not_on: SECURITY.twoFactorNotOn,
  two_factor_already_on: SECURITY.twoFactorAlreadyOn,
  two_factor_no_setup: SECURITY.twoFactorNoSetup,
  address_book_needs_email: SECURITY.addressBookNeedsEmail,
  address_exists: SECURITY.addressAlreadyInBook,
  address_not_found: SECURITY.addressNotFound,

  idempotency_conflict: 'Cette clé Idempotency-Key a déjà servi pour un autre retrait.',
  fee_unavailable: SERVER.feeUnavailable,
  fee_changed: ({ feeWei }) => SERVER.withdrawalFeeRose(formatEth(feeWei)),
  below_minimum: ({ minimumWei }) => SERVER.withdrawalBelowMinimum(formatEth(minimumWei)),
  insufficient_funds: 'Vous ne pouvez pas retirer un montant supérieur à votre solde.',
  insufficient_funds_with_fee: ({ feeWei }) => SERVER.withdrawalAboveBalanceWithFee(formatEth(feeWei)),
  withdrawal_to_burn_address: SERVER.withdrawalToBurnAddress,
  withdrawal_to_house_address: SERVER.withdrawalToHouseAddress,
  withdrawal_needs_email:
    'Les retraits nécessitent une adresse e-mail vérifiée. Ajoutez votre adresse e-mail sur votre page de compte, puis ouvrez le lien que nous vous enverrons.',
  email_not_verified:
    'Une erreur est survenue lors du retrait. Si votre adresse e-mail n’est pas vérifiée, nous venons de vous envoyer un e-mail pour la vérifier.',
  too_many_withdrawals: ({ perHour }) => SERVER.tooManyWithdrawals(perHour),
  withdrawal_held: ({ until }) => SECURITY.withdrawalSecurityHold.replace('{until}', formatUtc(until)),
  address_not_in_book: SECURITY.addressBookNotInBook,
  address_pending: SECURITY.addressBookPending,
  address_not_active_yet: ({ until }) => SECURITY.addressBookNotActiveYet.replace('{until}', formatUtc(until)),
  account_frozen: 'Votre compte est gelé : le jeu et les retraits sont suspendus. Veuillez contacter le support.',

  self_exclusion_not_active: RESPONSIBLE_GAMING_TEXTS_FR.selfExclusionNotActive,
  self_exclusion_end_too_early: ({ until }) => RESPONSIBLE_GAMING_TEXTS_FR.selfExclusionEndTooEarly(formatUtc(until)),
  statement_date_invalid: RESPONSIBLE_GAMING_TEXTS_FR.statementDateInvalid,
  statement_range_invalid: RESPONSIBLE_GAMING_TEXTS_FR.statementRangeInvalid,
  unknown_language: 'Choisissez l’anglais (en) ou le français (fr).',

  too_many_challenges: ({ max }) =>
    `Vous pouvez avoir au plus ${max} défi${max >= 2 ? 's' : ''} ouvert${max >= 2 ? 's' : ''}. Annulez-en un d’abord.`,
  challenge_not_found: 'Ce défi n’existe pas.',
  challenge_not_open: 'Ce défi n’est plus ouvert.',
  challenge_is_yours: 'Vous ne pouvez pas accepter votre propre défi.',
  you_are_busy: 'Vous êtes déjà en recherche ou en partie.',
  challenger_away: 'Votre adversaire n’est pas connecté pour le moment. Réessayez à son retour.',
  challenger_busy: 'Votre adversaire est en recherche ou en partie. Réessayez dans un instant.',
  cannot_accept_from_account: 'Ce défi ne peut pas être accepté depuis ce compte.',
  challenger_unable: 'Votre adversaire ne peut pas jouer cette mise pour le moment.',
  play_refused: ({ refusal }) => socketRefusalText(refusal, 'fr'),

  chain_rpc_refused: SERVER.chainRpcRefused,
  chain_not_configured: UNAVAILABLE_CHAIN,
  chain_upstream_failed: UNAVAILABLE_CHAIN,
  chain_upstream_timeout: UNAVAILABLE_CHAIN,

  not_staff: 'Cette page est réservée à l’équipe Shifumi.',
  staff_frozen: 'Votre compte d’équipe est gelé : la console reste fermée jusqu’à ce qu’un administrateur le dégèle.',
  wrong_role: ({ role }) => `Votre rôle (${ROLE_NAMES[role] ?? role}) ne permet pas cette action.`,
  staff_needs_two_factor:
    'Les comptes d’équipe doivent activer la double authentification : activez-la dans les réglages de votre compte, puis reconnectez-vous.',
  staff_sign_in_again: 'Reconnectez-vous avec votre code de double authentification pour utiliser la console.',
  own_case: ({ action }) => OWN_CASE[action],
  staff_account_admin_only: 'Seul un administrateur peut agir sur un compte d’équipe.',
  withdrawal_not_found: 'Retrait introuvable.',
  player_not_found: 'Joueur introuvable.',
  game_not_found: 'Partie introuvable.',
  flag_not_found: 'Signalement introuvable.',
  deposit_not_found: 'Dépôt introuvable.',

  solvency_snapshots_off: 'Les relevés de solvabilité nécessitent une blockchain.',
  no_snapshot: 'Aucun relevé de solvabilité n’a encore été établi.',
  snapshot_not_found: 'Relevé inconnu, ou datant de plus de 90 jours.',
  not_in_snapshot: 'Vous n’étiez pas un joueur à qui quelque chose était dû lorsque ce relevé a été établi.',
  address_not_listed: 'Cette adresse n’est pas une adresse de réserve de ce relevé.',
  signature_not_by_address: 'Cette signature n’a pas été produite par la clé de cette adresse pour le message de ce relevé.',
};
