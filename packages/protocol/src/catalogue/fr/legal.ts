/** Les conditions d'utilisation et la confidentialité en français (issue 27) : les mêmes clés que `en/legal.ts`. */
import type { LEGAL_EN } from '../en/legal';
import type { Messages } from '../types';

export const LEGAL_FR: Messages<typeof LEGAL_EN> = {
  terms: {
    title: "Conditions d'utilisation",
    intro:
      "Shifumi permet à deux personnes de s'affronter à pierre-feuille-ciseaux en misant de l'ETH. En créant un compte ou en jouant, vous acceptez les présentes conditions.",
    sections: {
      players: {
        heading: 'Qui peut jouer',
        p1: "Vous devez être majeur dans votre pays de résidence, et les jeux d'argent, de hasard comme d'adresse, doivent y être légaux pour vous. C'est à vous de le vérifier : nous ne détenons pas de licence de jeu pour votre pays.",
        p2: "Un seul compte par personne. Les comptes utilisés pour jouer contre soi-même, tricher ou blanchir de l'argent sont fermés, et leur solde peut être retenu le temps de notre enquête.",
      },
      money: {
        heading: "L'argent",
        p1: 'Votre solde est tenu en ETH. Les mises sont affichées en USDT (dollars américains) et converties en ETH au cours du moment où la partie commence ; le gagnant remporte les deux mises, et une partie sans gagnant rembourse chacun.',
        p2: "Les dépôts sont crédités une fois confirmés par le réseau. Les retraits sont envoyés à l'adresse Ethereum que vous indiquez ; un virement envoyé sur la blockchain est irréversible : vérifiez l'adresse avant de confirmer.",
        p3: 'Quitter une partie en cours, ou perdre la connexion au-delà du délai de reconnexion, vaut abandon : votre adversaire remporte la mise.',
      },
      service: {
        heading: 'Le service',
        p1: "Le serveur fait office d'arbitre : il lance les manches, les chronomètre et règle les mises. Nous faisons de notre mieux pour que le service reste équitable et disponible, mais il est fourni tel quel.",
        p2: 'Nous pouvons modifier ces conditions ; la version en vigueur est celle publiée sur cette page. Une question ? Écrivez-nous via le formulaire de contact.',
      },
    },
  },
  privacy: {
    title: 'Confidentialité',
    intro:
      "Ce que nous conservons à votre sujet, pourquoi et combien de temps. Nous ne vendons pas vos données et n'utilisons aucun traceur publicitaire.",
    sections: {
      kept: {
        heading: 'Ce que nous conservons',
        p1: "Votre compte : nom, adresse e-mail, une empreinte de votre mot de passe (jamais le mot de passe lui-même) et, le cas échéant, l'adresse du portefeuille que vous connectez.",
        p2: "Votre argent et vos parties : dépôts, retraits, mises, gains et résultats. Ce sont des données financières : nous les conservons aussi longtemps que la loi l'exige, même après la fermeture d'un compte.",
        p3: 'Vos sessions : un cookie de connexion et la liste de vos sessions actives, pour que vous puissiez vous déconnecter partout. Les journaux de nos serveurs gardent brièvement des données techniques (adresses, erreurs) pour assurer le bon fonctionnement et la sécurité du service.',
      },
      browser: {
        heading: 'Dans votre navigateur',
        p1: "L'application enregistre dans votre navigateur votre session, le personnage et la mise que vous avez choisis, votre réglage du son et les messages qu'elle ne doit vous montrer qu'une fois. Rien de tout cela n'est partagé avec des tiers.",
        p2: "La connexion d'un portefeuille passe par votre fournisseur de portefeuille, selon sa propre politique de confidentialité. Les dépôts et les retraits sont publics sur la blockchain, comme toute transaction Ethereum.",
      },
      rights: {
        heading: 'Vos droits',
        p1: 'Vous pouvez demander une copie de vos données, leur rectification ou, lorsque la loi le permet, leur effacement, via le formulaire de contact.',
      },
    },
  },
};
