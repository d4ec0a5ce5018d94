import { useTranslation } from 'react-i18next';
import { Markdown } from '../../components/markdown';
import { Page, Section } from '../../components/page';
import { EmptyState, RemoteView } from '../../components/states';
import { getGameHelper } from '../../features/game/api/get-game-helper';
import { GameGrid } from '../../features/game/components/game-tile';
import { launchGame } from '../../features/game/launch-game';
import { useRemote } from '../../lib/hooks';

/** Help Slot (tab): the server's guide text and its featured games. */
export default function HelpSlotPage() {
  const { t } = useTranslation();
  const helper = useRemote(getGameHelper);
  return (
    <Page title={t('titles.helpSlot')} back={false}>
      <RemoteView
        state={helper}
        isEmpty={(d) => !d.content && d.games.length === 0}
        empty={<EmptyState title={t('helpSlot.empty')} />}
      >
        {(data) => (
          <>
            <Section title={data.title}>
              <Markdown source={data.content} />
            </Section>
            {data.games.length ? <GameGrid games={data.games} onLaunch={(game) => launchGame(game, true)} /> : null}
          </>
        )}
      </RemoteView>
    </Page>
  );
}
