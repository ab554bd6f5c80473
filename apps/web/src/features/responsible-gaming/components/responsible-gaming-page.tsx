/**
 * /responsible-gaming (issue 19): every tool explained in plain words, and
 * where to find independent help. Its own file so the footer's pages (issue
 * 14) merge beside it.
 */
import { PageHeader } from '../../../components/ui/page-header';
import { loadNamespace, useT, type MessageKey } from '../../../lib/i18n/i18n';
import { RESPONSIBLE_GAMING_PAGE_TEXTS } from '../../../lib/i18n/page-namespaces';
import styles from './responsible-gaming-page.module.css';

// Issue 27: the page's texts come with its chunk (the module is ready once they are).
await loadNamespace('responsibleGamingPage', RESPONSIBLE_GAMING_PAGE_TEXTS);

const TOOLS = [
  {
    id: 'limits',
    title: 'responsibleGamingPage.limits.title',
    text: [
      'responsibleGamingPage.limits.windows',
      'responsibleGamingPage.limits.wholeStake',
      'responsibleGamingPage.limits.deposits',
      'responsibleGamingPage.limits.changes',
    ],
  },
  {
    id: 'reality-check',
    title: 'responsibleGamingPage.realityCheck.title',
    text: ['responsibleGamingPage.realityCheck.reminder', 'responsibleGamingPage.realityCheck.changes'],
  },
  { id: 'time-out', title: 'responsibleGamingPage.timeOut.title', text: ['responsibleGamingPage.timeOut.text'] },
  {
    id: 'self-exclusion',
    title: 'responsibleGamingPage.selfExclusion.title',
    text: ['responsibleGamingPage.selfExclusion.text'],
  },
  { id: 'statements', title: 'responsibleGamingPage.statements.title', text: ['responsibleGamingPage.statements.text'] },
  { id: 'age', title: 'responsibleGamingPage.age.title', text: ['responsibleGamingPage.age.text'] },
] as const satisfies readonly { id: string; title: MessageKey; text: readonly MessageKey[] }[];

export function ResponsibleGamingPage() {
  const t = useT();
  return (
    <article className={styles.page}>
      <PageHeader eyebrow={t('responsibleGamingPage.eyebrow')} title={t('responsibleGamingPage.title')}>
        {t('responsibleGamingPage.intro')}
      </PageHeader>
      {TOOLS.map((tool) => (
        <section key={tool.id} aria-labelledby={`rg-${tool.id}`} className={styles.section}>
          <h2 id={`rg-${tool.id}`} className={styles.heading}>
            {t(tool.title)}
          </h2>
          {tool.text.map((paragraph) => (
            <p key={paragraph}>{t(paragraph)}</p>
          ))}
        </section>
      ))}
      <section aria-labelledby="rg-help" className={styles.section}>
        <h2 id="rg-help" className={styles.heading}>
          {t('responsibleGamingPage.help.title')}
        </h2>
        <p>{t('responsibleGamingPage.help.organisations')}</p>
        <p>{t('responsibleGamingPage.help.talk')}</p>
      </section>
    </article>
  );
}
