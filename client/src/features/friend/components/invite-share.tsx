import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../components/button';
import { IconCopy } from '../../../components/icons';
import { toast } from '../../../lib/toast';
import type { FriendCard } from '../store';

async function copy(text: string, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.show(text);
  }
}

/** The invitation code and share link with copy buttons, and the referral counts. */
export function InviteShare({ card }: { card: FriendCard }) {
  const { t } = useTranslation();
  return (
    <div className="invite-share">
      <div className="invite-share__field">
        <span className="invite-share__label">{t('friends.code')}</span>
        <strong className="invite-share__value" data-testid="invitation-code">
          {card.invitationCode}
        </strong>
        <IconButton label={t('friends.copyCode')} onClick={() => copy(card.invitationCode, t('common.copied'))}>
          <IconCopy size={18} />
        </IconButton>
      </div>
      <div className="invite-share__field">
        <span className="invite-share__label">{t('friends.link')}</span>
        <span className="invite-share__value invite-share__value--link">{card.shareUrl}</span>
        <IconButton label={t('friends.copyLink')} onClick={() => copy(card.shareUrl, t('common.copied'))}>
          <IconCopy size={18} />
        </IconButton>
      </div>
      <dl className="invite-stats">
        <div>
          <dt>{t('friends.referrals')}</dt>
          <dd>{card.referrals}</dd>
        </div>
        <div>
          <dt>{t('friends.depositing')}</dt>
          <dd>{card.depositingReferrals}</dd>
        </div>
        <div>
          <dt>{t('friends.energy')}</dt>
          <dd data-testid="friend-energy">{card.energy}</dd>
        </div>
      </dl>
    </div>
  );
}
