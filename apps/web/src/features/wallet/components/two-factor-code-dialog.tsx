/** Issue 13: the two-factor code of a wallet sign-in, above the wallet's dialog (replaces the browser's prompt). */
import { Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/notice';
import { TwoFactorCodeField } from '../../../components/ui/two-factor-code-field';
import { translate } from '../../../lib/i18n/i18n';
import { answerCode, useCodeRequested } from '../code-request';
import { useWalletT } from '../wallet-texts';
import styles from './two-factor-code-dialog.module.css';

export function TwoFactorCodeDialogHost() {
  const question = useCodeRequested();
  // A new question (after a wrong code) starts from an empty field.
  // Its own boundary: the stack has none above it, and the dialog waits for its texts in the player's language.
  return question ? (
    <Suspense fallback={null}>
      <TwoFactorCodeDialog key={question.id} problem={question.problem} />
    </Suspense>
  ) : null;
}

function TwoFactorCodeDialog({ problem }: { problem: string | null }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const t = useWalletT();
  return (
    <Dialog
      open
      aboveWalletDialog
      size="small"
      title={t('wallet.twoFactor.title')}
      description={t('wallet.twoFactor.text')}
      initialFocusRef={codeRef}
      onClose={() => answerCode(null)}
    >
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim() === '') setError(translate('ui.twoFactorCode.required'));
          else answerCode(code);
        }}
        noValidate
      >
        {problem ? <Notice tone="error">{problem}</Notice> : null}
        <TwoFactorCodeField
          ref={codeRef}
          required
          value={code}
          error={error}
          onChange={(value) => {
            setCode(value);
            setError(null);
          }}
        />
        <Button type="submit" block>
          {t('wallet.twoFactor.verify')}
        </Button>
        <Button type="button" variant="secondary" block onClick={() => answerCode(null)}>
          {t('wallet.twoFactor.cancel')}
        </Button>
      </form>
    </Dialog>
  );
}
