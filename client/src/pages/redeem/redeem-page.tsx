import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, useBusy } from '../../components/button';
import { TextField } from '../../components/fields';
import { IconTicket } from '../../components/icons';
import { Page, Section } from '../../components/page';
import { redeemCode } from '../../features/mall/api/redeem-code';
import { useOverlayStore } from '../../lib/overlays';

const filterCode = (v: string) =>
  v
    .replace(/[^A-Za-z0-9-]/g, '')
    .slice(0, 32)
    .toUpperCase();

/** Redeem a code; its rewards show in the reward popup. */
export default function RedeemPage() {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const openReward = useOverlayStore((s) => s.openReward);
  const [busy, submit] = useBusy(async () => {
    if (!code.trim()) {
      setError(t('rules.required'));
      return;
    }
    setError(null);
    const { rewards } = await redeemCode(code.trim());
    setCode('');
    if (rewards.length) openReward(rewards);
  });
  return (
    <Page title={t('titles.redeem')}>
      <Section>
        <div className="redeem-hero">
          <IconTicket size={40} />
          <p>{t('redeem.intro')}</p>
        </div>
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <TextField
            label={t('redeem.code')}
            value={code}
            onChange={setCode}
            filter={filterCode}
            error={error}
            autoCapitalize="characters"
            autoComplete="off"
          />
          <Button type="submit" block size="lg" loading={busy}>
            {t('redeem.submit')}
          </Button>
        </form>
      </Section>
    </Page>
  );
}
