import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../i18n/test-i18n';
import { ApiError } from '../../providers/api-error';
import { preloadApi, signIn } from '../../session/session-actions';
import { LoginPage } from './login-page';

vi.mock('../../session/session-actions', () => ({ signIn: vi.fn(), preloadApi: vi.fn(() => Promise.resolve()) }));
vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn() }));
vi.mock('../../routes-preload', () => ({ preloadShell: vi.fn() }));

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.mocked(signIn).mockReset();
});

function renderLogin() {
  render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/" element={<p>orders page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return {
    login: screen.getByLabelText<HTMLInputElement>(/^Login/),
    password: screen.getByLabelText<HTMLInputElement>(/^Password/),
    remember: screen.getByLabelText<HTMLInputElement>('Remember me'),
    submit: screen.getByRole('button', { name: 'Sign in' }),
  };
}

describe('login page', () => {
  it('starts loading the API client when the user starts typing, not before', () => {
    const { login } = renderLogin();
    expect(preloadApi).not.toHaveBeenCalled();
    fireEvent.input(login, { target: { value: 'd' } });
    expect(preloadApi).toHaveBeenCalled();
  });

  it('shows the required message under both fields when submitted empty, and does not sign in', async () => {
    const { submit } = renderLogin();
    fireEvent.click(submit);
    expect(await screen.findByTestId('login-error')).toHaveProperty('textContent', 'This field is required');
    expect(screen.getByTestId('password-error').textContent).toBe('This field is required');
    expect(signIn).not.toHaveBeenCalled();
  });

  it('shows the maximum length with its limit for a login over 128 characters', async () => {
    const { login, submit } = renderLogin();
    fireEvent.change(login, { target: { value: 'a'.repeat(129) } });
    fireEvent.click(submit);
    expect((await screen.findByTestId('login-error')).textContent).toBe('Must be at most 128 characters');
  });

  it("clears a field's message once the field is corrected", async () => {
    const { login, submit } = renderLogin();
    fireEvent.click(submit);
    await screen.findByTestId('login-error');
    fireEvent.change(login, { target: { value: 'dispatcher' } });
    expect(screen.queryByTestId('login-error')).toBeNull();
    expect(login.getAttribute('aria-invalid')).toBeNull();
  });

  it('signs in with the values and "remember me", then goes to /', async () => {
    vi.mocked(signIn).mockResolvedValue(null);
    const { login, password, remember, submit } = renderLogin();
    expect(remember.checked).toBe(true);
    fireEvent.change(login, { target: { value: 'dispatcher' } });
    fireEvent.change(password, { target: { value: 'correct-horse' } });
    fireEvent.click(remember);
    fireEvent.click(submit);
    await screen.findByText('orders page');
    expect(signIn).toHaveBeenCalledWith({ login: 'dispatcher', password: 'correct-horse', remember: false });
  });

  it("puts the server's field errors under the fields", async () => {
    vi.mocked(signIn).mockRejectedValue(
      new ApiError({ status: 422, message: 'The given data was invalid', fieldErrors: { login: ['Server says no'] }, hasServerMessage: true }),
    );
    const { login, password, submit } = renderLogin();
    fireEvent.change(login, { target: { value: 'dispatcher' } });
    fireEvent.change(password, { target: { value: 'wrong-password' } });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByTestId('login-error').textContent).toBe('Server says no'));
  });

  it('is keyboard friendly: autofocus, autocomplete hints, links to the other pages', () => {
    const { login, password } = renderLogin();
    expect(document.activeElement).toBe(login);
    expect(login.getAttribute('autocomplete')).toBe('username');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByTestId('forgot-password-link').getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByTestId('register-link').getAttribute('href')).toBe('/register');
  });
});
