import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { faqItemSchema } from '../../../../shared/contract/config';
import { Markdown } from '../../components/markdown';
import { Page } from '../../components/page';
import { EmptyState, RemoteView } from '../../components/states';
import { getFaq } from '../../features/config/api/get-faq';
import { useRemote } from '../../lib/hooks';

type FaqItem = z.infer<typeof faqItemSchema>;

const byCategory = (items: FaqItem[]) => {
  const groups = new Map<string, FaqItem[]>();
  for (const item of items) groups.set(item.category, [...(groups.get(item.category) ?? []), item]);
  return [...groups.entries()];
};

/** FAQ: questions grouped by category, answers (markdown) opening in place. */
export default function FaqPage() {
  const { t } = useTranslation();
  const faq = useRemote(getFaq);
  return (
    <Page title={t('titles.faq')}>
      <RemoteView state={faq} isEmpty={(d) => d.length === 0} empty={<EmptyState title={t('faq.empty')} />}>
        {(items) =>
          byCategory(items).map(([category, list]) => (
            <section key={category} className="faq-group">
              <h2 className="faq-group__title">{category}</h2>
              {list.map((item) => (
                <details key={item.id} className="faq-item">
                  <summary>{item.question}</summary>
                  <Markdown source={item.answer} />
                </details>
              ))}
            </section>
          ))
        }
      </RemoteView>
    </Page>
  );
}
