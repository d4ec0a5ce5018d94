import { useTranslation } from 'react-i18next';
import { appActions } from '../lib/app-actions';
import { Button } from './button';
import { confirmDialog } from './confirm';
import { IconLogout } from './icons';

/**
 * Log out (side menu, profile): asks first with the spec's text (login information is not deleted and
 * the account can be used again), then logs out; `onConfirmed` runs just before (e.g. close the menu).
 */
export function LogoutButton({ className, onConfirmed }: { className?: string; onConfirmed?(): void }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="outline"
      block
      className={className}
      onClick={async () => {
        const ok = await confirmDialog({
          title: t('logout.title'),
          message: t('logout.message'),
          confirmText: t('logout.confirm'),
          danger: true,
        });
        if (!ok) return;
        onConfirmed?.();
        await appActions.logout();
      }}
    >
      <IconLogout size={18} /> {t('logout.button')}
    </Button>
  );
}
