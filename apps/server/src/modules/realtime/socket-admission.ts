import type { WebSocket } from '@fastify/websocket';
import { LIVE_CLOSE } from '@portal/contracts/realtime/live-channel.contract.ts';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../plugins/app-error.ts';

/** How long a new socket has to say who it is. */
export const JOIN_TIMEOUT_MS = 5000;
/** How often a signed-in socket's session is checked again (it may have been revoked or expired since). */
export const RECHECK_MS = 60_000;

/**
 * The close code of a refusal, which the web reads (it retries after neither): a session that must
 * change its password first says so; every other refusal is "not signed in".
 */
export const refusalCode = (err: unknown): number =>
  err instanceof AppError && err.code === 'PASSWORD_CHANGE_REQUIRED'
    ? LIVE_CLOSE.passwordChange
    : LIVE_CLOSE.notSignedIn;

/** Who an admitted socket is: its key in the hub, and for a signed-in one how to check its session again. */
export interface SocketAdmission {
  key: string;
  /** Throws once the session has ended (revoked, expired, disabled, a password change forced). */
  recheck?: () => Promise<unknown>;
}

/**
 * The admission every push socket of the site goes through (the live channel, the chat room, support):
 * the client has JOIN_TIMEOUT_MS to send its first message; `admit` reads it and answers who the socket
 * is, or refuses with the session rules' AppError, whose code closes the socket. A signed-in socket's
 * session is checked again every RECHECK_MS and the socket closes when it has ended. After admission
 * the socket is server → client only; `join` adds it to the hub and answers how to leave it, and
 * `welcome` sends the first events.
 */
export function admitOnFirstMessage<M>(
  socket: WebSocket,
  {
    log,
    read,
    admit,
    join,
    welcome,
  }: {
    log: FastifyBaseLogger;
    /** The first message as the socket's contract reads it; undefined closes the socket. */
    read: (raw: string) => M | undefined;
    admit: (message: M) => Promise<SocketAdmission>;
    join: (key: string) => () => void;
    welcome: (key: string) => void | Promise<void>;
  },
): void {
  let leave: (() => void) | undefined;
  let recheck: NodeJS.Timeout | undefined;
  const refuse = (err: unknown) => {
    if (!(err instanceof AppError)) log.warn({ err }, 'socket refused');
    socket.close(refusalCode(err), err instanceof AppError ? err.code : 'refused');
  };
  const timer = setTimeout(() => socket.close(LIVE_CLOSE.notSignedIn, 'join required'), JOIN_TIMEOUT_MS);
  let reading = false;
  socket.on('message', async (raw) => {
    if (leave || reading) return;
    reading = true;
    const message = read(String(raw));
    if (message === undefined) return socket.close(LIVE_CLOSE.notSignedIn, 'join required');
    let admitted: SocketAdmission;
    try {
      admitted = await admit(message);
    } catch (err) {
      return refuse(err);
    }
    clearTimeout(timer);
    leave = join(admitted.key);
    const again = admitted.recheck;
    if (again) recheck = setInterval(() => void again().catch(refuse), RECHECK_MS);
    Promise.resolve(welcome(admitted.key)).catch((err: unknown) => log.warn({ err }, 'welcome not sent'));
  });
  socket.on('close', () => {
    clearTimeout(timer);
    clearInterval(recheck);
    leave?.();
  });
}

/**
 * A push socket route of the site at `path`: hidden from the API docs, `preValidation` before the
 * upgrade (the same-site check), then the first-message admission above.
 */
export function admittedSocketRoute<M>(
  app: FastifyInstance,
  path: string,
  preValidation: (request: FastifyRequest) => Promise<void>,
  admission: {
    read: (raw: string) => M | undefined;
    admit: (message: M) => Promise<SocketAdmission>;
    join: (key: string, socket: WebSocket) => () => void;
    welcome: (key: string, socket: WebSocket) => void | Promise<void>;
  },
): void {
  app.get(path, { websocket: true, schema: { hide: true }, preValidation }, (socket) =>
    admitOnFirstMessage(socket, {
      log: app.log,
      read: admission.read,
      admit: admission.admit,
      join: (key) => admission.join(key, socket),
      welcome: (key) => admission.welcome(key, socket),
    }),
  );
}
