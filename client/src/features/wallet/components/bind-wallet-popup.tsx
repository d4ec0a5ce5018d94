import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Wallet } from '../../../../../shared/contract/withdraw';
import {
  E_WALLETS,
  type EWallet,
  filterWalletAccount,
  filterWalletName,
  InputFilter,
  isEWallet,
  PASSWORD_MAX,
  PATTERNS,
  WALLET_NAME_MAX,
  WALLET_NAME_MIN,
  walletAccountValid,
} from '../../../../../shared/field-rules';
import { Button, useBusy } from '../../../components/button';
import { Modal } from '../../../components/dialog';
import { Segmented, TextField } from '../../../components/fields';
import { SkeletonList } from '../../../components/states';
import { useRemote } from '../../../lib/hooks';
import { hashPassword } from '../../../lib/password';
import { filterLocalMobile } from '../../../lib/phone';
import { toast } from '../../../lib/toast';
import { bindWallet } from '../api/bind-wallet';
import { getWalletAccount } from '../api/get-wallet-account';
import { WALLET_LABELS } from './wallet-labels';

/** The form rules of spec section 5, as one pure check (submit stays disabled until it passes). */
export function bindWalletValid(form: { bank: string; account: string; name: string; password: string }): boolean {
  const name = form.name.trim();
  return (
    walletAccountValid(form.bank, form.account) &&
    name.length >= WALLET_NAME_MIN &&
    name.length <= WALLET_NAME_MAX &&
    PATTERNS.typedPassword.test(form.password)
  );
}

/**
 * The account filter, forgiving pasted numbers: "+63 912 345 6789" and "0912 345 6789" become
 * "9123456789" (the +63 prefix is shown, not typed); then digits only, at most 10 (32 for other types).
 */
export const filterAccountInput = (bank: string, text: string): string =>
  isEWallet(bank) ? filterLocalMobile(text) : filterWalletAccount(bank, text);

interface Props {
  open: boolean;
  onClose(): void;
  /** userInfo.bind: a wallet is already bound (it cannot change). */
  bound: boolean;
  /** userInfo.isNullPasswordTrade: the form needs a transaction password first. */
  needsTradePassword: boolean;
  onSetTradePassword(): void;
  onBound(wallet: Wallet): void;
}

export function BindWalletPopup({ open, onClose, ...rest }: Props) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} variant="sheet" title={t('wallet.bindTitle')}>
      {open ? <BindWalletBody onClose={onClose} {...rest} /> : null}
    </Modal>
  );
}

function BindWalletBody({ onClose, bound, needsTradePassword, onSetTradePassword, onBound }: Omit<Props, 'open'>) {
  const { t } = useTranslation();
  const existing = useRemote(() => (bound ? getWalletAccount() : Promise.resolve(null)), [bound]);
  if (existing.status === 'loading') return <SkeletonList rows={3} />;
  const wallet = existing.status === 'success' ? existing.data : null;
  if (wallet) {
    return (
      <div className="bound-wallet">
        <p className="bound-wallet__type">{WALLET_LABELS[wallet.bank]}</p>
        <p className="bound-wallet__account">+63 {wallet.account}</p>
        <p className="bound-wallet__name">{wallet.name}</p>
        <p className="form__note">{t('wallet.boundCannotChange')}</p>
        <Button block onClick={onClose}>
          {t('common.ok')}
        </Button>
      </div>
    );
  }
  if (bound) {
    // bound, but the details could not be loaded: never offer a second binding
    return (
      <div className="bound-wallet">
        <p className="form__note">{t('wallet.boundCannotChange')}</p>
        <Button block onClick={onClose}>
          {t('common.ok')}
        </Button>
      </div>
    );
  }
  return (
    <BindWalletForm
      defaultBank={E_WALLETS[0]}
      needsTradePassword={needsTradePassword}
      onSetTradePassword={onSetTradePassword}
      onBound={(w) => {
        onBound(w);
        onClose();
      }}
    />
  );
}

export function BindWalletForm({
  defaultBank,
  needsTradePassword,
  onSetTradePassword,
  onBound,
}: {
  defaultBank: EWallet;
  needsTradePassword: boolean;
  onSetTradePassword(): void;
  onBound(wallet: Wallet): void;
}) {
  const { t } = useTranslation();
  const [bank, setBank] = useState<EWallet>(defaultBank);
  const [account, setAccount] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const valid = bindWalletValid({ bank, account, name, password });

  const [busy, submit] = useBusy(async () => {
    if (!valid) return;
    const trimmed = filterWalletName(name);
    const { data, msg } = await bindWallet({ bank, name: trimmed, account, password: hashPassword(password) });
    if (!msg) toast.success(t('wallet.bindSuccess'));
    onBound(data);
  });

  return (
    <form
      className="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="field">
        <span className="field__label">{t('wallet.type')}</span>
        <Segmented<EWallet>
          label={t('wallet.type')}
          value={bank}
          onChange={(next) => {
            if (next !== bank) setAccount(''); // changing type clears the account
            setBank(next);
          }}
          options={E_WALLETS.map((w) => ({ value: w, label: WALLET_LABELS[w] }))}
        />
      </div>
      <TextField
        label={t('wallet.account')}
        placeholder={isEWallet(bank) ? t('wallet.accountPlaceholder') : ''}
        prefix={isEWallet(bank) ? '+63' : undefined}
        inputMode="numeric"
        value={account}
        onChange={setAccount}
        filter={(v) => filterAccountInput(bank, v)}
        error={
          account.length > 0 && account.length >= 10 && !walletAccountValid(bank, account) ? t('rules.format') : null
        }
        autoComplete="off"
      />
      <TextField
        label={t('wallet.name')}
        placeholder={t('wallet.namePlaceholder')}
        hint={t('wallet.nameHint')}
        value={name}
        onChange={setName}
        filter={(v) => InputFilter.lettersAndSpaces(v).slice(0, WALLET_NAME_MAX)}
        onBlur={() => setName(filterWalletName(name))}
        autoComplete="name"
      />
      {needsTradePassword ? (
        <div className="notice notice--warning">
          <p>{t('wallet.needTradePassword')}</p>
          <Button size="sm" variant="outline" onClick={onSetTradePassword}>
            {t('security.setTradePassword')}
          </Button>
        </div>
      ) : null}
      <TextField
        label={t('wallet.password')}
        placeholder={t('auth.passwordRule')}
        type="password"
        revealable
        value={password}
        onChange={setPassword}
        filter={(v) => InputFilter.lettersAndDigits(v).slice(0, PASSWORD_MAX)}
        autoComplete="off"
      />
      <Button type="submit" block size="lg" loading={busy} disabled={!valid}>
        {t('wallet.bind')}
      </Button>
    </form>
  );
}
