/** The act's camera button: a file that is no photo is refused at once, naming it, and never handed on. */
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../i18n/test-i18n';
import { PhotoInput } from './photo-input';

beforeAll(initTestI18n);

describe('the photo input of a handover act', () => {
  it('refuses a text file picked through "All files" at once, naming it, and hands nothing on', () => {
    const onPhotos = vi.fn();
    render(<PhotoInput label="Fuel gauge" onPhotos={onPhotos} testId="act-fuel-photo" />);
    const notes = new File(['not a photo'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByTestId('act-fuel-photo'), { target: { files: [notes] } });
    expect(screen.getByRole('alert').textContent).toBe('notes.txt: The file must be an image (JPEG, PNG, GIF or WebP)');
    expect(onPhotos).not.toHaveBeenCalled();
  });
});
