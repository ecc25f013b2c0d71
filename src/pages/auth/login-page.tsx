/** /login: sign in with login and password, "remember me", links to the forgot-password and register pages. */
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLightForm } from '../../forms/use-light-form';
import { isApiError } from '../../providers/api-error';
import { preloadToasts } from '../../providers/toast';
import { returnPath } from '../../session/guards';
import { preloadApi, signIn } from '../../session/session-actions';
import { preloadShell } from '../../routes-preload';
import { AuthLayout } from './auth-layout';
import { CheckboxField, FormAlert, PasswordField, SubmitButton, TextField } from './light-fields';
import * as loginRequest from 'virtual:request-validator/login';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useLightForm({ request: loginRequest, initialValues: { login: '', password: '', remember: true } });

  const onSubmit = form.handleSubmit(async (values) => {
    void preloadToasts();
    void preloadShell();
    try {
      await signIn({ login: values.login, password: values.password, remember: values.remember });
      // Back to the page asked for before signing in (a bookmark, the page whose session ended), else the start page.
      void navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      if (isApiError(error)) form.setServerErrors(error.fieldErrors);
    }
  });

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={onSubmit} onInput={() => void preloadApi()} noValidate data-testid="login-form" aria-label={t('login.title')}>
        <FormAlert messages={form.formErrors} />
        <TextField
          label={t('login.fields.login')}
          required
          error={form.errors.login}
          input={{ ...form.register('login'), autoComplete: 'username', autoFocus: true, autoCapitalize: 'none', spellCheck: false }}
        />
        <PasswordField
          label={t('login.fields.password')}
          required
          error={form.errors.password}
          input={{ ...form.register('password'), autoComplete: 'current-password' }}
        />
        <div className="fd-auth__row">
          <CheckboxField label={t('login.remember')} input={form.register('remember')} />
          <Link to="/forgot-password" data-testid="forgot-password-link">
            {t('login.forgot')}
          </Link>
        </div>
        <SubmitButton busy={form.submitting} testId="login-submit">
          {t('login.submit')}
        </SubmitButton>
      </form>
      <p className="fd-auth__alt">
        {t('login.noAccount')}{' '}
        <Link to="/register" data-testid="register-link">
          {t('login.registerLink')}
        </Link>
      </p>
    </AuthLayout>
  );
}
