import { useTranslation } from 'react-i18next';
import { Page, Section } from '../../components/page';
import { EmptyState, RemoteView } from '../../components/states';
import { getInviteRankings } from '../../features/friend/api/get-invite-rankings';
import { useRemote } from '../../lib/hooks';

/** Invite ranking: the running period's standings and the player's own rank. */
export default function InviteRankPage() {
  const { t } = useTranslation();
  const rankings = useRemote(getInviteRankings);
  return (
    <Page title={t('titles.inviteRank')}>
      <RemoteView state={rankings}>
        {(data) => (
          <>
            <Section title={t('inviteRank.mine')}>
              <p className="big-number">{data.me.rank ?? '-'}</p>
              <p className="form__note">{t('inviteRank.invites', { count: data.me.invites })}</p>
            </Section>
            {data.list.length === 0 ? (
              <EmptyState title={t('inviteRank.empty')} text={t('inviteRank.emptyText')} />
            ) : (
              <ol className="rows">
                {data.list.map((entry) => (
                  <li key={entry.rank} className="row">
                    <span className="row__rank">{entry.rank}</span>
                    <div className="row__main">
                      <p className="row__title">{entry.username}</p>
                    </div>
                    <span className="row__value">{t('inviteRank.invites', { count: entry.invites })}</span>
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </RemoteView>
    </Page>
  );
}
