import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, IconButton } from '../../components/button';
import { Modal } from '../../components/dialog';
import {
  IconChevronRight,
  IconCopy,
  IconCrown,
  IconList,
  IconLock,
  IconPause,
  IconSettings,
  IconShield,
  IconUser,
  IconWallet,
} from '../../components/icons';
import { Avatar } from '../../components/logo';
import { LogoutButton } from '../../components/logout-button';
import { Page, Section } from '../../components/page';
import { useAccountStore } from '../../features/account/store';
import { SettingsPanel } from '../../features/settings/components/settings-panel';
import { ChangeLoginPasswordForm, TransactionPasswordForm } from '../../features/user/components/password-forms';
import { PersonalInfo } from '../../features/user/components/personal-info-form';
import { useUserStore } from '../../features/user/store';
import { formatMoney, formatPoints } from '../../lib/format';
import { useOverlayStore } from '../../lib/overlays';
import { toast } from '../../lib/toast';

type Action = 'security' | 'personal' | 'loginPwd' | 'transactionPwd' | 'settings' | 'bindWallet';
const ACTIONS: readonly Action[] = ['security', 'personal', 'loginPwd', 'transactionPwd', 'settings', 'bindWallet'];

function Row({
  icon,
  label,
  onClick,
  to,
  detail,
}: {
  icon: ReactNode;
  label: string;
  onClick?: () => void;
  to?: string;
  detail?: ReactNode;
}) {
  const body = (
    <>
      <span className="menu-item__icon">{icon}</span>
      <span className="menu-item__label">{label}</span>
      {detail ? <span className="menu-item__detail">{detail}</span> : null}
      <IconChevronRight size={18} className="menu-item__chevron" />
    </>
  );
  return (
    <li>
      {to ? (
        <Link to={to} className="menu-item">
          {body}
        </Link>
      ) : (
        <button type="button" className="menu-item" onClick={onClick}>
          {body}
        </button>
      )}
    </li>
  );
}

async function copy(text: string, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.show(text);
  }
}

