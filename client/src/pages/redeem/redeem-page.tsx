import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Reward } from '../../../../shared/contract/reward';
import { RewardsWageringNotes } from '../../components/bonus-wagering-note';
import { Button, useBusy } from '../../components/button';
import { TextField } from '../../components/fields';
import { IconTicket } from '../../components/icons';
import { Page, Section } from '../../components/page';
import { redeemCode } from '../../features/mall/api/redeem-code';
import '../../features/mall/components/rewards.css';
import { ApiError } from '../../lib/http';
import { useOverlayStore } from '../../lib/overlays';

const filterCode = (v: string) =>
  v
    .replace(/[^A-Za-z0-9-]/g, '')
    .slice(0, 32)
    .toUpperCase();

/** Redeem a code: the refusal shows under the field (and as a notice), the rewards in the reward popup. */
export default function RedeemPage() {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [wagered, setWagered] = useState<{ rewards: Reward[]; multiple: number } | null>(null);
  const openReward = useOverlayStore((s) => s.openReward);
  const [busy, submit] = useBusy(async () => {
    if (!code.trim()) {
      setError(t('rules.required'));
      return;
    }
    setError(null);
    setWagered(null);
    try {
      const { rewards, turnoverMultiple } = await redeemCode(code.trim());
      setCode('');
      setWagered({ rewards, multiple: turnoverMultiple });
      if (rewards.length) openReward(rewards);
    } catch (failure) {
      if (failure instanceof ApiError && failure.kind === 'envelope') setError(failure.message);
      throw failure;
    }
  });
  return (
    <Page title={t('titles.redeem')}>
      <Section>
        <div className="rd-hero">
          <span className="rd-hero__badge">
            <IconTicket size={36} />
          </span>
          <p className="rd-hero__title">{t('redemption.title')}</p>
          <p className="rd-hero__text">{t('redemption.intro')}</p>
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
            label={t('redemption.code')}
            value={code}
            onChange={(value) => {
              setCode(value);
              if (error) setError(null);
            }}
            filter={filterCode}
            error={error}
            hint={t('redemption.hint')}
            placeholder={t('redemption.placeholder')}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={32}
          />
          <Button type="submit" block size="lg" loading={busy} disabled={!code.trim()}>
            {t('redemption.submit')}
          </Button>
          {wagered && (
            <RewardsWageringNotes rewards={wagered.rewards} multiple={wagered.multiple} testId="code-wagering" />
          )}
        </form>
      </Section>
      <Section title={t('redemption.rulesTitle')}>
        <ul className="pk-rules">
          <li>{t('redemption.rule1')}</li>
          <li>{t('redemption.rule2')}</li>
          <li>{t('redemption.rule3')}</li>
          <li>{t('redemption.rule4')}</li>
        </ul>
      </Section>
    </Page>
  );
}
