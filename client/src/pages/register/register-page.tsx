import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { RegisterForm } from '../../features/auth/components/register-form';
import { useUserStore } from '../../features/user/store';
import { appActions } from '../../lib/app-actions';

/** Sign up; a share link fills the invitation code in (?inviteCode=, ?code= or ?invitationCode=). */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const guest = useUserStore((s) => s.userInfo?.guest === true);
  const code = (params.get('inviteCode') ?? params.get('code') ?? params.get('invitationCode') ?? '')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 16);
  return (
    <Page title={t('titles.register')} className="auth-page">
      <div className="auth-page__intro">
        <p className="auth-page__welcome">{t(guest ? 'auth.guestSignUpTitle' : 'auth.createAccount')}</p>
        <p className="form__note">{t(guest ? 'auth.guestSignUpIntro' : 'auth.registerIntro')}</p>
      </div>
      <RegisterForm
        guest={guest}
        inviteCode={code}
        onSuccess={(user) => {
          appActions.afterLogin(user);
          navigate('/game', { replace: true });
        }}
      />
    </Page>
  );
}