/**
 * Profile (tab): the player card, balances, the profile menu of spec section 2, the security centre and
 * settings. `?action=` opens a sheet: security, personal, loginPwd, transactionPwd, settings, bindWallet.
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const user = useUserStore((s) => s.userInfo);
  const balance = useAccountStore((s) => s.balance);
  const openBindWallet = useOverlayStore((s) => s.openBindWallet);
  const raw = params.get('action');
  const action = ACTIONS.includes(raw as Action) ? (raw as Action) : null;

  const open = (next: Action) => {
    if (next === 'bindWallet') {
      openBindWallet();
      return;
    }
    setParams({ action: next }, { replace: action !== null });
  };
  const close = () => setParams({}, { replace: true });

  // ?action=bindWallet: the popup lives in the shell; open it and drop the query
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the action changes
  useEffect(() => {
    if (action === 'bindWallet') {
      openBindWallet();
      setParams({}, { replace: true });
    }
  }, [action]);

  if (!user) return null;

  const titles: Record<Exclude<Action, 'bindWallet'>, string> = {
    security: t('security.title'),
    personal: t('security.personal'),
    loginPwd: t('security.loginPassword'),
    transactionPwd: t('security.transactionPassword'),
    settings: t('settings.title'),
  };

  return (
    <Page title={t('titles.profile')} back={false} className="profile">
      <section className="card profile-card">
        <Avatar src={user.avatar} size={64} />
        <div className="profile-card__who">
          <p className="profile-card__name">
            {user.nickname || user.username}
            <span className="vip-badge">
              <IconCrown size={14} /> VIP {user.vip}
            </span>
          </p>
          <p className="profile-card__meta">
            {t('profile.username')}: {user.username}
          </p>
          <p className="profile-card__meta">
            {t('profile.uid')}: {user.uid}
            <IconButton
              label={t('profile.copyUid')}
              className="icon-btn--small"
              onClick={() => copy(String(user.uid), t('common.copied'))}
            >
              <IconCopy size={14} />
            </IconButton>
          </p>
          {user.invitationCode ? (
            <p className="profile-card__meta">
              {t('profile.invitationCode')}: <strong>{user.invitationCode}</strong>
              <IconButton
                label={t('profile.copyCode')}
                className="icon-btn--small"
                onClick={() => copy(user.invitationCode, t('common.copied'))}
              >
                <IconCopy size={14} />
              </IconButton>
            </p>
          ) : null}
          {user.guest ? <p className="notice notice--info">{t('profile.guestNote')}</p> : null}
          {user.guest ? (
            <Button size="sm" className="profile-card__sign-up" onClick={() => navigate('/register')}>
              {t('profile.guestSignUp')}
            </Button>
          ) : null}
        </div>
      </section>

      <section className="card balance-card" aria-labelledby="balance-title">
        <h2 className="card__title" id="balance-title">
          {t('profile.balances')}
        </h2>
        <dl className="balance-grid">
          <div>
            <dt>{t('profile.balance')}</dt>
            <dd>₱ {balance ? formatMoney(balance.userAccountVO.balance) : '-'}</dd>
          </div>
          <div>
            <dt>{t('profile.withdrawable')}</dt>
            <dd>₱ {balance ? formatMoney(balance.userAccountVO.withdrawalAmount) : '-'}</dd>
          </div>
          <div>
            <dt>{t('profile.points')}</dt>
            <dd>{balance ? formatPoints(balance.userAccountVO.point) : '-'}</dd>
          </div>
        </dl>
        {user.guest ? (
          <p className="form__note">{t('profile.guestMoneyNote')}</p>
        ) : (
          <div className="balance-card__actions">
            <Button onClick={() => navigate('/finance/recharge')}>{t('menu.deposit')}</Button>
            <Button variant="outline" onClick={() => navigate('/finance/withdraw')}>
              {t('menu.withdraw')}
            </Button>
          </div>
        )}
      </section>

      <Section title={t('profile.menuTitle')}>
        <ul className="menu-list">
          <Row icon={<IconList size={20} />} label={t('profile.accountRecords')} to="/records" />
          <Row
            icon={<IconWallet size={20} />}
            label={t('profile.depositRecords')}
            to="/transactionHistory?tab=deposit"
          />
          <Row
            icon={<IconWallet size={20} />}
            label={t('profile.withdrawalRecords')}
            to="/transactionHistory?tab=withdraw"
          />
          {user.guest ? null : (
            <>
              <Row
                icon={<IconLock size={20} />}
                label={t('profile.withdrawalPassword')}
                detail={
                  user.isNullPasswordTrade ? <span className="badge badge--warn">{t('security.notSet')}</span> : null
                }
                onClick={() => open('transactionPwd')}
              />
              <Row icon={<IconLock size={20} />} label={t('profile.changePassword')} onClick={() => open('loginPwd')} />
            </>
          )}
        </ul>
      </Section>

      <Section>
        <ul className="menu-list">
          <Row icon={<IconShield size={20} />} label={t('security.title')} onClick={() => open('security')} />
          <Row icon={<IconPause size={20} />} label={t('menu.responsible')} to="/responsible" />
          <Row icon={<IconSettings size={20} />} label={t('settings.title')} onClick={() => open('settings')} />
        </ul>
      </Section>

      <LogoutButton className="profile__logout" />

      <Modal
        open={action !== null && action !== 'bindWallet'}
        onClose={close}
        variant="sheet"
        title={action && action !== 'bindWallet' ? titles[action] : ''}
      >
        {action === 'security' && user.guest ? (
          <div className="form">
            <p className="notice notice--info">{t('profile.guestSecurityNote')}</p>
            <Button block onClick={() => navigate('/register')}>
              {t('profile.guestSignUp')}
            </Button>
          </div>
        ) : null}
        {action === 'security' && !user.guest ? (
          <ul className="menu-list">
            <Row icon={<IconUser size={20} />} label={t('security.personal')} onClick={() => open('personal')} />
            <Row
              icon={<IconWallet size={20} />}
              label={t('security.bindWallet')}
              detail={user.bind ? <span className="badge badge--ok">{t('security.bound')}</span> : null}
              onClick={() => {
                close();
                openBindWallet();
              }}
            />
            <Row icon={<IconLock size={20} />} label={t('security.loginPassword')} onClick={() => open('loginPwd')} />
            <Row
              icon={<IconLock size={20} />}
              label={t('security.transactionPassword')}
              detail={
                user.isNullPasswordTrade ? <span className="badge badge--warn">{t('security.notSet')}</span> : null
              }
              onClick={() => open('transactionPwd')}
            />
          </ul>
        ) : null}
        {action === 'personal' ? <PersonalInfo onDone={close} /> : null}
        {action === 'loginPwd' && !user.guest ? <ChangeLoginPasswordForm onDone={close} /> : null}
        {action === 'transactionPwd' && !user.guest ? (
          <TransactionPasswordForm onDone={close} onBindPhone={() => open('personal')} />
        ) : null}
        {action === 'settings' ? <SettingsPanel /> : null}
      </Modal>
    </Page>
  );
}
