import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../components/page';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page title={t('titles.forgetPassword')} className="auth-page">
      <p className="form__note">{t('auth.forgotIntro')}</p>
      <ForgotPasswordForm onDone={() => navigate('/login', { replace: true })} />
    </Page>
  );
}
