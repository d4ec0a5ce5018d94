import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { confirmDialog } from '../../components/confirm';
import { Page } from '../../components/page';
import { EmptyState, ErrorState, SkeletonList } from '../../components/states';
import { useAccountStore } from '../../features/account/store';
import { LetterRow } from '../../features/inbox/components/letter-row';
import { LetterSheet } from '../../features/inbox/components/letter-sheet';
import { TypeFilter } from '../../features/inbox/components/type-filter';
import { type Letter, useInboxStore } from '../../features/inbox/store';
import { useOverlayStore } from '../../lib/overlays';
import { toast } from '../../lib/toast';
import '../../styles/inbox.css';

/**
 * Inbox (tab): letters filtered by type with unread counts; opening one marks it read (the counter
 * falls), its rewards are claimed into the reward popup; one letter or every read letter is deleted after
 * a confirmation. A letter arriving while the page is open shows without a reload.
 */
export default function InboxPage() {
  const { t } = useTranslation();
  const inbox = useInboxStore();
  const [openId, setOpenId] = useState<number | null>(null);
  const unreadCounter = useAccountStore((s) => s.badge.letterUnreadNum);
  const openReward = useOverlayStore((s) => s.openReward);

  useEffect(() => {
    void useInboxStore.getState().load(null);
  }, []);

  // The socket raised the counter: a letter arrived, show it.
  const lastCounter = useRef(unreadCounter);
  useEffect(() => {
    if (unreadCounter > lastCounter.current) void useInboxStore.getState().refresh();
    lastCounter.current = unreadCounter;
  }, [unreadCounter]);

  const opened = inbox.letters.find((l) => l.id === openId) ?? null;
  const hasRead = inbox.letters.some((l) => l.read && (l.rewards.length === 0 || l.claimed));

  async function open(letter: Letter) {
    setOpenId(letter.id);
    const unread = await inbox.read(letter.id).catch(() => null);
    if (unread !== null) useAccountStore.getState().setCounter('letterUnreadNum', unread);
  }

  async function claim(letter: Letter) {
    const wasUnread = !letter.read;
    const rewards = await inbox.claim(letter.id);
    if (wasUnread) useAccountStore.getState().decrement('letterUnreadNum');
    setOpenId(null);
    if (rewards.length > 0) openReward(rewards);
  }

  async function remove(letter: Letter) {
    const ok = await confirmDialog({
      title: t('letter.deleteTitle'),
      message: t('letter.deleteMessage'),
      confirmText: t('letter.delete'),
      danger: true,
    });
    if (!ok) return;
    await inbox.remove(letter.id);
    setOpenId(null);
    toast.success(t('letter.deletedOne'));
  }

  async function removeAllRead() {
    const ok = await confirmDialog({
      title: t('letter.deleteReadTitle'),
      message: t('letter.deleteReadMessage'),
      confirmText: t('letter.delete'),
      danger: true,
    });
    if (!ok) return;
    const deleted = await inbox.removeAllRead();
    toast.success(t('letter.deletedMany', { count: deleted }));
  }

  return (
    <Page
      title={t('titles.inbox')}
      back={false}
      actions={
        <Button variant="ghost" size="sm" onClick={removeAllRead} disabled={!hasRead} data-testid="delete-read">
          {t('letter.deleteRead')}
        </Button>
      }
    >
      <TypeFilter types={inbox.types} value={inbox.type} onChange={(type) => void inbox.load(type)} />
      <div className="letter-list">
        {inbox.status === 'loading' ? (
          <SkeletonList rows={5} />
        ) : inbox.status === 'error' ? (
          <ErrorState message={inbox.error?.message} onRetry={() => void inbox.load(inbox.type)} />
        ) : inbox.letters.length === 0 ? (
          <EmptyState
            title={t('inbox.empty')}
            text={inbox.type === null ? t('inbox.emptyText') : t('letter.emptyType')}
            action={
              inbox.type === null ? null : (
                <Button variant="secondary" onClick={() => void inbox.load(null)}>
                  {t('letter.showAll')}
                </Button>
              )
            }
          />
        ) : (
          <>
            <ul className="rows">
              {inbox.letters.map((letter) => (
                <LetterRow key={letter.id} letter={letter} onOpen={() => void open(letter)} />
              ))}
            </ul>
            {inbox.letters.length < inbox.total ? (
              <Button variant="secondary" block loading={inbox.loadingMore} onClick={() => inbox.loadMore()}>
                {t('letter.more')}
              </Button>
            ) : null}
          </>
        )}
      </div>
      {opened ? (
        <LetterSheet
          letter={opened}
          onClose={() => setOpenId(null)}
          onClaim={() => claim(opened)}
          onDelete={() => remove(opened)}
        />
      ) : null}
    </Page>
  );
}
