/** The profile's forms keep what was typed: a move to another page asks first, and nothing is asked once it is as saved. */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../crud/test-fetch';
import { renderWithRefine, setUpScreenTests } from '../../crud/test-support';
import { PersonalInfoPage } from './personal-info-page';
import { SecurityPage } from './security-page';

vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

setUpScreenTests();

describe('the profile pages', () => {
  it.each([
    ['personal info', '/personal-info', <PersonalInfoPage key="info" />, 'personal-info-form'],
    ['security', '/security', <SecurityPage key="security" />, 'password-change-form'],
  ])('%s: ask before a move to another page throws a change away, and let the member go when nothing changed', async (_name, path, page, formId) => {
    stubFetch(() => json({ data: [] }));
    const { router } = renderWithRefine(page, { entries: [path], path });
    await screen.findByTestId(formId);
    await act(() => router.navigate('/orders'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/orders'));

    await act(() => router.navigate(path));
    const again = (await screen.findByTestId(formId)).querySelector<HTMLInputElement>('input')!;
    fireEvent.change(again, { target: { value: `${again.value}x-changed` } });
    await act(() => router.navigate('/orders'));
    const keepEditing = await screen.findByTestId('leave-keep-editing');
    expect(screen.getByTestId('location').textContent).toBe(path);
    // Answered, once the question has the focus: no focus attempt of it outlives the test.
    await waitFor(() => expect(document.activeElement).toBe(keepEditing));
    fireEvent.click(keepEditing);
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(screen.getByTestId('location').textContent).toBe(path);
  });
});
