/**
 * Issue 24: `/challenge/{id}` with the sign-in dialog a visitor opens from it
 * (the auth feature's), composed here since no feature imports another. The
 * dialog opens over the page: signed in, the visitor is still on it.
 */
import { Suspense, useState } from 'react';
import { AuthDialog } from '../features/auth/components/auth-dialog';
import { ChallengePage } from '../features/challenge/components/challenge-page';

export function ChallengeRoute() {
  const [auth, setAuth] = useState<{ mode: 'sign-in' | 'sign-up'; id: number } | null>(null);
  return (
    <>
      <ChallengePage onAuth={(mode) => setAuth({ mode, id: Date.now() })} />
      {auth ? (
        <Suspense fallback={null}>
          <AuthDialog key={auth.id} initialMode={auth.mode} onClose={() => setAuth(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
