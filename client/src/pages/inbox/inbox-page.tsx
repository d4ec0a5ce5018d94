import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { EmptyState, RemoteView } from '../../components/states';
import { getLetters } from '../../features/inbox/api/get-letters';
import { formatDateTime } from '../../lib/format';
import { useRemote } from '../../lib/hooks';

/** Inbox (tab): the player's letters, newest first. Reading, claiming and deleting come with the inbox screen. */
export default function InboxPage() {
  const { t } = useTranslation();
  const letters = useRemote(getLetters);
  return (
    <Page title={t('titles.inbox')} back={false}>
      <RemoteView
        state={letters}
        isEmpty={(d) => d.list.length === 0}
        empty={<EmptyState title={t('inbox.empty')} text={t('inbox.emptyText')} />}
      >
        {(data) => (
          <ul className="rows">
            {data.list.map((letter) => (
              <li key={letter.id} className={`row${letter.read ? '' : ' row--unread'}`}>
                <div className="row__main">
                  <p className="row__title">
                    {letter.read ? null : <span className="dot dot--inline" aria-hidden="true" />}
                    {letter.title}
                    {letter.read ? null : <span className="visually-hidden"> ({t('inbox.unread')})</span>}
                  </p>
                  <p className="row__meta">{formatDateTime(letter.createdAt)}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </RemoteView>
    </Page>
  );
}
