/** The header's language switcher by keyboard: Arrow down opens it on its menu, and the focus comes back to it after a choice. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { initTestI18n } from '../i18n/test-i18n';
import { LanguageSwitcher } from './language-switcher';

beforeAll(initTestI18n);
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('the language switcher', () => {
  it('opens on Arrow down, changes the language on a choice and gives the focus back to its button', async () => {
    render(<LanguageSwitcher />);
    const button = screen.getByTestId('language-switcher');
    button.focus();
    expect(screen.queryByTestId('language-option-de')).toBeNull();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const german = await screen.findByTestId('language-option-de');
    // The focus goes to the menu, where the arrows choose.
    await waitFor(() => expect(document.activeElement?.closest('.ant-dropdown-menu')).toBeTruthy());
    fireEvent.click(german);
    await waitFor(() => expect(i18n.language).toBe('de'));
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});
