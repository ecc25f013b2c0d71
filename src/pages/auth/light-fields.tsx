/**
 * Plain form controls for the auth pages (no antd: the /login JavaScript budget). They follow antd's
 * look closely enough that moving from /login into the shell feels like one product.
 */
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../forms/use-light-form';

export function useErrorText() {
  const { t } = useTranslation();
  return (error: FieldError | undefined): string | undefined => (error === undefined ? undefined : 'text' in error ? error.text : t(error.key, error.params));
}

type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: (element: HTMLInputElement | null) => void; name: string };

/** The asterisk sits outside the <label>, so a field's accessible name is exactly its label ("Password"). */
function FieldLabel({ htmlFor, required, children }: { htmlFor?: string; required?: boolean; children: ReactNode }) {
  return (
    <div className="fd-field__label">
      <label htmlFor={htmlFor}>{children}</label>
      {required && (
        <span className="fd-field__required" aria-hidden="true">
          *
        </span>
      )}
    </div>
  );
}

interface TextFieldProps {
  label: string;
  input: InputProps;
  error?: FieldError;
  required?: boolean;
  hint?: ReactNode;
}

export function TextField({ label, input, error, required, hint }: TextFieldProps) {
  const errorText = useErrorText()(error);
  return (
    <div className={`fd-field${errorText ? ' fd-field--error' : ''}`}>
      <FieldLabel htmlFor={input.id} required={required}>
        {label}
      </FieldLabel>
      <input className="fd-input" type="text" required={required} {...input} />
      {errorText ? (
        <div className="fd-field__error" id={`${input.id}-error`} role="alert" data-testid={`${input.name}-error`}>
          {errorText}
        </div>
      ) : (
        hint && <div className="fd-field__hint">{hint}</div>
      )}
    </div>
  );
}

export function PasswordField(props: TextFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const errorText = useErrorText()(props.error);
  return (
    <div className={`fd-field${errorText ? ' fd-field--error' : ''}`}>
      <FieldLabel htmlFor={props.input.id} required={props.required}>
        {props.label}
      </FieldLabel>
      <div className="fd-password">
        <input className="fd-input" required={props.required} {...props.input} type={visible ? 'text' : 'password'} />
        <button
          type="button"
          className="fd-password__toggle"
          aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible(!visible)}
        >
          {visible ? <EyeClosed /> : <EyeOpen />}
        </button>
      </div>
      {errorText && (
        <div className="fd-field__error" id={`${props.input.id}-error`} role="alert" data-testid={`${props.input.name}-error`}>
          {errorText}
        </div>
      )}
    </div>
  );
}

export function CheckboxField({ label, input, error }: { label: ReactNode; input: InputProps; error?: FieldError }) {
  const errorText = useErrorText()(error);
  return (
    <div className={`fd-field fd-field--checkbox${errorText ? ' fd-field--error' : ''}`}>
      <label className="fd-checkbox" htmlFor={input.id}>
        <input type="checkbox" {...input} />
        <span>{label}</span>
      </label>
      {errorText && (
        <div className="fd-field__error" id={`${input.id}-error`} role="alert" data-testid={`${input.name}-error`}>
          {errorText}
        </div>
      )}
    </div>
  );
}

export function SubmitButton({ children, busy, testId }: { children: ReactNode; busy: boolean; testId: string }) {
  return (
    <button type="submit" className="fd-button fd-button--primary fd-button--block" disabled={busy} aria-busy={busy} data-testid={testId}>
      {busy && <span className="fd-button__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

export function FormAlert({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div className="fd-alert fd-alert--error" role="alert" data-testid="form-alert">
      {messages.map((message) => (
        <div key={message}>{message}</div>
      ))}
    </div>
  );
}

function EyeOpen() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        fill="currentColor"
        d="M12 5C6.5 5 2.7 9.2 1.5 12c1.2 2.8 5 7 10.5 7s9.3-4.2 10.5-7C21.3 9.2 17.5 5 12 5Zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9Zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z"
      />
    </svg>
  );
}

function EyeClosed() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        fill="currentColor"
        d="M3.3 2 2 3.3l3.2 3.2C3.4 7.8 2.1 9.8 1.5 12c1.2 2.8 5 7 10.5 7 1.9 0 3.6-.5 5-1.3l3.7 3.7 1.3-1.3L3.3 2ZM12 16.5A4.5 4.5 0 0 1 7.5 12c0-.8.2-1.5.6-2.2l1.5 1.5a2.5 2.5 0 0 0 3.1 3.1l1.5 1.5c-.7.4-1.4.6-2.2.6Zm0-11.5c5.5 0 9.3 4.2 10.5 7-.5 1.3-1.6 2.9-3.1 4.3l-3-3c.1-.4.1-.9.1-1.3A4.5 4.5 0 0 0 12 7.5c-.4 0-.9 0-1.3.1L8.4 5.4C9.5 5.1 10.7 5 12 5Z"
      />
    </svg>
  );
}
