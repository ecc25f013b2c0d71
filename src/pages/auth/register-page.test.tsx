import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../i18n/test-i18n';
import { ApiError } from '../../providers/api-error';
import { signUp } from '../../session/session-actions';
import { RegisterPage } from './register-page';

vi.mock('../../session/session-actions', () => ({ signUp: vi.fn(), preloadApi: vi.fn(() => Promise.resolve()) }));
vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn() }));
vi.mock('../../routes-preload', () => ({ preloadShell: vi.fn() }));

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.mocked(signUp).mockReset();
});

function renderRegister() {
  render(
    <MemoryRouter initialEntries={['/register']}>
      <RegisterPage />
    </MemoryRouter>,
  );
  const field = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);
  return {
    company: field(/^Company name/),
    login: field(/^Login/),
    email: field(/^E-mail/),
    phone: field(/^Phone/),
    password: field(/^Password/),
    confirmation: field(/^Confirm password/),
    agreement: screen.getByRole<HTMLInputElement>('checkbox'),
    submit: screen.getByRole('button', { name: 'Register' }),
  };
}

const change = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });

describe('register page', () => {
  it("shows the server's minimum length for the login, the mismatch and the missing agreement", async () => {
    const form = renderRegister();
    change(form.company, 'Nordic Freight');
    change(form.login, 'short');
    change(form.email, 'office@nordic-freight.example');
    change(form.phone, '+49 30 12345678');
    change(form.password, 'correct-horse');
    change(form.confirmation, 'correct-horsE');
    fireEvent.click(form.submit);
    expect((await screen.findByTestId('login-error')).textContent).toBe('Must be at least 8 characters');
    expect(screen.getByTestId('password_confirmation-error').textContent).toBe('The confirmation does not match');
    expect(screen.getByTestId('agreement-error').textContent).toBe('Please accept the terms and conditions and the privacy policy');
    expect(screen.queryByTestId('email-error')).toBeNull();
    expect(signUp).not.toHaveBeenCalled();
  });

  it('puts the keyboard in the first wrong field on screen, the company name, when nothing is filled in', async () => {
    const form = renderRegister();
    fireEvent.click(form.submit);
    await screen.findByTestId('login-error');
    expect(document.activeElement).toBe(form.company);
  });

  it('registers with the request body only (no agreement field) once everything is valid', async () => {
    vi.mocked(signUp).mockResolvedValue(null);
    const form = renderRegister();
    change(form.company, 'Nordic Freight');
    change(form.login, 'nordic.admin');
    change(form.email, 'office@nordic-freight.example');
    change(form.phone, '+49 30 12345678');
    change(form.password, 'correct-horse');
    change(form.confirmation, 'correct-horse');
    fireEvent.click(form.agreement);
    fireEvent.click(form.submit);
    await vi.waitFor(() => expect(signUp).toHaveBeenCalledTimes(1));
    expect(signUp).toHaveBeenCalledWith({
      company_name: 'Nordic Freight',
      login: 'nordic.admin',
      email: 'office@nordic-freight.example',
      phone: '+49 30 12345678',
      password: 'correct-horse',
      password_confirmation: 'correct-horse',
    });
  });

  it("shows the server's reason for refusing the password under the password field until the password is edited", async () => {
    const reason = 'This is one of the most common passwords, or too close to one: choose another';
    vi.mocked(signUp).mockRejectedValue(
      new ApiError({ status: 422, message: 'The given data was invalid', fieldErrors: { password: [reason] }, hasServerMessage: true }),
    );
    const form = renderRegister();
    change(form.company, 'Nordic Freight');
    change(form.login, 'nordic.admin');
    change(form.email, 'office@nordic-freight.example');
    change(form.phone, '+49 30 12345678');
    change(form.password, 'password123456');
    change(form.confirmation, 'password123456');
    fireEvent.click(form.agreement);
    fireEvent.click(form.submit);
    expect((await screen.findByTestId('password-error')).textContent).toBe(reason);
    // Leaving another field keeps the server's reason; editing the password itself takes it away.
    fireEvent.blur(form.confirmation);
    fireEvent.blur(form.agreement);
    expect(screen.getByTestId('password-error').textContent).toBe(reason);
    change(form.password, 'ferry-lantern-orbit-4');
    expect(screen.queryByTestId('password-error')).toBeNull();
  });

  it('links the agreement to the legal pages', () => {
    renderRegister();
    expect(screen.getByTestId('terms-link').getAttribute('href')).toBe('/terms-of-conditions');
    expect(screen.getByTestId('privacy-link').getAttribute('href')).toBe('/privacy-policy');
  });
});
