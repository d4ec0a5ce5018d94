import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/button';
import { DialogHost } from '../components/confirm';
import { Modal } from '../components/dialog';
import { LoadingIndicator } from '../components/loading-indicator';
import { Toaster } from '../components/toaster';
import { useConfigStore } from '../features/config/store';
import { getFollowUrl } from '../features/user/api/get-follow-url';
import { useUserStore } from '../features/user/store';
import { appActions } from '../lib/app-actions';
import { useOverlayStore } from '../lib/overlays';
import { playSound } from '../lib/sound';
import { StorageItem, storage } from '../lib/storage';
import { navigateTo } from './navigation';
import { paths, profileWith } from './paths';

// Overlays load on first use, off the lobby's first load (the forms also bring the shared field rules).
const SideMenu = lazy(() => import('./layout/side-menu').then((m) => ({ default: m.SideMenu })));
const RewardPopup = lazy(() => import('../components/overlays/reward-popup').then((m) => ({ default: m.RewardPopup })));
const FollowPopup = lazy(() => import('../components/overlays/follow-popup').then((m) => ({ default: m.FollowPopup })));
const AgeVerification = lazy(() =>
  import('../components/overlays/age-verification').then((m) => ({ default: m.AgeVerification })),
);
const DocumentPopup = lazy(() =>
  import('../components/overlays/document-popup').then((m) => ({ default: m.DocumentPopup })),
);
const InAppFrame = lazy(() => import('../components/frames').then((m) => ({ default: m.InAppFrame })));
const GameFrame = lazy(() => import('../components/frames').then((m) => ({ default: m.GameFrame })));
const LoginForm = lazy(() => import('../features/auth/components/login-form').then((m) => ({ default: m.LoginForm })));
const BindWalletPopup = lazy(() =>
  import('../features/wallet/components/bind-wallet-popup').then((m) => ({ default: m.BindWalletPopup })),
);

function Waiting() {
  return (
    <div className="center-block">
      <Spinner size={24} />
    </div>
  );
}

/** The login dialog the guard opens ('Please login first to view'). */
function LoginDialog() {
  const { t } = useTranslation();
  const open = useOverlayStore((s) => s.showLogin);
  const message = useOverlayStore((s) => s.loginMessage);
  const close = useOverlayStore((s) => s.closeLogin);
  return (
    <Modal open={open} onClose={close} variant="sheet" title={t('auth.login')} className="login-dialog">
      {message ? <p className="notice notice--info">{message}</p> : null}
      <Suspense fallback={<Waiting />}>
        {open ? (
          <LoginForm
            onNavigate={close}
            onSuccess={(user) => {
              close();
              appActions.afterLogin(user);
            }}
          />
        ) : null}
      </Suspense>
    </Modal>
  );
}

function Follow() {
  const close = useOverlayStore((s) => s.closeFollow);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    getFollowUrl().then(
      (value) => alive && setUrl(value),
      () => alive && setUrl(null),
    );
    return () => {
      alive = false;
    };
  }, []);
  return <FollowPopup open url={url} onClose={close} />;
}

/** Every overlay of spec section 4, driven by the overlay store; each one's code loads when first opened. */
export function OverlayHost() {
  const o = useOverlayStore();
  const config = useConfigStore((s) => s.config);
  const user = useUserStore((s) => s.userInfo);
  const setUser = useUserStore((s) => s.setUser);
  const documentText = o.documentType === 'privacyPolicy' ? config?.privacy_policy : config?.terms_of_use;

  return (
    <>
      <Suspense fallback={null}>
        {o.showSideMenu ? <SideMenu /> : null}
        {o.showReward ? (
          <RewardPopup
            open
            rewards={o.rewards}
            onClose={() => {
              playSound('close');
              o.closeReward();
            }}
          />
        ) : null}
        {o.showFollow ? <Follow /> : null}
        {o.showAgeVerification ? (
          <AgeVerification
            open
            onAccept={() => {
              storage.set(StorageItem.ageVerified, true);
              o.closeAgeVerification();
            }}
          />
        ) : null}
        {o.showDocument ? (
          <DocumentPopup open type={o.documentType} text={documentText ?? null} onClose={o.closeDocument} />
        ) : null}
        {o.showInAppFrame && o.frameUrl ? (
          <InAppFrame url={o.frameUrl} title={o.frameTitle} onClose={o.closeFrame} />
        ) : null}
        {o.showGameFrame && o.gameFrameUrl ? (
          <GameFrame
            url={o.gameFrameUrl}
            onClose={() => {
              o.closeGameFrame();
              void appActions.refreshBalance().catch(() => {});
            }}
            onDeposit={() => {
              o.closeGameFrame();
              void appActions.refreshBalance().catch(() => {});
              navigateTo(paths.recharge);
            }}
          />
        ) : null}
        {o.showBindWallet ? (
          <BindWalletPopup
            open
            onClose={o.closeBindWallet}
            bound={Boolean(user?.bind)}
            needsTradePassword={Boolean(user?.isNullPasswordTrade)}
            onSetTradePassword={() => {
              o.closeBindWallet();
              navigateTo(profileWith('transactionPwd'));
            }}
            onBound={() => {
              if (user) setUser({ ...user, bind: true });
              void appActions.refreshUser().catch(() => {});
            }}
          />
        ) : null}
      </Suspense>
      <LoginDialog />
      <DialogHost />
      <Toaster />
      <LoadingIndicator />
    </>
  );
}
