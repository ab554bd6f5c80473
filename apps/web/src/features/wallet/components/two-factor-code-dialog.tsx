/** Issue 13: the two-factor code of a wallet sign-in, above the wallet's dialog (replaces the browser's prompt). */
import { useRef, useState } from 'react';
import { ACCOUNT_SECURITY_TEXTS } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { answerCode, useCodeRequested } from '../code-request';
import styles from './two-factor-code-dialog.module.css';

export function TwoFactorCodeDialogHost() {
  const question = useCodeRequested();
  // A new question (after a wrong code) starts from an empty field.
  return question ? <TwoFactorCodeDialog key={question.id} problem={question.problem} /> : null;
}

function TwoFactorCodeDialog({ problem }: { problem: string | null }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  return (
    <Dialog
      open
      aboveWalletDialog
      size="small"
      title="Two-factor code"
      description="Enter the 6-digit code from your authenticator app, or one of your recovery codes."
      initialFocusRef={codeRef}
      onClose={() => answerCode(null)}
    >
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim() === '') setError(ACCOUNT_SECURITY_TEXTS.twoFactorCodeRequired);
          else answerCode(code);
        }}
        noValidate
      >
        {problem ? <Notice tone="error">{problem}</Notice> : null}
        <TextField
          ref={codeRef}
          label="Two-factor code"
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          spellCheck={false}
          required
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
        />
        <Button type="submit" block>
          Verify
        </Button>
        <Button type="button" variant="secondary" block onClick={() => answerCode(null)}>
          Cancel
        </Button>
      </form>
    </Dialog>
  );
}
