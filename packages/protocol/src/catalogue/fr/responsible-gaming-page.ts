/** The /responsible-gaming page in French (issue 27): the same keys as `en/responsible-gaming-page.ts`. */
import type { RESPONSIBLE_GAMING_PAGE_EN } from '../en/responsible-gaming-page';
import type { Messages } from '../types';

export const RESPONSIBLE_GAMING_PAGE_FR: Messages<typeof RESPONSIBLE_GAMING_PAGE_EN> = {
  eyebrow: 'Aide',
  title: 'Jeu responsable',
  intro:
    'Shifumi doit rester un plaisir. Ces outils vous aident à décider combien et combien de temps vous jouez. Vous les trouverez tous dans la section Jeu responsable de votre page de compte, et les utiliser est toujours une bonne idée.',
  limits: {
    title: 'Limites de dépôt, de pertes et de mises',
    windows:
      'Chaque limite peut porter sur 24 heures, 7 jours ou 30 jours (périodes glissantes). Une limite de dépôt plafonne vos dépôts, une limite de pertes ce que vous pouvez perdre (mises perdues moins gains), une limite de mises le total de vos mises. Les limites sont en dollars américains, au même cours de l’ETH que les mises.',
    wholeStake:
      'Une partie compte comme une perte possible de toute sa mise : une partie qui pourrait vous faire dépasser une limite de pertes ou de mises ne commence pas, et nous vous indiquons quelle limite et quand vous pourrez rejouer ce montant. Atteindre une limite tout juste est permis.',
    deposits:
      'Un dépôt ne peut pas être refusé sur la blockchain. Un dépôt qui dépasse votre limite de dépôt est crédité en entier, et la part au-delà de la limite est bloquée : elle ne peut pas être jouée tant que la période ne la libère pas, et vous pouvez la retirer à tout moment.',
    changes:
      'Fixer ou baisser une limite prend effet immédiatement. La relever ou la supprimer prend effet au bout de 24 heures, et vous pouvez annuler la modification d’ici là.',
  },
  realityCheck: {
    title: 'Rappel de temps de jeu',
    reminder:
      'Un rappel toutes les 15, 30 ou 60 minutes (60 sauf choix contraire) vous indique depuis combien de temps vous jouez pendant la session et votre résultat. Vous pouvez continuer ou arrêter de jouer : vous quittez alors la file d’attente et arrivez sur votre compte. Il n’interrompt jamais une partie : il attend qu’elle se termine.',
    changes: 'Des rappels plus fréquents s’appliquent immédiatement ; moins fréquents (ou aucun), au bout de 24 heures.',
  },
  timeOut: {
    title: 'Pause',
    text: 'Une pause de 24 heures, 7 jours, 30 jours ou 6 semaines. Elle commence immédiatement et ne peut pas être levée avant son terme. Pendant la pause, vous ne pouvez pas jouer, mais vous pouvez vous connecter, consulter votre compte, télécharger vos relevés et retirer. Les dépôts sont crédités mais ne peuvent pas être joués avant la fin de la pause. Une partie déjà en cours se termine selon les règles habituelles.',
  },
  selfExclusion: {
    title: 'Auto-exclusion',
    text: 'Une pause plus longue : 6 mois, 1 an ou 5 ans. Elle commence immédiatement et ne peut pas être levée avant son terme. Une fois son terme passé, elle ne prend fin que si vous le demandez, 24 heures après votre demande. Tout le reste fonctionne comme pendant une pause. Nous ne vous envoyons aucun message promotionnel pendant l’auto-exclusion ; nous continuons à vous écrire au sujet de la sécurité de votre compte.',
  },
  statements: {
    title: 'Relevés',
    text: 'Depuis votre page de compte, vous pouvez télécharger tous les mouvements de votre solde — dépôts, mises, gains, remboursements, retraits — sur la période de votre choix, dans un fichier CSV. Le solde progressif qu’il indique est celui de notre registre comptable.',
  },
  age: {
    title: 'Âge et Conditions',
    text: 'Shifumi est réservé aux adultes. En ouvrant un compte, vous confirmez avoir 18 ans ou plus et accepter les Conditions.',
  },
  help: {
    title: 'Aide indépendante',
    organisations:
      'Si le jeu n’est plus un plaisir, ou si vous vous inquiétez pour le jeu d’un proche, une aide gratuite et confidentielle est proposée par des organismes indépendants : lignes d’écoute nationales sur le jeu, services d’accompagnement et groupes d’entraide comme Gamblers Anonymous (Joueurs Anonymes). De nombreux pays proposent aussi des dispositifs d’auto-exclusion couvrant tous les opérateurs agréés, ainsi que des logiciels qui bloquent les sites de jeu sur vos appareils. Votre médecin peut aussi vous orienter vers des services près de chez vous.',
    talk: 'Nul besoin d’être sûr qu’il y a un problème pour en parler à quelqu’un.',
  },
};
