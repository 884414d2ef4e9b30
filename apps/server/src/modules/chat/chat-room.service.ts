import type { ChatMute, StaffChatMessage } from '@portal/contracts/backoffice/chat-room.contract.ts';
import {
  CHAT_LIMITS,
  type ChatMessage,
  type ChatRoom,
  type ChatRoomSettings,
  type SendChatMessage,
} from '@portal/contracts/chat/chat-room.contract.ts';
import { TRIAL_TYPE } from '@portal/contracts/limits.ts';
import type { InTransaction } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import { writeAudit, type Actor } from '../backoffice/audit.ts';
import type { SettingsRepository } from '../site/settings.repository.ts';
import type { ChatMessageRow, ChatMuteRow, ChatNotice, ChatRoomRepository } from './chat-room.repository.ts';

const iso = (d: Date | string) => new Date(d).toISOString();
/** Messages staff see in the moderation screen. */
const STAFF_LIST = 100;
/** Control characters a chat line never needs (line breaks stay). */
// eslint-disable-next-line no-control-regex -- removing them is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;
/** `@handle`: letters, digits, `_ . -` (a member's account or nickname). */
const MENTION = /(?<![\p{L}\p{N}_])@([\p{L}\p{N}_.-]{2,32})/gu;
/**
 * What reads as a link: a scheme with `//` (or `mailto:`, `javascript:` and the like before a host), a
 * `www.` host, or a host name ending in letters (`evil.com`, `bit.ly/x`), with an optional port and path.
 */
