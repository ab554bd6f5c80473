/**
 * The history of the ratio as a small inline SVG line (no chart library):
 * oldest on the left, a dashed line at 1; points at or above 1 green, below
 * red. Its text alternative is the list of snapshots under it.
 */
import type { SolvencyHistoryEntry } from '@shifumi/protocol/solvency';
import { useT } from '../../../lib/i18n/i18n';
import styles from './solvency-page.module.css';

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 8;

export function RatioChart({ history }: { history: readonly SolvencyHistoryEntry[] }) {
  const entries = [...history].reverse();
  const ratios = entries.map((entry) => Number(entry.ratio));
  const top = Math.max(1.25, ...ratios) * 1.1;
  const x = (index: number) => (entries.length === 1 ? WIDTH / 2 : PAD + (index * (WIDTH - 2 * PAD)) / (entries.length - 1));
  const y = (ratio: number) => HEIGHT - PAD - (Math.min(ratio, top) / top) * (HEIGHT - 2 * PAD);
  const line = ratios.map((ratio, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(ratio).toFixed(1)}`).join(' ');
  const label = useT()('solvency.historyChart', { count: entries.length });
  return (
    <figure className={styles.chart}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={label}
        preserveAspectRatio="none"
        className={styles.chartSvg}
      >
        <title>{label}</title>
        <line x1={PAD} x2={WIDTH - PAD} y1={y(1)} y2={y(1)} className={styles.chartOne} />
        {entries.length > 1 ? <path d={line} className={styles.chartLine} /> : null}
        {ratios.map((ratio, index) => (
          <circle
            key={entries[index]!.id}
            cx={x(index)}
            cy={y(ratio)}
            r={3}
            className={ratio >= 1 ? styles.chartGood : styles.chartBad}
          />
        ))}
      </svg>
      <figcaption className={styles.muted}>{label}</figcaption>
    </figure>
  );
}
