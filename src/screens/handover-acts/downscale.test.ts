import { describe, expect, it } from 'vitest';
import { fitWithin, jpegName } from './downscale';

describe('fitting a photo within the size sent', () => {
  it('shrinks the longer side to the maximum and keeps the proportions', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(4032, 1000, 1600)).toEqual({ width: 1600, height: 397 });
  });

  it('never enlarges a small photo, and never gives a zero side', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(10000, 2)).toEqual({ width: 1600, height: 1 });
    expect(fitWithin(0, 100)).toEqual({ width: 0, height: 0 });
  });

  it('names the JPEG after the original', () => {
    expect(jpegName('IMG_0001.HEIC')).toBe('IMG_0001.jpg');
    expect(jpegName('gauge')).toBe('gauge.jpg');
    expect(jpegName('.png')).toBe('photo.jpg');
  });
});
