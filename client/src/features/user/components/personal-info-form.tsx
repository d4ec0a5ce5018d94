import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Code } from '../../../../../shared/codes';
import type { genderSchema, userBaseSchema } from '../../../../../shared/contract/user';
import { InputFilter, NICKNAME_MAX } from '../../../../../shared/field-rules';
import { Button, useBusy } from '../../../components/button';
import { FieldRow, Form, PhoneField, Segmented, SmsCodeField, TextField } from '../../../components/fields';
import { RemoteView, SkeletonList } from '../../../components/states';
import { useFieldErrors } from '../../../lib/form';
import { formatDate } from '../../../lib/format';
import { useRemote } from '../../../lib/hooks';
import { checks } from '../../../lib/validate';
import { getAvatars } from '../api/get-avatars';
import { getUserBase } from '../api/get-user-base';
import { type ModifyUserBody, modifyUser } from '../api/modify-user';
import { sendBindSms } from '../api/send-bind-sms';
import { useUserStore } from '../store';

type UserBase = z.infer<typeof userBaseSchema>;
type Field = 'avatar' | 'nickname' | 'gender' | 'realName' | 'birthDate' | 'email' | 'phone' | 'smsCode';
type Gender = z.infer<typeof genderSchema>;

/** "03152000" -> "03/15/2000" as the player types (Month/Date/Year). */
export const filterDate = (text: string): string => {
  const digits = InputFilter.digits(text).slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean).join('/');
};

