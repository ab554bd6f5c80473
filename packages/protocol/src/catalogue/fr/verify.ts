/** La page `/verify` en français (issue 27) : les mêmes clés que `en/verify.ts`. */
import type { VERIFY_EN } from '../en/verify';
import type { Messages } from '../types';

export const VERIFY_FR: Messages<typeof VERIFY_EN> = {
  eyebrow: 'Jeu équitable',
  title: 'Vérifier une partie',
  intro:
    'Chaque partie jouée sur Shifumi a un compte rendu signé par le serveur : qui a joué quoi à chaque manche, les sceaux des choix, le gagnant et le gain. Collez-en un ici ou importez son fichier : votre navigateur le vérifie, sans rien envoyer nulle part.',
  transcriptLabel: 'Compte rendu (JSON)',
  transcriptHint: "Collez le compte rendu d'une partie, tel que le serveur le fournit.",
  fileLabel: 'Ou importez un fichier de compte rendu',
  keyLabel: 'La clé publique de Shifumi',
  keyHint:
    'Remplie depuis /api/fairness/key. Collez une clé obtenue ailleurs pour vérifier la signature avec celle-ci à la place.',
  keyUnavailable: "La clé publique n'a pas pu être chargée : collez-la pour vérifier la signature.",
  check: 'Vérifier le compte rendu',
  checking: 'Vérification…',
  empty: 'Collez un compte rendu ou importez son fichier.',
  notJson: "Ce n'est pas du JSON : collez le compte rendu exactement tel que le serveur l'a fourni.",
  fileUnreadable: "Ce fichier n'a pas pu être lu.",
  resultsHeading: 'Vérifications',
  passed: 'Réussie',
  failed: 'Échouée',
  allPassed:
    'Les {count} vérifications sont réussies : cette partie est exactement celle que Shifumi a signée, et elle a respecté les règles.',
  someFailed:
    "{failed, plural, one {# vérification sur {count} a échoué} other {# vérifications sur {count} ont échoué}} : ne vous fiez pas à ce compte rendu en l'état.",
  offlineSummary: 'Pour les développeurs : lancer les mêmes vérifications hors ligne',
  offlineIntro: 'Depuis un clone du dépôt Shifumi :',
  offlineCommand: 'npm run verify:game -- <transcript.json> --key <clé publique>',
  details: {
    passed: 'Réussie.',
    notCheckable: "Non vérifiée : le compte rendu n'est pas bien formé.",
    badFormat: '{0} : {1}',
    resultsNotThePlayers: 'La manche {0} ne contient pas exactement un résultat pour chacun des deux joueurs.',
    roundsOutOfOrder: 'La manche en position {0} porte le numéro {1}.',
    commitmentsNone: "Aucun choix n'a été scellé dans cette partie : il n'y a rien à comparer.",
    commitmentsAll: 'Les {0} choix scellés correspondent tous à leur sceau.',
    commitmentMismatch: 'Manche {0} : le choix et le sel de {1} ne redonnent pas le sceau.',
    roundsAll: 'Les {0} manches ont toutes été gagnées par le joueur que désignent les règles.',
    roundWrongWinner: 'Manche {0} : le compte rendu indique {1}, les règles indiquent {2}.',
    winnerByRounds: '{0} a été le premier à gagner 2 manches.',
    drawByMaxRounds: "Personne n'a gagné 2 manches en 10 manches : égalité.",
    endedEarly:
      "La partie s'est terminée avant que les manches ne la décident (un joueur est parti, ou n'est pas revenu à temps) : {0}. Les manches ne peuvent pas montrer qui est parti ; la signature en répond.",
    roundsAfterWinner: 'Un joueur avait déjà gagné la partie quand la manche {0} a été jouée.',
    winnerWrong: 'Le compte rendu indique {0}, les manches indiquent {1}.',
    winnerNotAPlayer: "Le gagnant n'est aucun des deux joueurs.",
    stakeRight: 'La mise de {0} ETH correspond au pari au cours enregistré.',
    stakeWrong: 'La mise est de {0} ETH ; le pari au cours enregistré donne {1} ETH.',
    stakeBadPrice: "Le cours enregistré n'est pas un cours ETH/USD utilisable.",
    payoutRight: '{0} ETH, conformément au résultat.',
    payoutWrong: 'Le gain versé est de {0} ETH ; le résultat donne {1} ETH.',
    signatureValid: 'La signature est valide pour ce compte rendu et cette clé.',
    signatureInvalid:
      'La signature ne correspond pas à ce compte rendu et à cette clé : le compte rendu a été modifié, ou il a été signé avec une autre clé.',
    signatureNoKey: "Aucune clé publique n'a été fournie pour vérifier la signature.",
    signatureBadKey: "La clé publique n'est pas l'encodage base64 de 32 octets.",
    signatureMalformed: "La signature n'est pas l'encodage base64 de 64 octets.",
    signatureUnavailable:
      'Ce navigateur ne sait pas vérifier les signatures Ed25519. Utilisez un navigateur récent, ou lancez npm run verify:game avec le compte rendu.',
    draw: 'égalité',
    problems: {
      missing: 'absent',
      wrongType: 'pas du type attendu',
      notAllowed: 'pas une des valeurs permises',
      wrongFormat: 'pas au format attendu',
      tooSmall: 'trop court ou trop petit (le minimum est {bound})',
      tooBig: 'trop long ou trop grand (le maximum est {bound})',
      unknownField: 'inattendu ici : {bound}',
      samePlayerTwice: 'deux fois le même joueur',
      invalid: 'pas valide',
    },
  },
  checks: {
    format: {
      title: 'Le compte rendu est complet et bien formé',
      meaning: "Chaque champ d'un compte rendu en version 1 est présent, avec le bon type, et il ne contient rien d'autre.",
    },
    signature: {
      title: 'Signé par Shifumi',
      meaning:
        "Le serveur a signé exactement ce compte rendu avec sa clé Ed25519 : personne n'en a modifié le moindre caractère depuis. Comparez la clé avec celle que le site publie sur /api/fairness/key.",
    },
    commitments: {
      title: 'Chaque choix scellé correspond à son sceau',
      meaning:
        "Chaque choix a été scellé, avant que l'adversaire ne joue, sous la forme d'une empreinte de la partie, de la manche, du joueur, du choix et d'un sel secret ; le choix et le sel révélés redonnent exactement cette empreinte : personne n'a pu voir ni modifier un choix avant que les deux soient scellés.",
    },
    rounds: {
      title: 'Le gagnant de chaque manche respecte les règles',
      meaning:
        "La pierre bat les ciseaux, les ciseaux battent la feuille, la feuille bat la pierre, deux choix identiques font égalité ; un joueur dont le choix scellé n'a pas été révélé perd la manche (les deux : égalité).",
    },
    winner: {
      title: 'Le gagnant de la partie découle des manches',
      meaning:
        'Le premier joueur à gagner 2 manches gagne la partie ; après 10 manches sans gagnant, la partie se solde par une égalité.',
    },
    stake: {
      title: 'La mise correspond au pari au cours enregistré',
      meaning: 'Chaque joueur a misé le pari en USDT converti en ETH au cours ETH/USD enregistré, arrondi au wei supérieur.',
    },
    payout: {
      title: 'Le gain découle du résultat',
      meaning:
        "Le gagnant reçoit les deux mises (2 × la mise) ; en cas d'égalité, chaque joueur récupère sa mise. Aucun frais n'est prélevé.",
    },
  },
};
