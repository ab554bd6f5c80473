/**
 * Issue 27 (decision 063): what a form's check (the protocol's zod schema)
 * finds wrong, said in the reader's language. The schemas write English for
 * the server's refusals (decision 052); here an issue is told by what it is —
 * its code, its field (the last step of its path), its bounds, and for a
 * refinement the name it carries (`params.formCheck`) — never by its words.
 * English is the schemas' wording exactly (`form-issues.test.ts`).
 */
import { FORM_CHECKS, firstIssueMessage, type FormCheck } from '@shifumi/protocol';
import type { z } from 'zod';
import { currentLanguage, translate, type MessageKey } from '../../lib/i18n/i18n';
import { useUiT } from './ui-texts';

/** The fields a message names, by the schemas' field names (`newPassword` is said "Password", like the schema says). */
const FIELD_NAMES = {
  email: 'ui.formIssues.fields.email',
  name: 'ui.formIssues.fields.name',
  password: 'ui.formIssues.fields.password',
  newPassword: 'ui.formIssues.fields.password',
  currentPassword: 'ui.formIssues.fields.currentPassword',
  label: 'ui.formIssues.fields.label',
} as const satisfies Record<string, MessageKey>;

/** Fields whose built-in checks have a sentence of their own, by the issue's code. */
const OWN_SENTENCES: Record<string, Partial<Record<string, MessageKey>>> = {
  email: { invalid_format: 'ui.formIssues.emailInvalid' },
  referralCode: { invalid_format: 'ui.formIssues.referralUnknown', invalid_type: 'ui.formIssues.referralUnknown' },
  currentPassword: { too_big: 'ui.formIssues.currentPasswordWrong' },
  address: { too_small: 'ui.formIssues.addressMissing', invalid_type: 'ui.formIssues.addressMissing' },
  code: { invalid_type: 'ui.formIssues.codeRequired' },
  token: { invalid_format: 'ui.formIssues.resetLinkInvalid', invalid_type: 'ui.formIssues.resetLinkInvalid' },
  ageConfirmed: { invalid_value: 'ui.formIssues.ageRequired' },
  termsAccepted: { invalid_value: 'ui.formIssues.termsRequired' },
};

type Issue = z.core.$ZodIssue;

function fieldOf(issue: Issue): string {
  const last = issue.path.at(-1);
  return typeof last === 'string' ? last : '';
}

function formCheckOf(issue: Issue): FormCheck | null {
  if (issue.code !== 'custom') return null;
  const name: unknown = issue.params?.formCheck;
  return (FORM_CHECKS as readonly unknown[]).includes(name) ? (name as FormCheck) : null;
}

/** The sentence of a field named in it (required, too short or long, characters not allowed); null when the field has no name. */
function namedFieldSentence(issue: Issue, field: string, check: FormCheck | null): string | null {
  if (!Object.hasOwn(FIELD_NAMES, field)) return null;
  const name = translate(FIELD_NAMES[field as keyof typeof FIELD_NAMES]);
  if (check === 'notAllowed' || check === 'invisible') return translate(`ui.formIssues.${check}`, { field: name });
  if (issue.code === 'too_small' && Number(issue.minimum) > 1) {
    return translate('ui.formIssues.tooShort', { field: name, min: Number(issue.minimum) });
  }
  if (issue.code === 'too_small' || issue.code === 'invalid_type') return translate('ui.formIssues.required', { field: name });
  if (issue.code === 'too_big') return translate('ui.formIssues.tooLong', { field: name, max: Number(issue.maximum) });
  return null;
}

/** The first issue of a form's check, in the reader's language. */
export function formIssueText(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue || (issue.path.length === 0 && issue.code === 'invalid_type')) return translate('ui.formIssues.invalid');
  const field = fieldOf(issue);
  const check = formCheckOf(issue);
  if (check !== null && check !== 'notAllowed' && check !== 'invisible') return translate(`ui.formIssues.${check}`);
  const own = Object.hasOwn(OWN_SENTENCES, field) ? OWN_SENTENCES[field]?.[issue.code] : undefined;
  if (own) return translate(own);
  const named = namedFieldSentence(issue, field, check);
  if (named !== null) return named;
  // A check this table does not know yet: English says the schema's own words; another language, that it is not valid.
  return currentLanguage() === 'en' ? firstIssueMessage(error) : translate('ui.formIssues.invalid');
}

/** `formIssueText` for a form's component: waits (suspends) until the `ui` texts are there in the current language. */
export function useFormIssueText(): typeof formIssueText {
  useUiT();
  return formIssueText;
}
