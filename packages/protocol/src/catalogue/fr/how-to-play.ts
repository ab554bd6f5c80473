/** How to play in French (issue 27): the same keys as `en/how-to-play.ts`; `<b>…</b>` marks the words in bold. */
import type { HOW_TO_PLAY_EN } from '../en/how-to-play';
import type { Messages } from '../types';

export const HOW_TO_PLAY_FR: Messages<typeof HOW_TO_PLAY_EN> = {
  eyebrow: 'Aide',
  title: 'Comment jouer',
  intro:
    'Shifumi, c’est pierre-feuille-ciseaux contre une vraie personne, en temps réel, avec de l’argent réel en jeu. Voici tout ce qu’il faut savoir avant votre première partie.',
  quickStart: {
    heading: 'Démarrage rapide',
    depositTitle: 'Déposez des ETH',
    depositText:
      'Connectez-vous, appuyez sur Ajouter des fonds et envoyez des ETH à votre adresse de dépôt personnelle. Seul l’ETH est accepté sur cette adresse. Votre solde est crédité dès que le réseau confirme le transfert, et il est conservé en ETH.',
    betTitle: 'Choisissez votre mise',
    betText:
      'Choisissez un montant de {min} à {max} USDT ({amounts}). Les mises sont affichées en USDT et réglées en ETH au cours du moment : votre solde doit couvrir la mise convertie en ETH.',
    matchTitle: 'Choisissez votre personnage et trouvez un adversaire',
    matchText:
      'Choisissez l’un des quatre personnages, appuyez sur Jouer et nous vous associons à un autre joueur qui mise le même montant. Vous pouvez annuler tant que la recherche est en cours.',
  },
  rules: {
    heading: 'Règles du jeu',
    rockBeatsScissors: 'La <b>pierre</b> bat les <b>ciseaux</b>',
    scissorsBeatPaper: 'Les <b>ciseaux</b> battent la <b>feuille</b>',
    paperBeatsRock: 'La <b>feuille</b> bat la <b>pierre</b>',
    round:
      'Chaque manche dure <b>{seconds} secondes</b>. Les deux joueurs choisissent en secret ; une fois votre choix fait, il est verrouillé.',
    timeout: 'Si le chrono arrive à zéro avant que vous ayez choisi, vous jouez <b>pierre</b> d’office.',
    draw: 'Quand les deux joueurs montrent la même main, la manche est nulle : personne ne marque et une nouvelle manche commence.',
    win: 'Le premier joueur à remporter <b>{rounds} manches</b> gagne la partie.',
  },
  win: {
    heading: 'Comment gagner',
    roundsTitle: 'Remportez {rounds} manches',
    roundsText:
      'Une partie n’a pas de durée fixe : les égalités ne comptent pas, elle dure donc jusqu’à ce qu’un joueur ait gagné {rounds} manches.',
    doubleTitle: 'Empochez le double de la mise',
    doubleText: 'Les deux joueurs misent le même montant. Le gagnant reçoit le double de la mise, crédité sur son solde.',
    stayTitle: 'Restez jusqu’au bout',
    stayText:
      'Si votre adversaire quitte la partie, vous la gagnez. Si vous la quittez ou rechargez la page pendant une partie, vous la perdez.',
  },
  fairPlay: {
    heading: 'Jeu équitable',
    sealedTitle: 'Votre choix est scellé dans votre navigateur',
    sealedText:
      'Avant que votre choix ne quitte votre appareil, votre navigateur le verrouille sous forme de sceau : une empreinte SHA-256 de la partie, de la manche, de votre identité, de votre choix et d’un sel aléatoire secret. Personne — ni le serveur, ni quelqu’un qui lirait sa base de données ou le trafic entre ses machines — ne peut transmettre votre choix à votre adversaire avant qu’il ait verrouillé le sien : votre navigateur ne le révèle qu’une fois les deux choix verrouillés. Un sceau désigne votre compte, la partie et la manche : votre adversaire ne peut pas le recopier.',
    signedTitle: 'Chaque partie est signée, et vous pouvez la vérifier',
    signedText:
      'À la fin d’une partie, le serveur signe son déroulé : chaque manche avec les deux choix et leurs sceaux, le gagnant et le gain. Vérifiez-le sur la page Vérifier ou hors ligne : chaque sceau doit correspondre à son choix, chaque manche et la partie doivent respecter les règles, le gagnant doit recevoir le double de la mise, et la signature doit correspondre à la clé publique de Shifumi.',
    hiddenTitle: 'Un choix caché perd la manche',
    hiddenText:
      'Une fois les deux choix verrouillés, chaque navigateur dispose de {seconds} secondes pour révéler le sien. Un choix qui n’est pas révélé à temps, ou qui ne correspond pas à son sceau, perd la manche (si les deux sont dans ce cas : égalité) ; cacher son choix ne rapporte donc jamais rien.',
    limitsTitle: 'Ce que le sceau ne peut pas empêcher',
    limitsText:
      'Il ne peut pas empêcher deux joueurs de se dire leurs choix, ni un programme de jouer à la place de quelqu’un. Et il repose sur la page que votre navigateur exécute, fournie par Shifumi : c’est le déroulé signé qui vous permet, à vous ou à toute personne à qui vous le montrez, de vérifier une partie après coup.',
    verifyLink: 'Vérifier une partie sur la page Vérifier',
  },
  tips: {
    heading: 'Conseils de pro',
    beforeLastSecond:
      'Choisissez avant la dernière seconde. Quand le temps est écoulé, vous jouez pierre, et un adversaire qui le sait répondra feuille.',
    habits:
      'Repérez les habitudes. Beaucoup de joueurs rejouent la main qui vient de gagner et changent après une défaite ; rares sont ceux qui jouent vraiment au hasard.',
    vary: 'Variez vos propres choix pour ne pas devenir prévisible.',
    small: 'Commencez par de petites mises le temps de prendre le rythme d’une partie.',
    connection: 'Jouez avec une connexion stable : quitter une partie, même par accident, la fait perdre.',
    verifyEmail: 'Vérifiez votre adresse e-mail tôt : les retraits exigent une adresse vérifiée.',
    budget:
      'Fixez-vous un budget avant de jouer et arrêtez-vous quand vous l’atteignez. Ne misez jamais de l’argent que vous ne pouvez pas vous permettre de perdre.',
  },
};
