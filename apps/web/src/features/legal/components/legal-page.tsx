/**
 * /terms and /privacy (issue 14): plain pages linked from the footer, each a
 * chunk fetched when first shown, their texts a namespace of their own in the
 * reader's language (issue 27).
 */
import type { LEGAL_EN } from '@shifumi/protocol/catalogue/en/legal';
import { PageHeader } from '../../../components/ui/page-header';
import { useT, type MessageKey } from '../../../lib/i18n/i18n';
import { LEGAL_TEXTS } from '../../../lib/i18n/page-namespaces';
import { WithNamespace } from '../../../lib/i18n/with-namespace';
import styles from './legal-page.module.css';

type Documents = typeof LEGAL_EN;
type Sections<D extends keyof Documents> = Documents[D]['sections'];
/** Each section's paragraphs in reading order: a key the catalogue does not have does not compile. */
type Layout<D extends keyof Documents> = { [S in keyof Sections<D>]: readonly Exclude<keyof Sections<D>[S], 'heading'>[] };

const TERMS: Layout<'terms'> = { players: ['p1', 'p2'], money: ['p1', 'p2', 'p3'], service: ['p1', 'p2'] };
const PRIVACY: Layout<'privacy'> = { kept: ['p1', 'p2', 'p3'], browser: ['p1', 'p2'], rights: ['p1'] };

function LegalPage({ document, layout }: { document: keyof Documents; layout: Record<string, readonly string[]> }) {
  const t = useT();
  const text = (key: string) => t(`legal.${document}.${key}` as MessageKey);
  return (
    <article className={styles.page}>
      <PageHeader eyebrow="Shifumi" title={text('title')}>
        {text('intro')}
      </PageHeader>
      {Object.entries(layout).map(([section, paragraphs]) => (
        <section key={section} className={styles.section}>
          <h2 className={styles.heading}>{text(`sections.${section}.heading`)}</h2>
          {paragraphs.map((paragraph) => (
            <p key={paragraph}>{text(`sections.${section}.${paragraph}`)}</p>
          ))}
        </section>
      ))}
    </article>
  );
}

export function TermsPage() {
  return (
    <WithNamespace name="legal" loaders={LEGAL_TEXTS}>
      <LegalPage document="terms" layout={TERMS} />
    </WithNamespace>
  );
}

export function PrivacyPage() {
  return (
    <WithNamespace name="legal" loaders={LEGAL_TEXTS}>
      <LegalPage document="privacy" layout={PRIVACY} />
    </WithNamespace>
  );
}
