/**
 * Adds an e-mail address to a wallet-only account, or replaces one that is
 * not verified yet: the server mails a verification link to it (withdrawals
 * need a verified e-mail).
 */
import { useState, type FormEvent } from 'react';
import { addEmailRequestSchema, firstIssueMessage } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { userFacingMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useAddEmailMutation } from '../../../lib/account-api';
import styles from './account-page.module.css';

export function AddEmailForm({ replacing }: { replacing: boolean }) {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const addEmail = useAddEmailMutation();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const parsed = addEmailRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setProblem(firstIssueMessage(parsed.error));
      return;
    }
    addEmail.mutate(parsed.data.email, {
      // A toast: once the account is read again the form gives way to the verification box.
      onSuccess: (answer) => {
        notify.success(answer.message);
        setEmail('');
      },
      onError: (error) => {
        console.error('Adding the e-mail address failed', error);
        setProblem(userFacingMessage(error));
      },
    });
  }

  return (
    <form className={styles.inlineForm} onSubmit={handleSubmit} noValidate>
      <TextField
        label={replacing ? 'New e-mail address' : 'E-mail address'}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={problem}
        disabled={addEmail.isPending}
      />
      <Button type="submit" size="small" disabled={addEmail.isPending} aria-busy={addEmail.isPending || undefined}>
        {replacing ? 'Use this address' : 'Add e-mail'}
      </Button>
    </form>
  );
}
