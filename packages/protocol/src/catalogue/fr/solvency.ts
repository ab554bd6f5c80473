/** La page `/solvency` en français (issue 27) : les mêmes clés que `en/solvency.ts`. */
import type { SOLVENCY_EN } from '../en/solvency';
import type { Messages } from '../types';

export const SOLVENCY_FR: Messages<typeof SOLVENCY_EN> = {
  eyebrow: 'Jeu équitable',
  title: 'Preuve de solvabilité',
  intro:
    "À intervalles réguliers (toutes les heures par défaut), Shifumi publie ce qu'il doit à l'ensemble des joueurs (un arbre de Merkle à sommes de chaque solde, mise bloquée et retrait non encore payé) face aux ETH qu'il détient à un bloc donné, et signe les deux. Chaque joueur peut vérifier que son propre solde figure dans l'arbre.",
  loading: 'Chargement du dernier instantané…',
  none: "Aucun instantané n'a encore été publié.",
  failed: "L'instantané n'a pas pu être chargé. Réessayez dans un instant.",
  ratio: 'Réserves / engagements',
  covered: 'Entièrement couvert',
  notCovered: 'Pas entièrement couvert',
  reserves: 'Réserves',
  liabilities: 'Engagements',
  players: '{count, plural, one {# joueur} other {# joueurs}}',
  block: 'Bloc',
  snapshotAt: 'Pris le',
  addresses: 'Adresses de réserve',
  counted: 'comptée',
  notCounted: 'non comptée : pas de signature valide',
  history: 'Historique',
  historyChart: 'Ratio des réserves aux engagements sur les {count} derniers instantanés ; la ligne marque 1.',
  historyEmpty: "L'historique commence avec le prochain instantané.",
  verifyTitle: 'Vérifier mon solde',
  verifyIntro:
    "Récupère votre preuve d'inclusion et la vérifie ici, dans votre navigateur, à partir de l'instantané et de la clé publique.",
  verifyButton: 'Vérifier mon solde',
  verifying: 'Vérification…',
  signInToVerify: "Connectez-vous pour vérifier que votre solde figure dans l'arbre.",
  proofFailed: "Votre preuve n'a pas pu être chargée. Réessayez dans un instant.",
  yourAmount: 'Votre montant dans cet instantané :',
  checksHeading: 'Les vérifications',
  allPassed: 'Toutes les vérifications sont réussies : votre solde est bien compté dans les engagements publiés.',
  someFailed:
    '{count, plural, one {# vérification a échoué} other {# vérifications ont échoué}} : cette preuve ne montre pas que votre solde est compté.',
  pass: 'Réussie',
  fail: 'Échouée',
  checkFromNode: 'Chacun peut relire ces soldes à ce bloc depuis son propre nœud, et vérifier chaque signature du message :',
  cli: 'Ou hors ligne : npm run verify:solvency -- proof.json --snapshot snapshot.json --key <clé publique>',
  details: {
    passed: 'Réussie.',
    notCheckable: "Non vérifiée : la preuve ou l'instantané n'est pas bien formé.",
    badFormat: '{0} : {1}',
    otherSnapshot: "La preuve concerne l'instantané {0}, pas l'instantané {1}.",
    leafMatches:
      'La feuille recalculée à partir de votre identifiant, de votre sel et de votre montant est bien celle de la preuve.',
    otherUser: "La preuve concerne l'utilisateur {0}, pas vous : elle ne dit rien de votre solde.",
    leafMismatch:
      "La feuille recalculée à partir de l'identifiant, du sel et du montant n'est pas celle de la preuve : l'un d'eux a été modifié.",
    amountNegative: 'Le montant de {0} wei est négatif : un solde de l’arbre ne peut jamais l’être.',
    amountOverflow: 'Le montant de {0} wei dépasse 32 octets (plus de 2^256 − 1).',
    stepNegative: "L'étape {0} du chemin a une somme négative ({1} wei) : refusée.",
    stepOverflow: "L'étape {0} du chemin a une somme qui dépasse 32 octets ({1} wei) : refusée.",
    nodeOverflow: "À l'étape {0} du chemin, les deux sommes dépassent ensemble 2^256 − 1 : refusée.",
    pathFine:
      "{0, plural, =0 {Votre feuille est l'arbre entier : il n'y a aucun chemin à parcourir, et votre montant est positif ou nul.} one {L'unique étape du chemin a des sommes positives ou nulles qui tombent juste.} other {Les # étapes du chemin ont toutes des sommes positives ou nulles qui tombent juste.}}",
    rootMatches: "Le chemin aboutit à la racine de l'instantané, dont la somme est de {0} wei.",
    rootHashMismatch:
      "Le chemin n'aboutit pas à l'empreinte de la racine de l'instantané : la preuve n'appartient pas à cet arbre.",
    rootSumMismatch: "Le chemin totalise {0} wei, mais la racine de l'instantané indique {1} wei.",
    proofRootMismatch: "La racine de la preuve n'est pas celle de l'instantané.",
    signatureValid: "La signature Ed25519 de l'instantané est valide pour cette clé.",
    signatureInvalid:
      "La signature ne correspond pas à l'instantané et à cette clé : l'instantané a été modifié, ou il a été signé par une autre clé.",
    signatureMalformed: "L'instantané ne porte pas de signature bien formée (base64 de 64 octets).",
    signatureNoKey: "Aucune clé publique n'a été fournie pour vérifier la signature.",
    signatureBadKey: "La clé publique n'est pas l'encodage base64 de 32 octets.",
    signatureUnavailable:
      'Ce navigateur ne sait pas vérifier les signatures Ed25519 ; utilisez un navigateur récent ou `npm run verify:solvency`.',
    reservesFine:
      '{0, plural, one {# adresse de réserve sur {1} est comptée, avec une signature valide} other {# adresses de réserve sur {1} sont comptées, chacune avec une signature valide}} ; le total et le ratio tombent juste.',
    reserveBadSignature:
      "La signature de {0} n'a pas été faite avec la clé de cette adresse, et pourtant l'instantané la compte.",
    reservesTotalMismatch: "Les adresses comptées détiennent {0} wei, mais le total de l'instantané indique {1} wei.",
    ratioMismatch: "Le ratio des réserves comptées sur les engagements est de {0}, mais l'instantané indique {1}.",
  },
  checks: {
    format: {
      title: "La preuve et l'instantané sont complets et bien formés",
      meaning:
        "Chaque champ de la preuve et de l'instantané est présent, avec le bon type, et la preuve appartient bien à cet instantané.",
    },
    leaf: {
      title: "Votre solde est dans l'arbre",
      meaning:
        'La feuille est le SHA-256 de « shifumi-liability-leaf », 0x00, SHA-256(sel ‖ votre identifiant) et votre montant sur 32 octets : recalculée ici à partir de votre identifiant, de votre sel et de votre montant, elle est exactement la feuille de la preuve.',
    },
    path: {
      title: 'Chaque somme du chemin est positive ou nulle et tombe juste',
      meaning:
        "De votre feuille jusqu'à la racine, chaque somme voisine est un nombre entier de wei compris entre 0 et 2^256 − 1, et chaque nœud est le SHA-256 de « shifumi-liability-node », 0x01, de ses deux enfants et de leurs sommes : aucun solde ne peut être négatif, caché ou compté deux fois.",
    },
    root: {
      title: 'Le chemin aboutit à la racine publiée',
      meaning:
        "La racine calculée à partir de votre feuille et du chemin est celle de l'instantané, et sa somme est le total dû à l'ensemble des joueurs.",
    },
    signature: {
      title: 'Signé par Shifumi',
      meaning:
        "Le serveur a signé exactement cet instantané avec sa clé Ed25519 (celle publiée sur /api/fairness/key, qui signe aussi les comptes rendus de partie) : aucun chiffre n'a été modifié depuis.",
    },
    reserves: {
      title: 'Les réserves tombent juste et chaque adresse comptée est contrôlée',
      meaning:
        "Chaque adresse de réserve comptée a signé le message de l'instantané avec sa propre clé ; le total est la somme des soldes de ces adresses au bloc, et le ratio est ce total rapporté aux engagements.",
    },
  },
};
