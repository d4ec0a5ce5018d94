import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '../../../../../shared/contract/define';
import type { coupons as couponsEndpoint, rechargeMethods } from '../../../../../shared/contract/recharge';
import type { EWallet } from '../../../../../shared/field-rules';
import { BonusWageringNote } from '../../../components/bonus-wagering-note';
import { Button, useBusy } from '../../../components/button';
import { Modal } from '../../../components/dialog';
import { TextField } from '../../../components/fields';
import { IconCheckCircle, IconTicket } from '../../../components/icons';
import { Skeleton } from '../../../components/states';
import { formatDate, formatMoney } from '../../../lib/format';
import { useRemote } from '../../../lib/hooks';
import { buildDeposit } from '../api/build-deposit';
import { getCoupons } from '../api/get-coupons';
import { getDepositRecords } from '../api/get-deposit-records';
import { getRechargeAmounts } from '../api/get-recharge-amounts';
import { quoteDeposit } from '../api/quote-deposit';
import { couponApplies, depositAmountProblem, depositBounds, filterAmount, parseAmount } from '../deposit-rules';
import { useDepositStore } from '../store';
import type { Checkout } from '../use-checkout';
import { PendingDepositActions } from './pending-deposit';
import { WALLET_LABELS } from './wallet-labels';

type Method = DataOf<typeof rechargeMethods>[number];
type Coupon = DataOf<typeof couponsEndpoint>[number];
type Quote = Awaited<ReturnType<typeof quoteDeposit>>;

/** The channel tiles: GCash and PayMaya with their brand colour; a switched-off channel cannot be picked. */
function ChannelPicker({
  methods,
  value,
  onChange,
}: {
  methods: Method[];
  value: EWallet;
  onChange(code: EWallet): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="channel-grid" role="radiogroup" aria-label={t('deposit.channel')}>
      {methods.map((m) => (
        // biome-ignore lint/a11y/useSemanticElements: a tile with a wordmark and limits, not a bare radio
        <button
          key={m.code}
          type="button"
          role="radio"
          aria-checked={m.code === value}
          disabled={!m.enabled}
          className={`channel channel--${m.code}${m.code === value ? ' is-active' : ''}`}
          onClick={() => onChange(m.code)}
        >
          <span className="channel__name">{WALLET_LABELS[m.code]}</span>
          <span className="channel__limits">
            {m.enabled
              ? t('deposit.channelLimits', { min: formatMoney(m.min), max: formatMoney(m.max) })
              : t('deposit.channelOff')}
          </span>
          {m.code === value ? <IconCheckCircle size={18} className="channel__check" /> : null}
        </button>
      ))}
    </div>
  );
}

function CouponPicker({
  coupons,
  value,
  amount,
  onChange,
}: {
  coupons: Coupon[];
  value: number | null;
  amount: number | null;
  onChange(id: number | null): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="coupon-list" role="radiogroup" aria-label={t('deposit.coupon')}>
      {/* biome-ignore lint/a11y/useSemanticElements: styled like the coupon cards beside it */}
      <button
        type="button"
        role="radio"
        aria-checked={value === null}
        className={`coupon${value === null ? ' is-active' : ''}`}
        onClick={() => onChange(null)}
      >
        <span className="coupon__name">{t('deposit.noCoupon')}</span>
      </button>
      {coupons.map((c) => {
        const applies = couponApplies(c, amount);
        return (
          // biome-ignore lint/a11y/useSemanticElements: a card with the coupon's terms
          <button
            key={c.id}
            type="button"
            role="radio"
            aria-checked={value === c.id}
            disabled={!applies}
            className={`coupon${value === c.id ? ' is-active' : ''}`}
            onClick={() => onChange(c.id)}
          >
            <IconTicket size={20} className="coupon__icon" />
            <span className="coupon__name">{c.name}</span>
            <span className="coupon__terms">
              {t('deposit.couponTerms', {
                min: formatMoney(c.minDeposit),
                times: c.turnoverMultiple,
                date: formatDate(c.expiresAt),
              })}
            </span>
          </button>
        );
      })}
    </div>
  );
}

