import {
  addEmailRequestSchema,
  changePasswordRequestSchema,
  firstIssueMessage,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  twoFactorCodeSchema,
  withdrawalAddressRequestSchema,
} from '@shifumi/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { activateLanguage } from '../../lib/i18n/i18n';
import { formIssueText } from './form-issues';

const TOKEN = 'a'.repeat(43);
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const SIGN_UP = {
  name: 'Ana',
  email: 'ana@example.com',
  password: 'long enough',
  ageConfirmed: true,
  termsAccepted: true,
};

/** Every form's check, with an input it refuses and what a French reader is told. */
const CASES: Array<[string, z.ZodType, unknown, string]> = [
  ['sign-up, no name', registerRequestSchema, { ...SIGN_UP, name: '  ' }, 'Le nom est obligatoire.'],
  [
    'sign-up, long name',
    registerRequestSchema,
    { ...SIGN_UP, name: 'n'.repeat(65) },
    'Le nom ne doit pas dépasser 64 caractères.',
  ],
  [
    'sign-up, control in name',
    registerRequestSchema,
    { ...SIGN_UP, name: 'A\u0007na' },
    'Le nom contient des caractères non autorisés.',
  ],
  [
    'sign-up, invisible in name',
    registerRequestSchema,
    { ...SIGN_UP, name: 'A\u200bna' },
    'Le nom contient des caractères invisibles ou qui changent le sens de l’écriture.',
  ],
  ['sign-up, no e-mail', registerRequestSchema, { ...SIGN_UP, email: '' }, 'L’adresse e-mail est obligatoire.'],
  ['sign-up, bad e-mail', registerRequestSchema, { ...SIGN_UP, email: 'ana@' }, 'Saisissez une adresse e-mail valide.'],
  [
    'sign-up, long e-mail',
    registerRequestSchema,
    { ...SIGN_UP, email: `${'a'.repeat(250)}@example.com` },
    'L’adresse e-mail ne doit pas dépasser 254 caractères.',
  ],
  ['sign-up, no password', registerRequestSchema, { ...SIGN_UP, password: '' }, 'Le mot de passe est obligatoire.'],
  [
    'sign-up, short password',
    registerRequestSchema,
    { ...SIGN_UP, password: 'short' },
    'Le mot de passe doit compter au moins 8 caractères.',
  ],
  [
    'sign-up, long password',
    registerRequestSchema,
    { ...SIGN_UP, password: 'p'.repeat(257) },
    'Le mot de passe ne doit pas dépasser 256 caractères.',
  ],
  [
    'sign-up, bad referral code',
    registerRequestSchema,
    { ...SIGN_UP, referralCode: 'no!' },
    'Ce code de parrainage n’existe pas.',
  ],
  [
    'sign-up, age',
    registerRequestSchema,
    { ...SIGN_UP, ageConfirmed: false },
    'Veuillez confirmer que vous avez 18 ans ou plus.',
  ],
  [
    'sign-up, Terms',
    registerRequestSchema,
    { ...SIGN_UP, termsAccepted: false },
    'Veuillez accepter les Conditions pour continuer.',
  ],
  ['sign-in, no password', loginRequestSchema, { email: 'ana@example.com', password: '' }, 'Le mot de passe est obligatoire.'],
  [
    'sign-in, long password',
    loginRequestSchema,
    { email: 'ana@example.com', password: 'p'.repeat(257) },
    'E-mail ou mot de passe incorrect.',
  ],
  ['forgotten password', forgotPasswordRequestSchema, { email: 'nope' }, 'Saisissez une adresse e-mail valide.'],
  [
    'reset, short password',
    resetPasswordRequestSchema,
    { token: TOKEN, password: 'short' },
    'Le mot de passe doit compter au moins 8 caractères.',
  ],
  [
    'reset, bad link',
    resetPasswordRequestSchema,
    { token: 'bad', password: 'long enough' },
    'Ce lien de réinitialisation n’est pas valide, a déjà servi ou a expiré. Demandez-en un nouveau.',
  ],
  [
    'change, no current',
    changePasswordRequestSchema,
    { currentPassword: '', newPassword: 'long enough' },
    'Le mot de passe actuel est obligatoire.',
  ],
  [
    'change, long current',
    changePasswordRequestSchema,
    { currentPassword: 'p'.repeat(1025), newPassword: 'long enough' },
    'Votre mot de passe actuel est incorrect.',
  ],
  [
    'change, short new',
    changePasswordRequestSchema,
    { currentPassword: 'x', newPassword: 'short' },
    'Le mot de passe doit compter au moins 8 caractères.',
  ],
  ['two-factor, empty', twoFactorCodeSchema, '  ', 'Saisissez le code à 6 chiffres de votre application d’authentification.'],
  [
    'two-factor, malformed',
    twoFactorCodeSchema,
    '12345',
    'Saisissez le code à 6 chiffres de votre application d’authentification, ou l’un de vos codes de secours.',
  ],
  ['add e-mail, bad address', addEmailRequestSchema, { email: 'x' }, 'Saisissez une adresse e-mail valide.'],
  [
    'add e-mail, bad code',
    addEmailRequestSchema,
    { email: 'ana@example.com', code: 'abc' },
    'Saisissez le code à 6 chiffres de votre application d’authentification, ou l’un de vos codes de secours.',
  ],
  [
    'address book, no address',
    withdrawalAddressRequestSchema,
    { address: ' ', label: 'Mine' },
    'Saisissez l’adresse de votre portefeuille Ethereum.',
  ],
  [
    'address book, bad address',
    withdrawalAddressRequestSchema,
    { address: '0x123', label: 'Mine' },
    'Saisissez une adresse Ethereum valide (ERC-20).',
  ],
  ['address book, no label', withdrawalAddressRequestSchema, { address: ADDRESS, label: ' ' }, 'Le libellé est obligatoire.'],
  [
    'address book, long label',
    withdrawalAddressRequestSchema,
    { address: ADDRESS, label: 'l'.repeat(65) },
    'Le libellé ne doit pas dépasser 64 caractères.',
  ],
];

function issuesOf(schema: z.ZodType, input: unknown): z.ZodError {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  return parsed.error;
}

afterEach(async () => {
  await activateLanguage('en');
});

describe('formIssueText (decision 063)', () => {
  it.each(CASES)('%s: English says exactly what the schema (and so the server) says', (_, schema, input) => {
    const error = issuesOf(schema, input);
    expect(formIssueText(error)).toBe(firstIssueMessage(error));
  });

  it.each(CASES)('%s: French says it in French', async (_, schema, input, french) => {
    await activateLanguage('fr');
    expect(formIssueText(issuesOf(schema, input))).toBe(french);
  });

  it('says an input of the wrong kind altogether is not valid, in each language', async () => {
    const error = issuesOf(registerRequestSchema, 'not an object');
    expect(formIssueText(error)).toBe('The request is not valid.');
    await activateLanguage('fr');
    expect(formIssueText(error)).toBe('Les données saisies ne sont pas valides.');
  });
});
