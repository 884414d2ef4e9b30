import nodemailer from 'nodemailer';
import type { Env } from '../../config/env.ts';

export interface OutgoingMessage {
  /** Normalized: `+82 1012345678` for SMS, a lower-cased address for e-mail. */
  recipient: string;
  subject: string | null;
  body: string;
}

/** One way out of the building. `deliver` resolves when the far side accepted the message. */
export interface MessageTransport {
  readonly name: 'SMTP' | 'SMS_GATEWAY';
  deliver(message: OutgoingMessage): Promise<void>;
}

/** A channel without a transport is delivered to the outbox table only (the local default). */
export interface MessageTransports {
  sms?: MessageTransport | undefined;
  email?: MessageTransport | undefined;
}

/** A gateway that hangs must not hold the player's request (and a pool connection) for long. */
export const SMS_GATEWAY_TIMEOUT_MS = 5000;
const SMTP_CONNECT_TIMEOUT_MS = 10_000;
const SMTP_SOCKET_TIMEOUT_MS = 20_000;
/** Enough of a gateway's error body to diagnose it, not enough to fill the table. */
const ERROR_BODY_CHARS = 200;

/** `+82 1012345678` → `+821012345678` (E.164, what gateways take). */
function e164(recipient: string): string {
  return recipient.replace(/\s+/g, '');
}

export function httpSmsGateway(opts: {
  url: string;
  token?: string | undefined;
  timeoutMs?: number;
}): MessageTransport {
  const timeoutMs = opts.timeoutMs ?? SMS_GATEWAY_TIMEOUT_MS;
  return {
    name: 'SMS_GATEWAY',
    async deliver({ recipient, body }) {
      let res: Response;
      try {
        res = await fetch(opts.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          },
          body: JSON.stringify({ to: e164(recipient), text: body }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
          throw new Error(`SMS gateway did not answer within ${timeoutMs} ms`, { cause: err });
        const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
        throw new Error(`SMS gateway unreachable${cause}`, { cause: err });
      }
      if (!res.ok) {
        const text = (await res.text().catch(() => '')).slice(0, ERROR_BODY_CHARS);
        throw new Error(`SMS gateway answered ${res.status}${text ? `: ${text}` : ''}`);
      }
      // Drain the body so the keep-alive socket goes back to the pool.
      await res.arrayBuffer().catch(() => undefined);
    },
  };
}

export function smtpTransport(opts: { url: string; from: string }): MessageTransport {
  const mailer = nodemailer.createTransport(
    {
      url: opts.url,
      connectionTimeout: SMTP_CONNECT_TIMEOUT_MS,
      greetingTimeout: SMTP_CONNECT_TIMEOUT_MS,
      socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
    },
    { from: opts.from },
  );
  return {
    name: 'SMTP',
    async deliver({ recipient, subject, body }) {
      await mailer.sendMail({ to: recipient, subject: subject ?? '', text: body });
    },
  };
}

/** Real transports for what the environment configures; the rest stays in the outbox. */
export function transportsFromEnv(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'SMS_GATEWAY_URL' | 'SMS_GATEWAY_TOKEN'>,
): MessageTransports {
  return {
    sms: env.SMS_GATEWAY_URL ? httpSmsGateway({ url: env.SMS_GATEWAY_URL, token: env.SMS_GATEWAY_TOKEN }) : undefined,
    email: env.SMTP_URL ? smtpTransport({ url: env.SMTP_URL, from: env.MAIL_FROM }) : undefined,
  };
}
