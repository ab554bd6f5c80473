/** Notices that arrive on any page (issue 27), in French: the same keys as `en/notices.ts`. */
import type { NOTICES_EN } from '../en/notices';
import type { Messages } from '../types';

export const NOTICES_FR: Messages<typeof NOTICES_EN> = {
  withdrawalSuccess: 'Retrait effectué avec succès.',
  withdrawalFailedOnChain: "Votre retrait n'a pas pu aboutir. Le montant a été recrédité sur votre solde.",
  withdrawalApproved: 'Votre retrait a été approuvé. Votre demande de retrait est en cours de traitement.',
  withdrawalRejected: 'Votre retrait a été refusé : {reason} Le montant et les frais ont été recrédités sur votre solde.',
};
