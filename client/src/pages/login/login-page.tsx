import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../components/page';
import { LoginForm } from '../../features/auth/components/login-form';
import { appActions } from '../../lib/app-actions';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page title={t('titles.login')} className="auth-page">
      <div className="auth-page__intro">
        <p className="auth-page__welcome">{t('auth.welcomeBack')}</p>
        <p className="form__note">{t('auth.loginIntro')}</p>
      </div>
      <LoginForm
        onSuccess={(user) => {
          appActions.afterLogin(user);
          navigate('/game', { replace: true });
        }}
      />
    </Page>
  );
}
