/**
 * /contact (spec S2 "Contact", S5, S8.06): Full Name, Email Address, Your
 * Message, all required; a toast says whether it was sent; the form empties
 * on success.
 */
import { useState, type FormEvent } from 'react';
import { CONTACT_MESSAGE_MAX_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, contactRequestSchema } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { notify } from '../../../lib/toast';
import { useContactMutation } from '../api/contact-api';
import styles from './contact-page.module.css';
import { PageHeader } from '../../../components/ui/page-header';
import { loadNamespace, translate, useT, type MessageKey } from '../../../lib/i18n/i18n';
import { CONTACT_TEXTS } from '../../../lib/i18n/page-namespaces';

// Issue 27: the page's texts come with its chunk (the module is ready once they are).
await loadNamespace('contact', CONTACT_TEXTS);

type FieldName = 'name' | 'email' | 'message';
/** Each field's problem as a catalogue key: the message follows the language, even when it changes. */
type FieldErrors = Partial<Record<FieldName, MessageKey>>;

const MAX_LENGTH: Record<FieldName, number> = {
  name: NAME_MAX_LENGTH,
  email: EMAIL_MAX_LENGTH,
  message: CONTACT_MESSAGE_MAX_LENGTH,
};

function isFieldName(key: PropertyKey | undefined): key is FieldName {
  return key === 'name' || key === 'email' || key === 'message';
}

/** What the schema found wrong with a field (its issue's code), as the catalogue says it. */
function fieldError(field: FieldName, code: string): MessageKey {
  if (code === 'too_big') return `contact.errors.${field}.tooLong`;
  if (code === 'invalid_format' && field === 'email') return 'contact.errors.email.invalid';
  if (code === 'custom') return `contact.errors.${field}.notAllowed`;
  return `contact.errors.${field}.required`;
}

export function ContactPage() {
  const t = useT();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const contact = useContactMutation();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = contactRequestSchema.safeParse({ name, email, message });
    if (!parsed.success) {
      const fieldErrors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isFieldName(field) && !fieldErrors[field]) fieldErrors[field] = fieldError(field, issue.code);
      }
      setErrors(fieldErrors);
      // Put the cursor where the first problem is.
      const first = (['name', 'email', 'message'] as const).find((field) => fieldErrors[field]);
      if (first) document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    setErrors({});
    contact.mutate(parsed.data, {
      onSuccess: () => {
        notify.success(translate('contact.success'));
        setName('');
        setEmail('');
        setMessage('');
      },
      onError: (error) => {
        console.error('Contact form submission failed', error);
        notify.error(translate('contact.failure'));
      },
    });
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t('contact.title')}>{t('contact.intro')}</PageHeader>

      <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label={t('contact.form')}>
        <TextField
          id="contact-name"
          label={t('contact.name')}
          name="name"
          autoComplete="name"
          required
          maxLength={NAME_MAX_LENGTH}
          value={name}
          error={errors.name && t(errors.name, { max: MAX_LENGTH.name })}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          id="contact-email"
          label={t('contact.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={EMAIL_MAX_LENGTH}
          value={email}
          error={errors.email && t(errors.email, { max: MAX_LENGTH.email })}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextAreaField
          id="contact-message"
          label={t('contact.message')}
          name="message"
          required
          maxLength={CONTACT_MESSAGE_MAX_LENGTH}
          hint={t('contact.characters', { count: message.length, max: CONTACT_MESSAGE_MAX_LENGTH })}
          value={message}
          error={errors.message && t(errors.message, { max: MAX_LENGTH.message })}
          onChange={(event) => setMessage(event.target.value)}
        />
        <Button
          type="submit"
          size="large"
          className={styles.submit}
          disabled={contact.isPending}
          aria-busy={contact.isPending || undefined}
        >
          {contact.isPending ? <Spinner size="small" /> : null}
          {t('contact.submit')}
        </Button>
      </form>
    </div>
  );
}
