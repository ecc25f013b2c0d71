import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../i18n/test-i18n';
import type { WidgetProps } from '../types';
import { fileKind } from './index';

beforeAll(initTestI18n);
afterEach(cleanup);

describe('the file picker', () => {
  it('comes in a chunk of its own and draws its button and the size limit once loaded', async () => {
    const Widget = fileKind.Widget!;
    const props = { id: 'scan', value: 'passport.pdf', onChange: vi.fn(), onBlur: vi.fn(), onFocus: vi.fn(), options: {}, schema: { type: 'string' } };
    render(<Widget {...(props as unknown as WidgetProps)} />);
    expect(await screen.findByText('passport.pdf')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Choose a file/ })).toBeTruthy();
  });
});
