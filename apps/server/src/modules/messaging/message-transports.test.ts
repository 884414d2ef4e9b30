import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../config/env.ts';
import { transportsFromEnv } from './message-transports.ts';

describe('choosing the transports from the environment', () => {
  it('keeps SMS and e-mail in the outbox when nothing is configured', () => {
    expect(transportsFromEnv(loadEnv({}))).toEqual({ sms: undefined, email: undefined });
  });

  it('sends SMS through the gateway of SMS_GATEWAY_URL and e-mail through SMTP_URL', () => {
    const t = transportsFromEnv(
      loadEnv({ SMS_GATEWAY_URL: 'https://sms.example.com/send', SMTP_URL: 'smtps://user:pw@mail.example.com:465' }),
    );
    expect(t.sms?.name).toBe('SMS_GATEWAY');
    expect(t.email?.name).toBe('SMTP');
  });

  it('stops at start-up on a malformed SMTP or gateway URL, naming both', () => {
    const bad = { SMTP_URL: 'mail.example.com:25', SMS_GATEWAY_URL: 'ftp://sms.example.com' };
    expect(() => loadEnv(bad)).toThrow(EnvError);
    expect(() => loadEnv(bad)).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadEnv(bad)).toThrow(/SMS_GATEWAY_URL: must be an http:\/\/ or https:\/\/ URL/);
  });
});
