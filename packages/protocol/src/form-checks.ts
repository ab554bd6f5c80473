/**
 * Issue 27 (decision 063): the name of a refinement's sentence, carried by its
 * issue (`params.formCheck`), so that the web says it in the reader's language
 * (the built-in checks are told apart by their code and field). The server's
 * refusals still say the English `error` (decision 052).
 */
export const FORM_CHECKS = ['notAllowed', 'invisible', 'signInFailed', 'codeRequired', 'codeFormat', 'addressInvalid'] as const;
export type FormCheck = (typeof FORM_CHECKS)[number];

/** The `params` of a refinement whose sentence is `name`. */
export function formCheck(name: FormCheck): { formCheck: FormCheck } {
  return { formCheck: name };
}
