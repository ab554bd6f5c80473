/** Sentences both texts.ts and server-texts.ts say, as plain constants (an object that reads another's property at load keeps both in every bundle). */
export const SIGN_UP_SUCCESS = 'A verification email has been sent to your address. Please check your inbox!';
export const VERIFY_FAILED_TEXT = 'The verification link is invalid or has expired.';
export const CONTACT_SUCCESS = 'Form submitted successfully';
export const INTERNAL_ERROR = 'Something went wrong on our side. Please try again.';
