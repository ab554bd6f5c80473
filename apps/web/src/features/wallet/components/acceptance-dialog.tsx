/** Issue 19: the age and Terms confirmation of a first wallet sign-in, above the wallet's dialog. */
import { Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/notice';
import { AgeAndTermsChecks } from '../../../components/ui/age-and-terms-checks';
import { answerAcceptance, useAcceptanceRequested } from '../acceptance-request';
import { useWalletT } from '../wallet-texts';

export function AcceptanceDialogHost() {
  const requested = useAcceptanceRequested();
  // Its own boundary: the stack has none above it, and the dialog waits for its texts in the player's language.
  return requested ? (
    <Suspense fallback={null}>
      <AcceptanceDialog />
    </Suspense>
  ) : null;
}

function AcceptanceDialog() {
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const t = useWalletT();
  return (
    <Dialog
      open
      aboveWalletDialog
      size="small"
      title={t('wallet.acceptance.title')}
      description={t('wallet.acceptance.text')}
      onClose={() => answerAcceptance(false)}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!ageConfirmed) setError(t('wallet.acceptance.ageRequired'));
          else if (!termsAccepted) setError(t('wallet.acceptance.termsRequired'));
          else answerAcceptance(true);
        }}
        noValidate
      >
        <AgeAndTermsChecks
          ageConfirmed={ageConfirmed}
          termsAccepted={termsAccepted}
          onAgeConfirmed={setAgeConfirmed}
          onTermsAccepted={setTermsAccepted}
        />
        {error ? <Notice tone="error">{error}</Notice> : null}
        <Button type="submit" block>
          {t('wallet.acceptance.submit')}
        </Button>
      </form>
    </Dialog>
  );
}
