/** /reset-password/:token/:email: a new password from the e-mailed link; the e-mail comes from the link. */
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useLightForm } from '../../forms/use-light-form';
import { isApiError } from '../../providers/api-error';
import { preloadToasts } from '../../providers/toast';
import { preloadApi, resetPassword } from '../../session/session-actions';
import { AuthLayout } from './auth-layout';
import { FormAlert, PasswordField, SubmitButton, TextField } from './light-fields';
import * as updatePasswordRequest from 'virtual:request-validator/update-password';

function decoded(value: string | undefined): string {
  try {
    return decodeURIComponent(value ?? '');
  } catch {
    return value ?? '';
  }
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams<{ token: string; email: string }>();
  const token = params.token ?? '';
  const form = useLightForm({
    request: updatePasswordRequest,
    initialValues: { email: decoded(params.email), password: '', password_confirmation: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    void preloadToasts();
    try {
      await resetPassword({ token, ...values });
      void navigate('/login', { replace: true });
    } catch (error) {
      // A wrong, used or expired link answers 422 on `token`, a field the form does not show: it goes above the form.
      if (isApiError(error)) form.setServerErrors(error.fieldErrors);
    }
  });

  return (
    <AuthLayout title={t('resetPassword.title')} subtitle={t('resetPassword.subtitle')}>
      <form onSubmit={onSubmit} onInput={() => void preloadApi()} noValidate data-testid="reset-password-form" aria-label={t('resetPassword.title')}>
        <FormAlert messages={form.formErrors} />
        <TextField
          label={t('resetPassword.fields.email')}
          required
          error={form.errors.email}
          input={{ ...form.register('email'), type: 'email', autoComplete: 'username', readOnly: true }}
        />
        <PasswordField
          label={t('resetPassword.fields.password')}
          required
          error={form.errors.password}
          input={{ ...form.register('password'), autoComplete: 'new-password', autoFocus: true }}
        />
        <PasswordField
          label={t('resetPassword.fields.password_confirmation')}
          required
          error={form.errors.password_confirmation}
          input={{ ...form.register('password_confirmation'), autoComplete: 'new-password' }}
        />
        <SubmitButton busy={form.submitting} testId="reset-password-submit">
          {t('resetPassword.submit')}
        </SubmitButton>
      </form>
      <p className="fd-auth__alt">
        <Link to="/login" data-testid="login-link">
          {t('resetPassword.backToLogin')}
        </Link>
      </p>
    </AuthLayout>
  );
}
