import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Code } from '../../../../../shared/codes';
import { InputFilter } from '../../../../../shared/field-rules';
import { Button, useBusy } from '../../../components/button';
import { Form, TextField } from '../../../components/fields';
import { appActions } from '../../../lib/app-actions';
import { useFieldErrors } from '../../../lib/form';
import { checks } from '../../../lib/validate';
import { bindSuperior } from '../api/bind-superior';
import { useUserStore } from '../store';

/**
 * "Who invited you?" on the friends card, for a player who signed up without an invitation code: the
 * friend's code binds them as referrer, once. Once bound, the code used shows instead.
 */
export function BindSuperiorForm() {
  const { t } = useTranslation();
  const user = useUserStore((s) => s.userInfo);
  const [code, setCode] = useState('');
  const { errors, check, send } = useFieldErrors<'inviteCode'>({
    fields: { inviteCode: 'inviteCode' },
    codes: {
      [Code.INVITE_CODE_INVALID]: 'inviteCode',
      [Code.SUPERIOR_INVALID]: 'inviteCode',
      [Code.SUPERIOR_ALREADY_BOUND]: 'inviteCode',
    },
  });
  const [busy, submit] = useBusy(async () => {
    if (!check({ inviteCode: () => (code ? checks.invitationCode(code) : t('friends.bindCodeRequired')) })) return;
    await send(() => bindSuperior({ inviteCode: code }));
    await appActions.refreshUser();
  });
  if (!user || user.guest) return null;
  if (user.registrationCode) {
    return (
      <p className="invite-bound" data-testid="superior-bound">
        {t('friends.invitedBy')} <strong>{user.registrationCode}</strong>
      </p>
    );
  }
  return (
    <Form onSubmit={submit} className="invite-bind">
      <TextField
        label={t('friends.bindTitle')}
        placeholder={t('friends.bindPlaceholder')}
        value={code}
        onChange={setCode}
        filter={(v) => InputFilter.lettersAndDigits(v).slice(0, 16)}
        error={errors.inviteCode}
        autoCapitalize="characters"
      />
      <p className="form__note">{t('friends.bindNote')}</p>
      <Button type="submit" block loading={busy}>
        {t('friends.bindButton')}
      </Button>
    </Form>
  );
}