const realNameFilter = (v: string) => v.replace(/[^\p{L} .'-]/gu, '').slice(0, 64);

/** Personal Information (security centre): loads /api/user/base and saves through /api/user/modify. */
export function PersonalInfo({ onDone }: { onDone(): void }) {
  const base = useRemote(getUserBase);
  return (
    <RemoteView state={base} skeleton={<SkeletonList rows={5} />}>
      {(data) => <PersonalInfoForm base={data} onDone={onDone} />}
    </RemoteView>
  );
}

function PersonalInfoForm({ base, onDone }: { base: UserBase; onDone(): void }) {
  const { t } = useTranslation();
  const setUser = useUserStore((s) => s.setUser);
  const avatars = useRemote(getAvatars);
  const [avatar, setAvatar] = useState<string | null>(null);
  const [nickname, setNickname] = useState(base.nickname);
  const [gender, setGender] = useState<Gender>(base.gender);
  const [realName, setRealName] = useState(base.realName);
  const [birthDate, setBirthDate] = useState(base.birthDate);
  const [email, setEmail] = useState(base.email);
  const [phone, setPhone] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const { errors, check, send, setError } = useFieldErrors<Field>({
    fields: {
      avatar: 'avatar',
      nickname: 'nickname',
      gender: 'gender',
      realName: 'realName',
      birthDate: 'birthDate',
      email: 'email',
      phone: 'phone',
      smsCode: 'smsCode',
    },
    codes: {
      [Code.AVATAR_UNKNOWN]: 'avatar',
      [Code.PHONE_TAKEN]: 'phone',
      [Code.SMS_CODE_INVALID]: 'smsCode',
      [Code.SMS_COOLDOWN]: 'smsCode',
    },
  });

  const currentAvatarId = avatar ?? avatars.data?.find((a) => a.url === base.avatar)?.id ?? null;

  const [busy, submit] = useBusy(async () => {
    const valid = check({
      nickname: () => checks.required(nickname),
      realName: () => (realName && realName.trim().length < 2 ? t('rules.format') : null),
      birthDate: () => checks.date(birthDate),
      email: () => checks.email(email),
      phone: () => (phone ? checks.registrationPhone(phone) : null),
      smsCode: () => (phone ? checks.smsCode(smsCode) : null),
    });
    if (!valid) return;
    const body: ModifyUserBody = {};
    const savedAvatarId = avatars.data?.find((a) => a.url === base.avatar)?.id;
    if (avatar && avatar !== savedAvatarId) body.avatar = avatar;
    if (nickname.trim() !== base.nickname) body.nickname = nickname.trim();
    if (gender !== base.gender) body.gender = gender;
    if (!base.realNameLocked && realName.trim() && realName.trim() !== base.realName) body.realName = realName.trim();
    if (birthDate && birthDate !== base.birthDate) body.birthDate = birthDate;
    if (email && email !== base.email) body.email = email;
    if (phone) {
      body.phone = phone;
      body.smsCode = smsCode;
    }
    if (Object.keys(body).length === 0) {
      onDone();
      return;
    }
    const user = await send(() => modifyUser(body));
    setUser(user);
    onDone();
  });

  return (
    <Form onSubmit={submit}>
      <dl className="facts">
        <div>
          <dt>{t('profile.username')}</dt>
          <dd>{base.username}</dd>
        </div>
        <div>
          <dt>{t('profile.uid')}</dt>
          <dd>{base.uid}</dd>
        </div>
        <div>
          <dt>{t('profile.registeredAt')}</dt>
          <dd>{formatDate(base.registeredAt)}</dd>
        </div>
      </dl>
      {avatars.status === 'success' && avatars.data.length ? (
        <fieldset className="avatar-picker">
          <legend className="field__label">{t('profile.avatar')}</legend>
          <div className="avatar-picker__grid">
            {avatars.data.map((item) => (
              <label key={item.id} className={`avatar-picker__item${currentAvatarId === item.id ? ' is-active' : ''}`}>
                <input
                  type="radio"
                  className="visually-hidden"
                  name="avatar"
                  value={item.id}
                  checked={currentAvatarId === item.id}
                  onChange={() => setAvatar(item.id)}
                />
                <img
                  src={item.url}
                  alt={t('profile.avatarOption', { id: item.id })}
                  width={48}
                  height={48}
                  loading="lazy"
                />
              </label>
            ))}
          </div>
          {errors.avatar ? (
            <p className="field__error" role="alert">
              {errors.avatar}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <TextField
        label={t('profile.nickname')}
        value={nickname}
        onChange={setNickname}
        filter={(v) => InputFilter.noChinese(v).slice(0, NICKNAME_MAX)}
        error={errors.nickname}
        autoComplete="nickname"
      />
      <FieldRow label={t('profile.gender')} error={errors.gender}>
        <Segmented<Gender>
          label={t('profile.gender')}
          value={gender}
          onChange={setGender}
          options={[
            { value: 'male', label: t('profile.male') },
            { value: 'female', label: t('profile.female') },
            { value: 'other', label: t('profile.other') },
          ]}
        />
      </FieldRow>
      <TextField
        label={t('profile.realName')}
        placeholder={t('profile.realNamePlaceholder')}
        value={realName}
        onChange={setRealName}
        filter={realNameFilter}
        error={errors.realName}
        autoComplete="name"
        readOnly={base.realNameLocked}
        aria-readonly={base.realNameLocked || undefined}
        hint={base.realNameLocked ? t('profile.realNameLocked') : undefined}
        data-testid="profile-real-name"
      />
      <TextField
        label={t('profile.birthDate')}
        placeholder={t('profile.datePlaceholder')}
        inputMode="numeric"
        value={birthDate}
        onChange={setBirthDate}
        filter={filterDate}
        error={errors.birthDate}
        autoComplete="bday"
      />
      <TextField
        label={t('profile.email')}
        placeholder={t('profile.emailPlaceholder')}
        type="email"
        inputMode="email"
        value={email}
        onChange={setEmail}
        filter={(v) => v.trim().slice(0, 254)}
        error={errors.email}
        autoComplete="email"
      />
      {base.phone ? (
        <TextField
          label={t('profile.phone')}
          value={base.phone}
          onChange={() => {}}
          readOnly
          prefix="+63"
          hint={t('profile.phoneBound')}
        />
      ) : (
        <>
          <PhoneField label={t('profile.bindPhone')} value={phone} onChange={setPhone} error={errors.phone} />
          {phone ? (
            <SmsCodeField
              value={smsCode}
              onChange={setSmsCode}
              error={errors.smsCode}
              send={async () => {
                const invalid = checks.registrationPhone(phone);
                setError('phone', invalid);
                if (invalid) throw new Error(invalid);
                return (await send(() => sendBindSms(phone))).cooldownSeconds;
              }}
            />
          ) : null}
        </>
      )}
      <Button type="submit" block size="lg" loading={busy}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