/** The quote of preCreate, confirmed before the order is built. */
function QuoteSheet({
  quote,
  channel,
  onPay,
  onClose,
}: {
  quote: Quote | null;
  channel: EWallet;
  onPay(): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [busy, pay] = useBusy(onPay);
  return (
    <Modal open={quote !== null} onClose={onClose} variant="sheet" title={t('deposit.confirmTitle')}>
      {quote ? (
        <div className="form">
          <dl className="quote">
            <div>
              <dt>{t('deposit.quoteAmount')}</dt>
              <dd>₱ {formatMoney(quote.amount)}</dd>
            </div>
            <div>
              <dt>{t('deposit.quoteBonus')}</dt>
              <dd className={quote.bonus > 0 ? 'text-success' : undefined}>₱ {formatMoney(quote.bonus)}</dd>
            </div>
            <div>
              <dt>{t('deposit.quoteFee')}</dt>
              <dd>₱ {formatMoney(quote.fee)}</dd>
            </div>
            {quote.turnoverRequired > 0 ? (
              <div>
                <dt>{t('deposit.quoteTurnover')}</dt>
                <dd>₱ {formatMoney(quote.turnoverRequired)}</dd>
              </div>
            ) : null}
            <div className="quote__total">
              <dt>{t('deposit.quoteTotal')}</dt>
              <dd>₱ {formatMoney(quote.total)}</dd>
            </div>
          </dl>
          <BonusWageringNote
            bonus={quote.bonus}
            turnover={quote.bonusTurnover}
            className="notice notice--info"
            testId="bonus-wagering"
          />
          <Button block size="lg" loading={busy} onClick={pay} data-autofocus>
            {t('deposit.payWith', { wallet: WALLET_LABELS[channel] })}
          </Button>
        </div>
      ) : null}
    </Modal>
  );
}

/** The deposit form's place while it loads, shaped like it: channels, amounts, the amount field, coupons. */
export function DepositFormSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="form deposit-form" role="status" aria-label={t('common.loading')}>
      <div className="field">
        <Skeleton width={90} height={14} />
        <div className="channel-grid">
          <Skeleton height={64} radius={12} />
          <Skeleton height={64} radius={12} />
        </div>
      </div>
      <div className="field">
        <Skeleton width={70} height={14} />
        <div className="preset-grid">
          {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
            <Skeleton key={i} height={44} radius={10} />
          ))}
        </div>
      </div>
      <div className="field">
        <Skeleton width={120} height={14} />
        <Skeleton height={48} radius={12} />
      </div>
      <div className="field">
        <Skeleton width={110} height={14} />
        <Skeleton height={56} radius={12} />
      </div>
    </div>
  );
}

/**
 * The deposit form: channel, preset or typed amount (the first deposit at least 500), a coupon, then
 * preCreate (the quote, confirmed in a sheet) and build (the order and its checkout URL).
 */
