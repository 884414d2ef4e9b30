import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_CHARACTERS, captchaImage } from './captcha-image.ts';

describe('the captcha picture', () => {
  it('is a 150×50 PNG of four characters nobody confuses', () => {
    const { text, image } = captchaImage();
    expect(text).toMatch(new RegExp(`^[${CAPTCHA_CHARACTERS}]{4}$`));
    expect(CAPTCHA_CHARACTERS).not.toMatch(/[01IOL]/);
    const png = decode(Buffer.from(image.replace(/^data:image\/png;base64,/, ''), 'base64'));
    expect([png.width, png.height]).toEqual([150, 50]);
  });

  it('has ink on it, darker than the background, and differs each time', () => {
    const a = captchaImage();
    const b = captchaImage();
    expect(a.image).not.toBe(b.image);
    const { data } = decode(Buffer.from(a.image.split(',')[1]!, 'base64'));
    let dark = 0;
    // The ink's channels sum to at most 317 and the background's to at least 615: count what is well
    // below the background rather than below a fixed darkness, which a light random ink could miss.
    for (let i = 0; i < data.length; i += 3) if (data[i]! + data[i + 1]! + data[i + 2]! < 450) dark++;
    // Strokes and crossing lines cover a few percent of the picture, never most of it.
    expect(dark).toBeGreaterThan(150);
    expect(dark).toBeLessThan(150 * 50 * 0.5);
  });
});
