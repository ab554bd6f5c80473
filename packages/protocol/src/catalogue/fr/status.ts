/** Le bandeau d’état du compte en français (issue 27) : les mêmes clés que `en/status.ts`. */
import type { STATUS_EN } from '../en/status';
import type { Messages } from '../types';

export const STATUS_FR: Messages<typeof STATUS_EN> = {
  bannerLabel: 'Votre compte',
  frozen: 'Votre compte est gelé : le jeu et les retraits sont suspendus. Motif indiqué par l’équipe Shifumi : {reason}',
  frozenContact: 'Contacter le support',
  withdrawalReview:
    'Votre retrait de {amount} ETH est en cours d’examen : {reason} L’équipe Shifumi décide en général sous {hours} heures, d’ici le {when}.',
  reviewReasons: {
    aboveThreshold: 'Le montant dépasse le seuil d’examen de {limit} ETH.',
    dailyLimit: 'Les retraits du jour dépassent {limit} ETH.',
    openFlag: 'Un signalement est ouvert sur le compte.',
  },
  withdrawalHold:
    'Par sécurité, les retraits sont suspendus après un changement de mot de passe, d’adresse e-mail ou de double authentification. Vous pourrez de nouveau retirer à partir du {until}.',
  limitReached: {
    deposit:
      'Vous avez atteint votre limite de dépôt {period} de {amount}. Les nouveaux dépôts sont retenus jusqu’à ce que les plus anciens sortent de sa période.',
    loss: 'Vous avez atteint votre limite de pertes {period} de {amount}. Les parties qui pourraient vous la faire dépasser sont refusées jusqu’à ce que les plus anciennes sortent de sa période.',
    wager:
      'Vous avez atteint votre limite de mises {period} de {amount}. Les parties qui pourraient vous la faire dépasser sont refusées jusqu’à ce que les plus anciennes sortent de sa période.',
  },
  periods: { day: 'quotidienne', week: 'hebdomadaire', month: 'mensuelle' },
  limitsLink: 'Vos limites',
  timeOut:
    'Vous faites une pause jusqu’au {when}. Vous pouvez toujours consulter votre compte, télécharger vos relevés et retirer.',
  selfExclusion:
    'Vous êtes auto-exclu jusqu’au {when}. Vous pouvez toujours consulter votre compte, télécharger vos relevés et retirer.',
  selfExclusionAtTerm:
    'Votre auto-exclusion est arrivée à son terme. Elle prend fin 24 heures après votre demande, depuis votre page de compte.',
  protectionLink: 'À propos des pauses et de l’auto-exclusion',
};