const LINK =
  /\b(?:[a-z][a-z0-9+.-]{1,15}:(?:\/\/)?)?(?:[a-z0-9](?:[a-z0-9-]{0,62})?\.)+[a-z][a-z0-9-]{1,62}\b(?::\d{1,5})?(?:[/?#][^\s]*)?/giu;
/** A scheme at the start of a link (`https://`, `javascript:`). */
const SCHEME = /^[a-z][a-z0-9+.-]{1,15}:(?:\/\/)?/i;
/** The schemes a browser or a phone would open, wherever they stand (`javascript:alert(1)` has no host name). */
const LINK_SCHEME = /\b(?:https?|ftp|file|javascript|vbscript|data|blob|mailto|tel|sms|intent|about):(?:\/\/)?/giu;

/**
 * Links are disabled in the room: whatever reads as one loses its scheme and has its dots written as
 * `[.]` (`https://evil.com/x` → `evil[.]com/x`), so neither the page nor a phone's own link detection
 * can open it. The text stays readable.
 */
export function neutraliseLinks(text: string): string {
  return text
    .replace(LINK, (link) => {
      const withoutScheme = link.replace(SCHEME, '');
      const cut = withoutScheme.search(/[/?#]/);
      const host = cut < 0 ? withoutScheme : withoutScheme.slice(0, cut);
      const rest = cut < 0 ? '' : withoutScheme.slice(cut);
      return host.replace(/\./g, '[.]') + rest.replace(/\.(?=[a-z])/gi, '[.]');
    })
    .replace(LINK_SCHEME, '');
}

/**
 * The public chat room (issue 18, decision 056). Members write (not trial accounts, not while muted,
 * within the length and the per-member rate of the `chat_room` setting); everyone reads. Every change
 * is announced on the `chat_room` NOTIFY channel in the writing transaction, so the sockets of every
 * instance hear it after commit.
 */
export function chatRoomService(deps: {
  repo: ChatRoomRepository;
  settings: SettingsRepository;
  transaction: InTransaction;
  /** The app's clock: message times, the rate limit and mutes follow it (the test clock moves it). */
  now: () => Date;
}) {
  const { repo, settings, transaction, now } = deps;
  const rules = () => settings.get('chat_room');

  const toMessage = (r: ChatMessageRow): ChatMessage => ({
    id: r.id,
    name: r.name,
    body: r.body,
    mentions: r.mentions,
    createdAt: iso(r.createdAt),
  });
  const toStaffMessage = (r: ChatMessageRow): StaffChatMessage => ({
    ...toMessage(r),
    memberId: r.memberId,
    account: r.account,
    deletedAt: r.deletedAt ? iso(r.deletedAt) : null,
    deletedBy: r.deletedBy,
  });
  const toMute = (r: ChatMuteRow): ChatMute => ({
    id: r.id,
    memberId: r.memberId,
    account: r.account,
    name: r.name,
    reason: r.reason,
    until: iso(r.until),
    mutedBy: r.mutedBy,
    createdAt: iso(r.createdAt),
  });
  const mutedError = (m: ChatMuteRow) =>
    new AppError('CHAT_MUTED', 403, `Muted until ${iso(m.until)}: ${m.reason}`, undefined, {
      until: iso(m.until),
      reason: m.reason,
    });

  /** The text as kept: without control characters, trimmed, links neutralised, within the length. */
  function clean(text: string, maxChars: number): string {
    const body = neutraliseLinks(text.replace(CONTROL, '').trim());
    if (body === '') throw new AppError('CHAT_MESSAGE_EMPTY', 400, 'Write a message first.', 'body.body');
    if ([...body].length > maxChars)
      throw new AppError('CHAT_MESSAGE_TOO_LONG', 400, `At most ${maxChars} characters.`, 'body.body', {
        max: maxChars,
      });
    return body;
  }

  /** The `@handles` of the body that call another existing member, as written (at most CHAT_LIMITS.mentionsMax). */
  async function mentionsIn(body: string, selfId: string): Promise<string[]> {
    const written = new Map<string, string>();
    for (const m of body.matchAll(MENTION)) {
      const handle = m[1]!.replace(/[.-]+$/, '');
      if (!written.has(handle.toLowerCase())) written.set(handle.toLowerCase(), handle);
    }
    const found = await repo.mentionable([...written.keys()].slice(0, CHAT_LIMITS.mentionsMax * 2));
    const called = new Set(found.filter((f) => f.memberId !== selfId).map((f) => f.handle));
    return [...written.entries()]
      .filter(([lower]) => called.has(lower))
      .map(([, asWritten]) => asWritten)
      .slice(0, CHAT_LIMITS.mentionsMax);
  }

  return {
    /** The room on join: its newest messages, the rules, and what the caller may do. */
    async room(memberId: string | undefined): Promise<ChatRoom> {
      const [messages, r] = await Promise.all([repo.latest(CHAT_LIMITS.history), rules()]);
      let me: ChatRoom['me'] = null;
      if (memberId) {
        const member = await repo.member(memberId);
        const mute = await repo.muteInForce(memberId, now());
        me = {
          name: member?.name ?? '',
          handles: member?.handles ?? [],
          readOnly: member?.type === TRIAL_TYPE ? 'TRIAL' : mute ? 'MUTED' : null,
          mute: mute ? { until: iso(mute.until), reason: mute.reason } : null,
        };
      }
      return { messages: messages.map(toMessage), me, rules: r };
    },

    /** A member writes; a repeat of the same request answers the first message. */
    async send(memberId: string, input: SendChatMessage): Promise<ChatMessage> {
      const r = await rules();
      const body = clean(input.body, r.maxChars);
      const member = await repo.member(memberId);
      if (!member) throw new AppError('NOT_LOGGED_IN', 401, 'Please sign in.');
      const mentions = await mentionsIn(body, memberId);
      const id = await transaction(async (trx) => {
        await repo.lockMember(trx, memberId);
        const repeat = await repo.byRequest(memberId, input.requestId, trx);
        if (repeat) return repeat.id;
        const at = now();
        const mute = await repo.muteInForce(memberId, at, trx);
        if (mute) throw mutedError(mute);
        const windowMs = r.rateWindowSeconds * 1000;
        const recent = await repo.sentSince(trx, memberId, new Date(at.getTime() - windowMs));
        if (recent.length >= r.rateCount) {
          const oldest = recent[recent.length - r.rateCount]!;
          const retryAfterSeconds = Math.max(
            1,
            Math.ceil((new Date(oldest).getTime() + windowMs - at.getTime()) / 1000),
          );
          throw new AppError(
            'CHAT_RATE_LIMITED',
            429,
            `At most ${r.rateCount} messages per ${r.rateWindowSeconds} seconds.`,
            undefined,
            { retryAfterSeconds, count: r.rateCount, seconds: r.rateWindowSeconds },
          );
        }
        const id = await repo.insert(trx, {
          memberId,
          name: member.name,
          body,
          mentions,
          requestId: input.requestId,
          at,
        });
        await repo.notify(trx, { e: 'message', id });
        return id;
      });
      return toMessage((await repo.message(id))!);
    },

    /** A message as the sockets deliver it (undefined once removed). */
    async messageForSocket(id: string): Promise<ChatMessage | undefined> {
      const row = await repo.message(id);
      return row && !row.deletedAt ? toMessage(row) : undefined;
    },

    // ——— staff ———

    async staffMessages(): Promise<{ messages: StaffChatMessage[] }> {
      return { messages: (await repo.latest(STAFF_LIST, true)).map(toStaffMessage) };
    },

    /** Removes a message for everyone (once; removing it again changes nothing). */
    async remove(actor: Actor, id: string): Promise<{ deleted: boolean }> {
      const deleted = await transaction(async (trx) => {
        const row = await repo.message(id, trx);
        if (!row) throw new AppError('CHAT_MESSAGE_NOT_FOUND', 404, 'No such message.', 'body.id');
        if (!(await repo.markDeleted(trx, id, actor.staffId, now()))) return false;
        await writeAudit(trx, actor, {
          action: 'chat.delete',
          target: `chat-message:${id}`,
          before: { memberId: row.memberId, body: row.body },
          after: { deleted: true },
        });
        await repo.notify(trx, { e: 'deleted', id });
        return true;
      });
      return { deleted };
    },

    async mutes(): Promise<{ mutes: ChatMute[] }> {
      return { mutes: (await repo.mutesInForce(now())).map(toMute) };
    },

    /** Mutes a member for `minutes` with a reason (a mute in force is replaced). */
    async mute(
      actor: Actor & { staffId: string },
      m: { memberId: string; minutes: number; reason: string },
    ): Promise<ChatMute> {
      if (!(await repo.member(m.memberId)))
        throw new AppError('CHAT_MEMBER_NOT_FOUND', 404, 'No such member.', 'body.memberId');
      const reason = m.reason.replace(CONTROL, '').trim();
      if (reason === '') throw new AppError('VALIDATION_FAILED', 400, 'Give a reason.', 'body.reason');
      const at = now();
      const until = new Date(at.getTime() + m.minutes * 60_000);
      const id = await transaction(async (trx) => {
        await repo.lockMember(trx, m.memberId);
        const before = await repo.muteInForce(m.memberId, at, trx);
        await repo.liftMutes(trx, m.memberId, actor.staffId, at);
        const id = await repo.insertMute(trx, { memberId: m.memberId, reason, until, staffId: actor.staffId, at });
        await writeAudit(trx, actor, {
          action: 'chat.mute',
          target: `member:${m.memberId}`,
          before: before ? { until: iso(before.until), reason: before.reason } : null,
          after: { until: iso(until), reason },
        });
        await repo.notify(trx, { e: 'status', m: m.memberId });
        return id;
      });
      return toMute((await repo.mute(id))!);
    },

    /** Lifts a member's mute before its end (nothing to lift: changes nothing). */
    async unmute(actor: Actor, memberId: string): Promise<{ lifted: boolean }> {
      const at = now();
      const lifted = await transaction(async (trx) => {
        await repo.lockMember(trx, memberId);
        const before = await repo.muteInForce(memberId, at, trx);
        if (!before) return false;
        await repo.liftMutes(trx, memberId, actor.staffId, at);
        await writeAudit(trx, actor, {
          action: 'chat.unmute',
          target: `member:${memberId}`,
          before: { until: iso(before.until), reason: before.reason },
          after: null,
        });
        await repo.notify(trx, { e: 'status', m: memberId });
        return true;
      });
      return { lifted };
    },

    rules,

    async setRules(actor: Actor, next: ChatRoomSettings): Promise<ChatRoomSettings> {
      return settings.update(
        'chat_room',
        () => next,
        (trx, before, after) =>
          writeAudit(trx, actor, { action: 'chat.settings', target: 'site:chat_room', before, after }),
      );
    },
  };
}
export type ChatRoomService = ReturnType<typeof chatRoomService>;
export type { ChatNotice };
