/** Issue 19: while a time-out or self-exclusion runs, a banner on every page says until when. */
import { useLimitsQuery } from '../api/responsible-gaming-api';
import { formatWhen } from './responsible-gaming-text';
import styles from './responsible-gaming.module.css';

export function ProtectionBanner() {
  const limits = useLimitsQuery(true);
  const state = limits.data;
  if (!state) return null;
  let text: string | null = null;
  if (state.selfExclusion) {
    const end = state.selfExclusion.endsAt ?? state.selfExclusion.until;
    text =
      state.selfExclusion.endsAt === null && Date.parse(state.selfExclusion.until) <= Date.now()
        ? 'Your self-exclusion has reached its term. It ends 24 hours after you ask, from your account page.'
        : `You are self-excluded until ${formatWhen(end)}. You can still see your account, download statements and withdraw.`;
  } else if (state.timeOut) {
    text = `You are taking a time-out until ${formatWhen(state.timeOut.until)}. You can still see your account, download statements and withdraw.`;
  }
  if (text === null) return null;
  return (
    <div className={styles.banner} role="status" data-testid="protection-banner">
      {text} <a href="/responsible-gaming">About time-outs and self-exclusion</a>
    </div>
  );
}
