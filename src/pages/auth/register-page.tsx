/** /register: a free account with its company; the agreement to the terms and privacy policy is required. */
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLightForm } from '../../forms/use-light-form';
import { isApiError } from '../../providers/api-error';
import { preloadToasts } from '../../providers/toast';
import { preloadApi, signUp } from '../../session/session-actions';
import { preloadShell } from '../../routes-preload';
import { AuthLayout } from './auth-layout';
import { CheckboxField, FormAlert, PasswordField, SubmitButton, TextField } from './light-fields';
import * as registerRequest from 'virtual:request-validator/register';

const initialValues = { login: '', email: '', phone: '', company_name: '', password: '', password_confirmation: '', agreement: false };

// The agreement is a page rule, not part of the request body the server validates.
const extraChecks = { agreement: (value: unknown) => (value === true ? null : { key: 'register.agreementRequired' }) };

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useLightForm({ request: registerRequest, initialValues, extraChecks });

  const onSubmit = form.handleSubmit(async ({ agreement: _agreed, ...values }) => {
    void preloadToasts();
    void preloadShell();
    try {
      await signUp(values);
      void navigate('/', { replace: true });
    } catch (error) {
      if (isApiError(error)) form.setServerErrors(error.fieldErrors);
    }
  });

  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')} wide>
      <form onSubmit={onSubmit} onInput={() => void preloadApi()} noValidate data-testid="register-form" aria-label={t('register.title')}>
        <FormAlert messages={form.formErrors} />
        <div className="fd-auth__grid">
          <TextField
            label={t('register.fields.company_name')}
            required
            error={form.errors.company_name}
            input={{ ...form.register('company_name'), autoComplete: 'organization', autoFocus: true }}
          />
          <TextField
            label={t('register.fields.login')}
            required
            error={form.errors.login}
            hint={t('register.loginHint')}
            input={{ ...form.register('login'), autoComplete: 'username', autoCapitalize: 'none', spellCheck: false }}
          />
          <TextField
            label={t('register.fields.email')}
            required
            error={form.errors.email}
            input={{ ...form.register('email'), type: 'email', autoComplete: 'email', inputMode: 'email' }}
          />
          <TextField
            label={t('register.fields.phone')}
            required
            error={form.errors.phone}
            hint={t('register.phoneHint')}
            input={{ ...form.register('phone'), type: 'tel', autoComplete: 'tel', inputMode: 'tel', placeholder: '+49 30 1234567' }}
          />
          <PasswordField
            label={t('register.fields.password')}
            required
            error={form.errors.password}
            input={{ ...form.register('password'), autoComplete: 'new-password' }}
          />
          <PasswordField
            label={t('register.fields.password_confirmation')}
            required
            error={form.errors.password_confirmation}
            input={{ ...form.register('password_confirmation'), autoComplete: 'new-password' }}
          />
        </div>
        <CheckboxField
          error={form.errors.agreement}
          input={form.register('agreement')}
          label={
            <Trans
              i18nKey="register.agreement"
              components={{
                terms: <Link to="/terms-of-conditions" target="_blank" data-testid="terms-link" />,
                privacy: <Link to="/privacy-policy" target="_blank" data-testid="privacy-link" />,
              }}
            />
          }
        />
        <SubmitButton busy={form.submitting} testId="register-submit">
          {t('register.submit')}
        </SubmitButton>
      </form>
      <p className="fd-auth__alt">
        {t('register.haveAccount')}{' '}
        <Link to="/login" data-testid="login-link">
          {t('register.loginLink')}
        </Link>
      </p>
    </AuthLayout>
  );
}
