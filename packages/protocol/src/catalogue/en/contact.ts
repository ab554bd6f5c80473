/** The contact page in English (issue 27; spec S2 "Contact", S8.06), loaded with its page. */
export const CONTACT_EN = {
  title: 'Contact us',
  intro: 'A question about a match, a deposit or a withdrawal? Write to us — a person reads every message and answers by e-mail.',
  form: 'Contact form',
  name: 'Full Name',
  email: 'Email Address',
  message: 'Your Message',
  characters: '{count} / {max} characters',
  submit: 'Submit',
  success: 'Form submitted successfully',
  failure: 'Error submitting form',
  errors: {
    name: {
      required: 'Full Name is required.',
      tooLong: 'Full Name must be at most {max} characters.',
      notAllowed: 'Full Name contains characters that are not allowed.',
    },
    email: {
      required: 'E-mail is required.',
      tooLong: 'E-mail must be at most {max} characters.',
      notAllowed: 'E-mail contains characters that are not allowed.',
      invalid: 'Please enter a valid e-mail address.',
    },
    message: {
      required: 'Message is required.',
      tooLong: 'Message must be at most {max} characters.',
      notAllowed: 'Message contains characters that are not allowed.',
    },
  },
} as const;