export function DepositForm({ methods, onCheckout }: { methods: Method[]; onCheckout(checkout: Checkout): void }) {
  const { t } = useTranslation();
  const firstEnabled = methods.find((m) => m.enabled) ?? methods[0];
  const [channel, setChannel] = useState<EWallet>(firstEnabled?.code ?? 'gcash');
  const [text, setText] = useState('');
  const [couponId, setCouponId] = useState<number | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [touched, setTouched] = useState(false);
  const amounts = useRemote(() => getRechargeAmounts(channel), [channel]);
  const recordsVersion = useDepositStore((s) => s.recordsVersion);
  // a new, settled or cancelled order holds or frees a coupon: read them again with the Pending orders
  const coupons = useRemote(getCoupons, [recordsVersion]);
  const pending = useRemote(() => getDepositRecords({ status: 0 }), [recordsVersion]);
  const waiting = pending.status === 'success' ? pending.data.list[0] : undefined;

  const method = methods.find((m) => m.code === channel) ?? firstEnabled;
  const info = amounts.status === 'success' ? amounts.data : null;
  const bounds = depositBounds(method ?? { min: 0, max: 0 }, info);
  const amount = parseAmount(text);
  const problem = depositAmountProblem(amount, bounds);
  const couponList = coupons.status === 'success' ? coupons.data.filter((c) => c.status === 'available') : [];
  const coupon = couponList.find((c) => c.id === couponId) ?? null;

  // a coupon the amount no longer reaches is dropped
  useEffect(() => {
    if (coupon && !couponApplies(coupon, amount)) setCouponId(null);
  }, [coupon, amount]);

  const request = () => ({ channel, amount: amount ?? 0, ...(coupon ? { couponId: coupon.id } : {}) });

  const [asking, ask] = useBusy(async () => {
    setTouched(true);
    if (problem || !method?.enabled) return;
    setQuote(await quoteDeposit(request()));
  });

  const pay = async () => {
    const order = await buildDeposit(request());
    setQuote(null);
    onCheckout({
      orderNo: order.orderNo,
      payUrl: order.payUrl,
      amount: order.amount,
      title: t('deposit.checkoutTitle', { wallet: WALLET_LABELS[channel], amount: formatMoney(order.amount) }),
    });
  };

  const error =
    touched || (text !== '' && problem !== 'empty')
      ? problem === 'empty'
        ? t('deposit.enterAmount')
        : problem === 'belowFirst'
          ? t('deposit.firstDepositMin', { amount: formatMoney(bounds.min) })
          : problem === 'below' || problem === 'above'
            ? t('deposit.outOfRange', { min: formatMoney(bounds.min), max: formatMoney(bounds.max) })
            : null
      : null;

  // The form shows whole once the first answers of its three reads are in: drawn as each came, the
  // first-deposit note, a Pending order and the coupon cards pushed the fields under them down (a layout
  // shift of 0.081 on /finance/recharge). Later reads (another channel, a settled order) keep the form.
  const answered = amounts.status !== 'loading' && coupons.status !== 'loading' && pending.status !== 'loading';
  const [shown, setShown] = useState(answered);
  if (answered && !shown) setShown(true);
  if (!shown) return <DepositFormSkeleton />;

  return (
    <>
      {waiting ? (
        <section className="card pending-deposit" aria-live="polite">
          <p className="pending-deposit__title">{t('pendingDeposit.title', { amount: formatMoney(waiting.amount) })}</p>
          <p className="pending-deposit__text">{t('pendingDeposit.text')}</p>
          <PendingDepositActions orderNo={waiting.orderNo} amount={waiting.amount} onResume={onCheckout} />
        </section>
      ) : null}
      <form
        className="form deposit-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void ask();
        }}
      >
        <div className="field">
          <span className="field__label">{t('deposit.channel')}</span>
          <ChannelPicker
            methods={methods}
            value={channel}
            onChange={(next) => {
              setChannel(next);
              setTouched(false);
            }}
          />
        </div>

        {info?.firstDeposit ? (
          <p className="notice notice--info">
            {t('deposit.firstDepositNote', { amount: formatMoney(info.firstDepositMin) })}
          </p>
        ) : null}

        <div className="field">
          <span className="field__label">{t('deposit.presets')}</span>
          {amounts.status === 'loading' ? (
            <div className="preset-grid">
              {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
                <Skeleton key={i} height={44} radius={10} />
              ))}
            </div>
          ) : info ? (
            <div className="preset-grid">
              {info.presets.map((p) => {
                const allowed = depositAmountProblem(p, bounds) === null;
                return (
                  <button
                    key={p}
                    type="button"
                    className={`preset${amount === p ? ' is-active' : ''}`}
                    aria-pressed={amount === p}
                    disabled={!allowed}
                    onClick={() => setText(String(p))}
                  >
                    {formatMoney(p)}
                  </button>
                );
              })}
            </div>
          ) : (
            <p className="form__note">{t('deposit.presetsFailed')}</p>
          )}
        </div>

        <TextField
          label={t('deposit.amount')}
          prefix="₱"
          inputMode="decimal"
          placeholder={t('deposit.amountPlaceholder', { min: formatMoney(bounds.min), max: formatMoney(bounds.max) })}
          value={text}
          onChange={setText}
          filter={filterAmount}
          error={error}
          autoComplete="off"
        />

        <div className="field">
          <span className="field__label">{t('deposit.coupon')}</span>
          {coupons.status === 'loading' ? (
            <Skeleton height={56} radius={12} />
          ) : couponList.length ? (
            <CouponPicker coupons={couponList} value={coupon?.id ?? null} amount={amount} onChange={setCouponId} />
          ) : (
            <p className="form__note">{t('deposit.noCoupons')}</p>
          )}
        </div>

        <Button type="submit" block size="lg" loading={asking} disabled={!method?.enabled}>
          {amount && !problem ? t('deposit.submitAmount', { amount: formatMoney(amount) }) : t('deposit.submit')}
        </Button>

        <QuoteSheet quote={quote} channel={channel} onPay={pay} onClose={() => setQuote(null)} />
      </form>
    </>
  );
}
