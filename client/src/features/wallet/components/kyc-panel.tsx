import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '../../../../../shared/contract/define';
import type { kycState } from '../../../../../shared/contract/kyc';
import { ageOn, MINIMUM_AGE } from '../../../../../shared/field-rules';
import { idNumberValid, KYC_ID_TYPES, type KycIdType, normalizeIdNumber } from '../../../../../shared/kyc-rules';
import { manilaDay } from '../../../../../shared/time';
import { Button, useBusy } from '../../../components/button';
import { TextField } from '../../../components/fields';
import { IconCheckCircle, IconShield } from '../../../components/icons';
import { formatDate } from '../../../lib/format';
import { t as translate } from '../../../lib/i18n';
import { checks, focusFirstInvalid, validate } from '../../../lib/validate';
import { submitKyc } from '../api/submit-kyc';

export type KycState = DataOf<typeof kycState>;

const ID_TYPES = Object.keys(KYC_ID_TYPES) as KycIdType[];

/** Month/Date/Year as it is typed: digits only, the slashes put in (spec section 5's date format). */
export function filterBirthDate(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/** The ID number as it is typed: letters, digits, spaces and dashes, upper-cased, at most 32. */
export const filterIdNumber = (text: string): string =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9 -]/g, '')
    .slice(0, 32);

/** The identity form's checks: the spec's messages, plus the 21-year minimum on today's Manila date (as the server counts). */
export function kycErrors(
  form: { realName: string; birthDate: string; idType: KycIdType; idNumber: string },
  today: Date,
) {
  return validate({
    realName: () =>
      checks.required(form.realName) ??
      (/^[\p{L} .'-]{2,64}$/u.test(form.realName.trim()) ? null : translate('rules.format')),
    birthDate: () =>
      checks.required(form.birthDate) ??
      checks.date(form.birthDate) ??
      (ageOn(form.birthDate, new Date(`${manilaDay(today)}T00:00:00Z`)) >= MINIMUM_AGE
        ? null
        : translate('kyc.underage', { age: MINIMUM_AGE })),
    idNumber: () =>
      checks.required(form.idNumber) ?? (idNumberValid(form.idType, form.idNumber) ? null : translate('rules.format')),
  });
}

function KycForm({ onSubmitted }: { onSubmitted(state: KycState): void }) {
  const { t } = useTranslation();
  const selectId = useId();
  const [realName, setRealName] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [idType, setIdType] = useState<KycIdType>('philsys');
  const [idNumber, setIdNumber] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'realName' | 'birthDate' | 'idNumber', string>>>({});

  const [busy, submit] = useBusy(async () => {
    const form = { realName, birthDate, idType, idNumber };
    const result = kycErrors(form, new Date());
    setErrors(result.errors);
    if (!result.ok) {
      focusFirstInvalid();
      return;
    }
    onSubmitted(
      await submitKyc({
        realName: realName.trim().replace(/\s+/g, ' '),
        birthDate,
        idType,
        idNumber: normalizeIdNumber(idNumber),
      }),
    );
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
      <TextField
        label={t('kyc.realName')}
        placeholder={t('kyc.realNamePlaceholder')}
        value={realName}
        onChange={setRealName}
        filter={(v) => v.replace(/[^\p{L} .'-]/gu, '').slice(0, 64)}
        error={errors.realName}
        autoComplete="name"
      />
      <TextField
        label={t('kyc.birthDate')}
        placeholder={t('kyc.birthDatePlaceholder')}
        inputMode="numeric"
        value={birthDate}
        onChange={setBirthDate}
        filter={filterBirthDate}
        error={errors.birthDate}
        autoComplete="bday"
      />
      <div className="field">
        <label className="field__label" htmlFor={selectId}>
          {t('kyc.idType')}
        </label>
        <div className="field__control">
          <select
            id={selectId}
            className="field__input field__select"
            value={idType}
            onChange={(e) => setIdType(e.target.value as KycIdType)}
          >
            {ID_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`kyc.idTypes.${type}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <TextField
        label={t('kyc.idNumber')}
        placeholder={t(`kyc.idHints.${idType}`)}
        value={idNumber}
        onChange={setIdNumber}
        filter={filterIdNumber}
        error={errors.idNumber}
        autoComplete="off"
      />
      <p className="form__note">{t('kyc.privacy')}</p>
      <Button type="submit" block loading={busy}>
        {t('kyc.submit')}
      </Button>
    </form>
  );
}

/**
 * Identity verification on the withdrawal screen (spec section 1: verified within 7 days or before the
 * first withdrawal): the status, the reason of a rejection, the deadline, and the form when one is due.
 */
export function KycPanel({ state, onChange }: { state: KycState; onChange(state: KycState): void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  if (state.status === 'verified') {
    return (
      <p className="kyc-status kyc-status--ok">
        <IconCheckCircle size={18} /> {t('kyc.verified')}
      </p>
    );
  }
  if (state.status === 'pending') {
    return (
      <div className="notice notice--info" data-testid="kyc-pending">
        <p>
          <strong>{t('kyc.pendingTitle')}</strong>
        </p>
        <p>{t('kyc.pendingText')}</p>
      </div>
    );
  }
  return (
    <div className="kyc">
      {state.status === 'rejected' ? (
        <div className="notice notice--warning">
          <p>
            <strong>{t('kyc.rejectedTitle')}</strong>
          </p>
          {state.reason ? <p>{t('kyc.reason', { reason: state.reason })}</p> : null}
        </div>
      ) : null}
      <p className={`kyc-deadline${state.restricted ? ' text-danger' : ''}`}>
        <IconShield size={16} />
        <span>{state.restricted ? t('kyc.restricted') : t('kyc.deadline', { date: formatDate(state.deadline) })}</span>
      </p>
      {editing ? (
        <KycForm onSubmitted={onChange} />
      ) : (
        <Button variant="outline" block onClick={() => setEditing(true)}>
          {state.status === 'rejected' ? t('kyc.again') : t('kyc.start')}
        </Button>
      )}
    </div>
  );
}
