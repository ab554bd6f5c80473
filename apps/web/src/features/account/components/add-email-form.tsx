/**
 * Adds an e-mail address to a wallet-only account, or changes the account's
 * address: the server mails a verification link to it (withdrawals need a
 * verified e-mail). Issue 23: an account with a password gives it, and its
 * two-factor code when two-factor is on; a verified address changes only
 * once the link sent to the new one is opened. A refusal shows the server's
 * sentence.
 */
import { useState, type FormEvent } from 'react';
import { addEmailRequestSchema } from '@shifumi/protocol';
import { useFormIssueText } from '../../../components/ui/form-issues';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { TwoFactorCodeField } from '../../../components/ui/two-factor-code-field';
import { userFacingMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useAddEmailMutation } from '../../../lib/account-api';
import { useSecurityQuery } from '../api/security-api';
import { useAccountT } from '../account-texts';
import styles from './account-page.module.css';

export function AddEmailForm({ replacing }: { replacing: boolean }) {
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const issueText = useFormIssueText();
  const addEmail = useAddEmailMutation();
  const security = useSecurityQuery(true);
  const asksPassword = security.data?.hasPassword === true;
  const asksCode = security.data?.twoFactorEnabled === true;
  const t = useAccountT();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const parsed = addEmailRequestSchema.safeParse({
      email,
      ...(asksPassword ? { currentPassword } : {}),
      ...(asksCode && code.trim() !== '' ? { code } : {}),
    });
    if (!parsed.success) {
      setProblem(issueText(parsed.error));
      return;
    }
    addEmail.mutate(parsed.data, {
      // A toast: once the account is read again the form gives way to the verification box.
      onSuccess: (answer) => {
        notify.success(answer.message);
        setEmail('');
        setCurrentPassword('');
        setCode('');
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
        label={t(replacing ? 'account.profile.newEmail' : 'account.profile.emailAddress')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={problem}
        disabled={addEmail.isPending}
      />
      {asksPassword ? (
        <TextField
          label={t('account.profile.currentPassword')}
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          disabled={addEmail.isPending}
        />
      ) : null}
      {asksCode ? <TwoFactorCodeField value={code} onChange={setCode} disabled={addEmail.isPending} /> : null}
      <Button type="submit" size="small" disabled={addEmail.isPending} aria-busy={addEmail.isPending || undefined}>
        {t(replacing ? 'account.profile.useThisAddress' : 'account.profile.addEmail')}
      </Button>
    </form>
  );
}
