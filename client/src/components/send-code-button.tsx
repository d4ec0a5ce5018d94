import { useTranslation } from 'react-i18next';
import { useCountdown } from '../lib/hooks';
import { Button } from './button';

/**
 * The OTP "send" button with its cool-down countdown (spec section 5). `send` resolves with the
 * cool-down seconds the server gave; a failure leaves the button ready again.
 */
export function SendCodeButton({ send, disabled }: { send(): Promise<number>; disabled?: boolean }) {
  const { t } = useTranslation();
  const { remaining, start } = useCountdown();
  const waiting = remaining > 0;
  return (
    <Button
      variant="outline"
      size="sm"
      className="send-code"
      disabled={disabled || waiting}
      aria-live="polite"
      onClick={async () => {
        const seconds = await send();
        start(seconds > 0 ? seconds : 60);
      }}
    >
      {waiting ? t('auth.resendIn', { seconds: remaining }) : t('auth.sendCode')}
    </Button>
  );
}
