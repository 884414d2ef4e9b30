import { describe, expect, it } from 'vitest';
import { channelOf, emailRecipient, normalizeRecipient, phoneRecipient } from './recipient.ts';

describe('recipients', () => {
  it('spells a phone one way: dialing code, space, national number without the trunk 0', () => {
    expect(phoneRecipient('82', '010-1234-5678')).toBe('+82 1012345678');
    expect(phoneRecipient('+82', '01012345678')).toBe('+82 1012345678');
    expect(phoneRecipient('86', '138 0013 8000')).toBe('+86 13800138000');
    expect(normalizeRecipient('SMS', '+82 010 1234 5678')).toBe('+82 1012345678');
  });

  it('refuses a phone without a usable dialing code or number', () => {
    expect(() => phoneRecipient('', '01012345678')).toThrow(expect.objectContaining({ field: 'countryDialingCode' }));
    expect(() => phoneRecipient('82', '12')).toThrow(expect.objectContaining({ field: 'mobileNum' }));
    expect(() => phoneRecipient('82', '1'.repeat(14))).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    expect(() => normalizeRecipient('SMS', '+821012345678')).toThrow(expect.objectContaining({ field: 'mobileNum' }));
  });

  it('lower-cases and trims e-mail addresses and refuses what is not one', () => {
    expect(emailRecipient(' Player@Example.COM ')).toBe('player@example.com');
    expect(() => emailRecipient('player@')).toThrow(expect.objectContaining({ field: 'email' }));
  });

  it('tells the channel from a normalized recipient', () => {
    expect(channelOf('+82 1012345678')).toBe('SMS');
    expect(channelOf('a@example.com')).toBe('EMAIL');
  });
});
