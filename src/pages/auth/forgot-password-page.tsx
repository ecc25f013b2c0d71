/** /forgot-password: asks for the e-mail and sends a reset link (the server answers the same either way). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLightForm } from '../../forms/use-light-form';
import { isApiError } from '../../providers/api-error';
import { preloadToasts } from '../../providers/toast';
import { preloadApi, requestPasswordReset } from '../../session/session-actions';
import { AuthLayout } from './auth-layout';
import { FormAlert, SubmitButton, TextField } from './light-fields';
import * as forgetPasswordRequest from 'virtual:request-validator/forget-password';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useLightForm({ request: forgetPasswordRequest, initialValues: { email: '' } });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    void preloadToasts();
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      if (isApiError(error)) form.setServerErrors(error.fieldErrors);
    }
  });

  return (
    <AuthLayout title={t('forgotPassword.title')} subtitle={t('forgotPassword.subtitle')}>
      {sentTo && (
        <div className="fd-alert fd-alert--success" role="status" data-testid="forgot-password-sent">
          {t('forgotPassword.sent', { email: sentTo })}
        </div>
      )}
      <form onSubmit={onSubmit} onInput={() => void preloadApi()} noValidate data-testid="forgot-password-form" aria-label={t('forgotPassword.title')}>
        <FormAlert messages={form.formErrors} />
        <TextField
          label={t('forgotPassword.fields.email')}
          required
          error={form.errors.email}
          input={{ ...form.register('email'), type: 'email', autoComplete: 'email', inputMode: 'email', autoFocus: true }}
        />
        <SubmitButton busy={form.submitting} testId="forgot-password-submit">
          {t('forgotPassword.submit')}
        </SubmitButton>
      </form>
      <p className="fd-auth__alt">
        <Link to="/login" data-testid="login-link">
          {t('forgotPassword.backToLogin')}
        </Link>
      </p>
    </AuthLayout>
  );
}
