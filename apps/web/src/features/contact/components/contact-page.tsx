/**
 * /contact (spec S2 "Contact", S5, S8.06): Full Name, Email Address, Your
 * Message, all required; a toast says whether it was sent; the form empties
 * on success.
 */
import { useState, type FormEvent } from 'react';
import { CONTACT_MESSAGE_MAX_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, TEXTS, contactRequestSchema } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { notify } from '../../../lib/toast';
import { useContactMutation } from '../api/contact-api';
import styles from './contact-page.module.css';
import { PageHeader } from '../../../components/ui/page-header';

type FieldName = 'name' | 'email' | 'message';
type FieldErrors = Partial<Record<FieldName, string>>;

function isFieldName(key: PropertyKey | undefined): key is FieldName {
  return key === 'name' || key === 'email' || key === 'message';
}

export function ContactPage() {
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
        if (isFieldName(field) && !fieldErrors[field]) fieldErrors[field] = issue.message;
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
        notify.success(TEXTS.contactSuccess);
        setName('');
        setEmail('');
        setMessage('');
      },
      onError: (error) => {
        console.error('Contact form submission failed', error);
        notify.error(TEXTS.contactFailure);
      },
    });
  }

  return (
    <div className={styles.page}>
      <PageHeader title="Contact us">
        A question about a match, a deposit or a withdrawal? Write to us — a person reads every message and answers by
        e-mail.
      </PageHeader>

      <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label="Contact form">
        <TextField
          id="contact-name"
          label="Full Name"
          name="name"
          autoComplete="name"
          required
          maxLength={NAME_MAX_LENGTH}
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          id="contact-email"
          label="Email Address"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={EMAIL_MAX_LENGTH}
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextAreaField
          id="contact-message"
          label="Your Message"
          name="message"
          required
          maxLength={CONTACT_MESSAGE_MAX_LENGTH}
          hint={`${message.length} / ${CONTACT_MESSAGE_MAX_LENGTH} characters`}
          value={message}
          error={errors.message}
          onChange={(event) => setMessage(event.target.value)}
        />
        <Button type="submit" size="large" className={styles.submit} disabled={contact.isPending} aria-busy={contact.isPending || undefined}>
          {contact.isPending ? <Spinner size="small" /> : null}
          Submit
        </Button>
      </form>
    </div>
  );
}
