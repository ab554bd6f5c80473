/** Issue 19: the age and Terms confirmation of a first wallet sign-in, above the wallet's dialog. */
import { useState } from 'react';
import { RESPONSIBLE_GAMING_TEXTS } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/notice';
import { AgeAndTermsChecks } from '../../../components/ui/age-and-terms-checks';
import { answerAcceptance, useAcceptanceRequested } from '../acceptance-request';

export function AcceptanceDialogHost() {
  const requested = useAcceptanceRequested();
  return requested ? <AcceptanceDialog /> : null;
}

function AcceptanceDialog() {
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      open
      aboveWalletDialog
      size="small"
      title="Create your account"
      description="This wallet has no Shifumi account yet. To create one, please confirm:"
      onClose={() => answerAcceptance(false)}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!ageConfirmed) setError(RESPONSIBLE_GAMING_TEXTS.ageRequired);
          else if (!termsAccepted) setError(RESPONSIBLE_GAMING_TEXTS.termsRequired);
          else answerAcceptance(true);
        }}
        noValidate
      >
        <AgeAndTermsChecks ageConfirmed={ageConfirmed} termsAccepted={termsAccepted} onAgeConfirmed={setAgeConfirmed} onTermsAccepted={setTermsAccepted} />
        {error ? <Notice tone="error">{error}</Notice> : null}
        <Button type="submit" block>
          Create my account
        </Button>
      </form>
    </Dialog>
  );
}
