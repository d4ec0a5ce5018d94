import { useTranslation } from 'react-i18next';
import { openExternal } from '../../lib/bridge';
import { Button } from '../button';
import { Modal } from '../dialog';
import { IconFacebook } from '../icons';

/** The follow popup: invites the player to follow the operator's page (URL from /api/user/follow). */
export function FollowPopup({ open, url, onClose }: { open: boolean; url: string | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('follow.title')}>
      <div className="follow">
        <IconFacebook size={40} className="follow__icon" />
        <p>{t('follow.text')}</p>
        <Button
          block
          disabled={!url}
          onClick={() => {
            if (url) openExternal(url);
            onClose();
          }}
        >
          {t('follow.action')}
        </Button>
        <Button block variant="ghost" onClick={onClose}>
          {t('follow.later')}
        </Button>
      </div>
    </Modal>
  );
}
