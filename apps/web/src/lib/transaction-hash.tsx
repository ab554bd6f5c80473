/**
 * A transaction hash as shown (issue 14): a link to the block explorer when
 * the server names one (EXPLORER_URL, told by GET /api/config), otherwise the
 * hash alone with a copy button. Shortened on screen, whole on hover and for
 * screen readers.
 */
import { TEXTS } from '@shifumi/protocol/texts';
import { CopyIcon } from '../components/ui/icons';
import { useChainConfigQuery } from './chain-config';
import { copyWithToast } from './clipboard';
import { shortHash } from './money-format';
import styles from './transaction-hash.module.css';

/** The explorer page of `hash`, or null without an explorer. */
export function explorerTransactionUrl(explorerUrl: string | null | undefined, hash: string): string | null {
  return explorerUrl ? `${explorerUrl.replace(/\/+$/, '')}/tx/${hash}` : null;
}

export function TransactionHash({ hash, className = '' }: { hash: string; className?: string }) {
  const config = useChainConfigQuery();
  const href = explorerTransactionUrl(config.data?.explorerUrl, hash);
  if (href) {
    return (
      <a
        className={`${styles.hash} ${className}`}
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        title={hash}
        aria-label={`${TEXTS.explorerLink}: ${hash}`}
      >
        {shortHash(hash)}
      </a>
    );
  }
  return (
    <span className={`${styles.hash} ${className}`}>
      <span title={hash}>{shortHash(hash)}</span>
      <button
        type="button"
        className={styles.copy}
        aria-label={`${TEXTS.copyHash} ${hash}`}
        title={TEXTS.copyHash}
        onClick={() => void copyWithToast(hash, TEXTS.hashCopied, (reason) => `Could not copy: ${reason}`)}
      >
        <CopyIcon width={16} height={16} />
      </button>
    </span>
  );
}
