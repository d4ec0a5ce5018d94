import { useTranslation } from 'react-i18next';
import { callNative, isAppWrapper, NativeCall } from '../../lib/bridge';
import { Button } from '../button';
import { Modal } from '../dialog';

/** Where Exit sends a browser visitor who is not old enough (spec section 4: "a search site"). */
export const EXIT_URL = 'https://www.google.com/';

/** Players must be 21 or older: Accept closes; Exit calls the wrapper's exit, else leaves for a search site. */
export function AgeVerification({ open, onAccept }: { open: boolean; onAccept(): void }) {
  const { t } = useTranslation();
  const exit = () => {
    if (isAppWrapper() && callNative(NativeCall.exit)) return;
    window.location.assign(EXIT_URL);
  };
  return (
    <Modal open={open} onClose={onAccept} hideClose title={t('age.title')} className="age-verification">
      <p className="age-verification__badge" aria-hidden="true">
        21+
      </p>
      <p>{t('age.text')}</p>
      <p className="form__note">{t('age.note')}</p>
      <div className="confirm__actions">
        <Button variant="secondary" onClick={exit}>
          {t('age.exit')}
        </Button>
        <Button onClick={onAccept} data-autofocus>
          {t('age.accept')}
        </Button>
      </div>
    </Modal>
  );
}
