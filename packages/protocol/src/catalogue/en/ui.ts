/** Shared pieces in English (issue 27): the age and Terms checks, the two-factor code field. */
export const UI_EN = {
  checks: {
    legend: 'Before you play',
    age: 'I am 18 or older',
    terms: 'I accept the {terms}',
    termsLink: 'Terms',
    help: 'Tools to stay in control — limits, reminders, time-outs — are explained on our {page} page.',
    helpLink: 'Responsible gaming',
  },
  twoFactorCode: {
    label: 'Two-factor code',
    required: 'Please enter the 6-digit code from your authenticator app.',
  },
  /**
   * The forms' checks (decision 063): what the protocol's schemas find wrong, before anything is sent. English is
   * the schemas' own wording, exactly (`form-issues.test.ts` compares them); `{field}` is one of `fields`.
   */
  formIssues: {
    fields: {
      email: 'E-mail',
      name: 'Name',
      password: 'Password',
      currentPassword: 'Current password',
      label: 'Label',
    },
    required: '{field} is required.',
    tooShort: '{field} must be at least {min, plural, one {# character} other {# characters}}.',
    tooLong: '{field} must be at most {max, plural, one {# character} other {# characters}}.',
    notAllowed: '{field} contains characters that are not allowed.',
    invisible: '{field} contains invisible or direction-changing characters.',
    emailInvalid: 'Please enter a valid e-mail address.',
    referralUnknown: 'This referral code does not exist.',
    signInFailed: 'Incorrect e-mail or password.',
    currentPasswordWrong: 'Your current password is not correct.',
    codeRequired: 'Please enter the 6-digit code from your authenticator app.',
    codeFormat: 'Please enter the 6-digit code from your authenticator app, or one of your recovery codes.',
    addressMissing: 'Please enter your Ethereum wallet address.',
    addressInvalid: 'Please enter a valid Ethereum address (ERC-20).',
    ageRequired: 'Please confirm that you are 18 or older.',
    termsRequired: 'Please accept the Terms to continue.',
    resetLinkInvalid: 'This password reset link is invalid, has already been used or has expired. Please ask for a new one.',
    invalid: 'The request is not valid.',
  },
} as const;
