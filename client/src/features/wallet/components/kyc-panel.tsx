import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '../../../../../shared/contract/define';
import type { kycState } from '../../../../../shared/contract/kyc';
import { KYC_DOCUMENT_KINDS, KYC_DOCUMENT_MAX_BYTES, type KycDocumentKind } from '../../../../../shared/contract/kyc';
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
import { uploadKycDocument } from '../api/upload-kyc-document';

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

/** A file's bytes as base64 (no data: prefix), as the upload takes them. */
const base64Of = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * One photo of the three: a camera button (`capture`: the phone opens its camera, the back one for the ID,
 * the front one for the selfie) and a file button (the gallery or a file). It uploads as soon as a photo is
 * chosen; the server reads its type from its bytes and refuses what is no JPEG, PNG or WebP or is over 5 MB.
 */
function DocumentPicker({
  kind,
  uploadedAt,
  onUploaded,
}: {
  kind: KycDocumentKind;
  uploadedAt: string | null;
  onUploaded(state: KycState): void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > KYC_DOCUMENT_MAX_BYTES) {
      setError(t('kyc.photoTooLarge', { mb: KYC_DOCUMENT_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    setBusy(true);
    try {
      onUploaded(await uploadKycDocument({ kind, image: await base64Of(file) }));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const input = (camera: boolean) => (
    <input
      id={`${inputId}-${camera ? 'camera' : 'file'}`}
      type="file"
      accept="image/*"
      capture={camera ? (kind === 'selfie' ? 'user' : 'environment') : undefined}
      className="visually-hidden"
      data-testid={`kyc-${kind}-${camera ? 'camera' : 'file'}`}
      disabled={busy}
      onChange={(e) => {
        void choose(e.target.files?.[0]);
        e.target.value = '';
      }}
    />
  );
  return (
    <div className={`kyc-photo${uploadedAt ? ' kyc-photo--done' : ''}`} data-testid={`kyc-photo-${kind}`}>
      <div className="kyc-photo__head">
        <strong>{t(`kyc.photo.${kind}`)}</strong>
        {uploadedAt ? (
          <span className="kyc-photo__state">
            <IconCheckCircle size={16} /> {t('kyc.photoUploaded')}
          </span>
        ) : (
          <span className="kyc-photo__state kyc-photo__state--missing">{t('kyc.photoMissing')}</span>
        )}
      </div>
      <p className="form__note">{t(`kyc.photoHint.${kind}`)}</p>
      <div className="kyc-photo__actions">
        <label htmlFor={`${inputId}-camera`} className={`btn btn--outline btn--sm${busy ? ' is-busy' : ''}`}>
          {input(true)}
          {busy ? t('kyc.photoUploading') : uploadedAt ? t('kyc.photoRetake') : t('kyc.photoTake')}
        </label>
        <label htmlFor={`${inputId}-file`} className={`btn btn--ghost btn--sm${busy ? ' is-busy' : ''}`}>
          {input(false)}
          {t('kyc.photoFile')}
        </label>
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function KycForm({ state, onSubmitted }: { state: KycState; onSubmitted(state: KycState): void }) {
  const { t } = useTranslation();
  const selectId = useId();
  const [realName, setRealName] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [idType, setIdType] = useState<KycIdType>('philsys');
  const [idNumber, setIdNumber] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'realName' | 'birthDate' | 'idNumber', string>>>({});
  const [documents, setDocuments] = useState(state.documents);
  const [photosError, setPhotosError] = useState(false);
  const missingPhotos = KYC_DOCUMENT_KINDS.some((kind) => !documents[kind]);

  const [busy, submit] = useBusy(async () => {
    const form = { realName, birthDate, idType, idNumber };
    const result = kycErrors(form, new Date());
    setErrors(result.errors);
    setPhotosError(missingPhotos);
    if (!result.ok || missingPhotos) {
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
      <fieldset className="kyc-photos">
        <legend className="field__label">{t('kyc.photosTitle')}</legend>
        {KYC_DOCUMENT_KINDS.map((kind) => (
          <DocumentPicker
            key={kind}
            kind={kind}
            uploadedAt={documents[kind]}
            onUploaded={(next) => {
              setDocuments(next.documents);
              setPhotosError(false);
            }}
          />
        ))}
        {photosError && missingPhotos ? (
          <p className="field__error" role="alert" aria-invalid="true">
            {t('kyc.photosMissing')}
          </p>
        ) : null}
      </fieldset>
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
        <KycForm state={state} onSubmitted={onChange} />
      ) : (
        <Button variant="outline" block onClick={() => setEditing(true)}>
          {state.status === 'rejected' ? t('kyc.again') : t('kyc.start')}
        </Button>
      )}
    </div>
  );
}
