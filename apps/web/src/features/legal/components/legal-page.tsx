/**
 * /terms and /privacy (issue 14): plain pages linked
 * from the footer, each a chunk fetched when first shown.
 */
import { LEGAL_TEXTS, type LegalDocument } from '@shifumi/protocol/legal-texts';
import { PageHeader } from '../../../components/ui/page-header';
import styles from './legal-page.module.css';

function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <article className={styles.page}>
      <PageHeader eyebrow="Shifumi" title={document.title}>
        {document.intro}
      </PageHeader>
      {document.sections.map((section) => (
        <section key={section.heading} className={styles.section}>
          <h2 className={styles.heading}>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}

export function TermsPage() {
  return <LegalPage document={LEGAL_TEXTS.terms} />;
}

export function PrivacyPage() {
  return <LegalPage document={LEGAL_TEXTS.privacy} />;
}
