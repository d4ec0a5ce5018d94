import { useTranslation } from 'react-i18next';
import { Page, Section } from '../../components/page';
import { EmptyState, RemoteView } from '../../components/states';
import { getMallInfo } from '../../features/mall/api/get-mall-info';
import { useRemote } from '../../lib/hooks';

/** Exchange (mall): the player's points and what they can be exchanged for. */
export default function ExchangePage() {
  const { t } = useTranslation();
  const mall = useRemote(getMallInfo);
  return (
    <Page title={t('titles.exchange')}>
      <RemoteView state={mall}>
        {(data) => (
          <>
            <Section title={t('exchange.points')}>
              <p className="big-number">{data.point.toLocaleString()}</p>
            </Section>
            {data.items.length === 0 ? (
              <EmptyState title={t('exchange.empty')} />
            ) : (
              <ul className="rows">
                {data.items.map((item) => (
                  <li key={item.id} className="row">
                    {item.imageUrl ? (
                      <img className="row__thumb" src={item.imageUrl} alt="" width={48} height={48} loading="lazy" />
                    ) : null}
                    <div className="row__main">
                      <p className="row__title">{item.name}</p>
                      <p className="row__meta">{item.description}</p>
                    </div>
                    <span className="row__value">{t('exchange.price', { points: item.price.toLocaleString() })}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </RemoteView>
    </Page>
  );
}
