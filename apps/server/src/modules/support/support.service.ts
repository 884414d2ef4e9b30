import { createHash, randomBytes } from 'node:crypto';
import {
  type CannedReply,
  type LiveChatSetting,
  type SupportQueueItem,
} from '@portal/contracts/backoffice/support.contract.ts';
import { roleHolds, STAFF_ROLES } from '@portal/contracts/backoffice/staff.contract.ts';
import {
  LIVE_CHAT_BUILT_IN_PATH,
  type LiveChatLaunchQuery,
  type SendSupportMessageBody,
  SUPPORT_LIMITS,
  SUPPORT_RULES,
  type SupportConversation,
  type SupportMessage,
  type SupportThread,
} from '@portal/contracts/support/support.contract.ts';
import type { z } from 'zod';
import type { InTransaction } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import { writeAudit, type Actor } from '../backoffice/audit.ts';
import type { SettingsRepository } from '../site/settings.repository.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import type {
  ConversationRow,
  MessageRow,
  SupportNotice,
  SupportParty,
  SupportRepository,
} from './support.repository.ts';

type Send = z.output<typeof SendSupportMessageBody>;
const iso = (d: Date | string) => new Date(d).toISOString();
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
/** The permission of the support console; the roles that hold it may take conversations. */
export const SUPPORT_PERMISSION = 'support.chat';
const QUEUE_LIMIT = 200;
const PREVIEW_CHARS = 80;
/** Control characters a name or a chat line never needs (line breaks stay in messages). */
// eslint-disable-next-line no-control-regex -- removing them is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** The key of the party's sockets: `m:<member id>` or `g:<guest id>`. */
export const partyKey = (p: SupportParty) => (p.kind === 'MEMBER' ? `m:${p.memberId}` : `g:${p.guestId}`);
const keyOfRow = (c: Pick<ConversationRow, 'memberId' | 'guestId'>) =>
  c.memberId ? `m:${c.memberId}` : `g:${c.guestId}`;

/**
 * Live support (issue 18, decision 057). A player (member, or guest with a name and a browser token)
 * writes to staff; staff answer from the back office's console. Players reach only their own
 * conversation: none of their calls names a conversation. Every change is announced on the
 * `support_event` NOTIFY channel (in the same transaction), so the sockets of every instance hear it.
 */
export function supportService(deps: {
  repo: SupportRepository;
  uploads: UploadsService;
  settings: SettingsRepository;
  transaction: InTransaction;
  notifyNow: (n: SupportNotice) => Promise<void>;
}) {
  const { repo, uploads, settings, transaction, notifyNow } = deps;

  const toMessage = (r: MessageRow): SupportMessage => ({
    id: r.id,
    conversationId: r.conversationId,
    author: r.author,
    body: r.body,
    images: r.images.map((i) => ({ ...i, url: uploads.url(i.id) })),
    staffName: r.staffName,
    event: r.event,
    eventStaffName: r.eventStaffName,
    createdAt: iso(r.createdAt),
  });
  const toConversation = (c: ConversationRow): SupportConversation => ({
    id: c.id,
    status: c.status,
    staffName: c.staffName,
    playerReadUpTo: c.playerReadUpto,
    staffReadUpTo: c.staffReadUpto,
    createdAt: iso(c.createdAt),
    closedAt: c.closedAt ? iso(c.closedAt) : null,
  });
  const toQueueItem = (c: ConversationRow): SupportQueueItem => ({
    ...toConversation(c),
    memberId: c.memberId,
    memberAccount: c.memberAccount,
    guestName: c.guestName,
    assignedStaffId: c.assignedStaffId,
    lastMessageAt: iso(c.lastMessageAt),
    lastMessage: [...(c.lastMessage ?? '')].slice(0, PREVIEW_CHARS).join(''),
    lastAuthor: c.lastAuthor,
    unread: c.unread,
  });

  /** A message's text as kept: trimmed, without control characters, within the length. */
  function cleanBody(text: string): string {
    const body = text.replace(CONTROL, '').trim();
    if ([...body].length > SUPPORT_LIMITS.messageMaxChars)
      throw new AppError(
        'SUPPORT_MESSAGE_TOO_LONG',
        400,
        `At most ${SUPPORT_LIMITS.messageMaxChars} characters.`,
        'body.body',
        { max: SUPPORT_LIMITS.messageMaxChars },
      );
    return body;
  }

  async function thread(party: SupportParty): Promise<SupportThread> {
    const c = await repo.latestOf(party);
    return {
      player: { kind: party.kind, name: party.name },
      conversation: c ? toConversation(c) : null,
      messages: c ? (await repo.messages(c.id, SUPPORT_LIMITS.threadMessages)).map(toMessage) : [],
      rules: SUPPORT_RULES,
    };
  }

  async function conversationItem(id: string): Promise<SupportQueueItem> {
    const c = await repo.byId(id);
    if (!c) throw new AppError('SUPPORT_CONVERSATION_NOT_FOUND', 404, 'No such conversation.', 'body.conversationId');
    return toQueueItem(c);
  }

  /** Checks the images, then writes the message with them in one transaction (nothing when refused). */
  async function write(
    prepare: (
      trx: Parameters<Parameters<InTransaction>[0]>[0],
    ) => Promise<{ conversationId: string; partyKey: string }>,
    m: { author: 'PLAYER' | 'STAFF'; staffId?: string; body: string; images: string[]; requestId: string },
    repeat: () => Promise<MessageRow | undefined>,
    ownerMemberId: string | null,
  ): Promise<SupportMessage> {
    const body = cleanBody(m.body);
    if (body === '' && m.images.length === 0)
      throw new AppError('SUPPORT_MESSAGE_EMPTY', 400, 'Write a message or attach an image.', 'body.body');
    // Every image is checked (and re-encoded) before anything is written.
    const images = await uploads.check(m.images);
    const id = await transaction(async (trx) => {
      const { conversationId, partyKey: p } = await prepare(trx);
      const id = await repo.insertMessage(trx, {
        conversationId,
        author: m.author,
        staffId: m.staffId ?? null,
        body,
        requestId: m.requestId,
      });
      if (id === undefined) return undefined; // the same request raced us and won
      await repo.attach(trx, id, await uploads.store(trx, ownerMemberId, 'SUPPORT', images));
      await repo.notify(trx, { c: conversationId, p, e: 'message', m: id });
      return id;
    });
    const row = id === undefined ? await repeat() : await repo.message(id);
    return toMessage(row!);
  }

  async function staffRead(conversationId: string, upTo: string): Promise<{ staffReadUpTo: string }> {
    const c = await repo.byId(conversationId);
    if (!c) throw new AppError('SUPPORT_CONVERSATION_NOT_FOUND', 404, 'No such conversation.', 'body.conversationId');
    const r = await repo.markRead(c.id, 'STAFF', upTo);
    if (r.moved) await notifyNow({ c: c.id, p: keyOfRow(c), e: 'read', by: 'STAFF', upTo: r.upTo });
    return { staffReadUpTo: r.upTo };
  }

  async function cannedReplies(): Promise<{ replies: CannedReply[] }> {
    const rows = await repo.cannedReplies();
    return { replies: rows.map((r) => ({ ...r, updatedAt: iso(r.updatedAt) })) };
  }

  return {
    // ——— the player's side ———

    /** A guest starts live support with a name; the token is shown once, only its hash is kept. */
    async startGuest(name: string, ip: string | null): Promise<{ token: string; thread: SupportThread }> {
      const clean = name.replace(CONTROL, '').trim();
      if (clean.length === 0 || [...clean].length > SUPPORT_LIMITS.guestNameMaxChars)
        throw new AppError('SUPPORT_NAME_INVALID', 400, 'A name of 1 to 40 characters.', 'body.name', {
          max: SUPPORT_LIMITS.guestNameMaxChars,
        });
      const token = randomBytes(32).toString('base64url');
      const guestId = await repo.insertGuest({ name: clean, tokenHash: hashToken(token), ip });
      return { token, thread: await thread({ kind: 'GUEST', guestId, name: clean }) };
    },

    /** The guest behind a support token. */
    async guest(token: string | undefined): Promise<SupportParty> {
      const g = token && token.length <= 200 ? await repo.guestByToken(hashToken(token)) : undefined;
      if (!g) throw new AppError('SUPPORT_GUEST_UNKNOWN', 401, 'Start a chat with your name first.');
      return { kind: 'GUEST', guestId: g.id, name: g.name };
    },

    async member(memberId: string): Promise<SupportParty> {
      return { kind: 'MEMBER', memberId, name: await repo.memberName(memberId) };
    },

    thread,

    /** The player writes; a conversation opens when none is open (a closed one stays closed). */
    async send(party: SupportParty, body: Send): Promise<SupportMessage> {
      const repeat = await repo.playerRepeat(party, body.requestId);
      if (repeat) return toMessage(repeat);
      return write(
        async (trx) => ({ conversationId: await repo.openFor(trx, party), partyKey: partyKey(party) }),
        { author: 'PLAYER', body: body.body, images: body.images, requestId: body.requestId },
        () => repo.playerRepeat(party, body.requestId),
        party.kind === 'MEMBER' ? party.memberId : null,
      );
    },

    /** The player has seen their latest conversation up to `upTo`. */
    async playerRead(party: SupportParty, upTo: string): Promise<{ playerReadUpTo: string }> {
      const c = await repo.latestOf(party);
      if (!c) return { playerReadUpTo: '0' };
      const r = await repo.markRead(c.id, 'PLAYER', upTo);
      if (r.moved) await notifyNow({ c: c.id, p: partyKey(party), e: 'read', by: 'PLAYER', upTo: r.upTo });
      return { playerReadUpTo: r.upTo };
    },

    async playerTyping(party: SupportParty): Promise<{ ok: boolean }> {
      const c = await repo.latestOf(party);
      if (!c || c.status !== 'OPEN') return { ok: false };
      await notifyNow({ c: c.id, p: partyKey(party), e: 'typing', by: 'PLAYER' });
      return { ok: true };
    },

    // ——— staff's side ———

    async queue(q: { status: 'OPEN' | 'CLOSED'; mine: boolean; staffId: string }) {
      const rows = await repo.queue({ status: q.status, heldBy: q.mine ? q.staffId : undefined, limit: QUEUE_LIMIT });
      return { conversations: rows.map(toQueueItem) };
    },

    async conversation(id: string) {
      const conversation = await conversationItem(id);
      const messages = (await repo.messages(id, SUPPORT_LIMITS.threadMessages)).map(toMessage);
      return { conversation, messages, rules: SUPPORT_RULES };
    },

    /** Staff answer: an unheld conversation becomes theirs; one held by someone else must be taken over first. */
    async staffSend(actor: Actor & { staffId: string }, body: Send & { conversationId: string }) {
      const repeat = await repo.staffRepeat(body.conversationId, body.requestId);
      if (repeat) return toMessage(repeat);
      const message = await write(
        async (trx) => {
          const c = await repo.locked(trx, body.conversationId);
          if (!c)
            throw new AppError('SUPPORT_CONVERSATION_NOT_FOUND', 404, 'No such conversation.', 'body.conversationId');
          if (c.status === 'CLOSED')
            throw new AppError(
              'SUPPORT_CONVERSATION_CLOSED',
              409,
              'This conversation is closed.',
              'body.conversationId',
            );
          if (c.assignedStaffId && c.assignedStaffId !== actor.staffId)
            throw new AppError('SUPPORT_HELD_BY_OTHER', 409, 'Another staff member holds this conversation.');
          if (!c.assignedStaffId) await repo.assign(trx, c.id, actor.staffId);
          return { conversationId: c.id, partyKey: c.partyKey };
        },
        { author: 'STAFF', staffId: actor.staffId, body: body.body, images: body.images, requestId: body.requestId },
        () => repo.staffRepeat(body.conversationId, body.requestId),
        null,
      );
      // Answering means the player's messages before it were read.
      await staffRead(body.conversationId, message.id);
      return message;
    },

    staffRead,

    async staffTyping(conversationId: string): Promise<{ ok: boolean }> {
      const c = await repo.byId(conversationId);
      if (!c) throw new AppError('SUPPORT_CONVERSATION_NOT_FOUND', 404, 'No such conversation.', 'body.conversationId');
      if (c.status !== 'OPEN') return { ok: false };
      await notifyNow({ c: c.id, p: keyOfRow(c), e: 'typing', by: 'STAFF' });
      return { ok: true };
    },

    /** Closes a conversation (once; closing a closed one changes nothing). */
    async close(actor: Actor & { staffId: string }, id: string): Promise<SupportQueueItem> {
      await transaction(async (trx) => {
        const c = await repo.locked(trx, id);
        if (!c)
          throw new AppError('SUPPORT_CONVERSATION_NOT_FOUND', 404, 'No such conversation.', 'body.conversationId');
        if (c.status === 'CLOSED') return;
        await repo.close(trx, id, actor.staffId);
        await repo.insertMessage(trx, {
          conversationId: id,
          author: 'SYSTEM',
          body: '',
          event: 'CLOSED',
          eventStaffId: actor.staffId,
        });
        await writeAudit(trx, actor, {
          action: 'support.close',
          target: `support:${id}`,
          before: { status: 'OPEN' },
          after: { status: 'CLOSED' },
        });
        await repo.notify(trx, { c: id, p: c.partyKey, e: 'conversation' });
      });
      return conversationItem(id);
    },

    /** Gives an open conversation to a staff member whose role holds support (oneself: taking it over). */
    async handOver(actor: Actor & { staffId: string }, id: string, toStaffId: string): Promise<SupportQueueItem> {
      const agents = await repo.staffWithRoles(STAFF_ROLES.filter((r) => roleHolds(r, SUPPORT_PERMISSION)));
      const target = agents.find((a) => a.id === toStaffId);
      if (!target)
        throw new AppError(
          'SUPPORT_AGENT_INVALID',
          400,
          'That staff member cannot take conversations.',
          'body.staffId',
        );
      await transaction(async (trx) => {
        const c = await repo.locked(trx, id);
        if (!c)
          throw new AppError('SUPPORT_CONVERSATION_NOT_FOUND', 404, 'No such conversation.', 'body.conversationId');
        if (c.status === 'CLOSED')
          throw new AppError('SUPPORT_CONVERSATION_CLOSED', 409, 'This conversation is closed.', 'body.conversationId');
        if (c.assignedStaffId === toStaffId) return;
        await repo.assign(trx, id, toStaffId);
        await repo.insertMessage(trx, {
          conversationId: id,
          author: 'SYSTEM',
          body: '',
          event: 'HANDOVER',
          eventStaffId: toStaffId,
        });
        await writeAudit(trx, actor, {
          action: 'support.handOver',
          target: `support:${id}`,
          before: { staffId: c.assignedStaffId },
          after: { staffId: toStaffId },
        });
        await repo.notify(trx, { c: id, p: c.partyKey, e: 'conversation' });
      });
      return conversationItem(id);
    },

    async agents() {
      const rows = await repo.staffWithRoles(STAFF_ROLES.filter((r) => roleHolds(r, SUPPORT_PERMISSION)));
      return { agents: rows.map(({ id, displayName, username }) => ({ id, displayName, username })) };
    },

    cannedReplies,

    async saveCanned(
      actor: Actor & { staffId: string },
      r: { id?: string | undefined; title: string; body: string },
    ): Promise<CannedReply> {
      const title = r.title.replace(CONTROL, '').trim();
      const body = r.body.replace(CONTROL, '').trim();
      const id = await transaction(async (trx) => {
        if (r.id) {
          const before = await repo.cannedReply(r.id, trx);
          if (!before) throw new AppError('SUPPORT_CANNED_NOT_FOUND', 404, 'No such canned reply.', 'body.id');
          await repo.updateCanned(trx, { id: r.id, title, body, staffId: actor.staffId });
          await writeAudit(trx, actor, {
            action: 'support.cannedReply',
            target: `canned_reply:${r.id}`,
            before,
            after: { title, body },
          });
          return r.id;
        }
        const id = await repo.insertCanned(trx, { title, body, staffId: actor.staffId });
        await writeAudit(trx, actor, {
          action: 'support.cannedReply',
          target: `canned_reply:${id}`,
          after: { title, body },
        });
        return id;
      });
      return (await cannedReplies()).replies.find((x) => x.id === id)!;
    },

    async deleteCanned(actor: Actor, id: string): Promise<{ deleted: boolean }> {
      return transaction(async (trx) => {
        const before = await repo.cannedReply(id, trx);
        if (!before) throw new AppError('SUPPORT_CANNED_NOT_FOUND', 404, 'No such canned reply.', 'body.id');
        await repo.deleteCanned(trx, id);
        await writeAudit(trx, actor, { action: 'support.cannedReplyDelete', target: `canned_reply:${id}`, before });
        return { deleted: true };
      });
    },

    // ——— where the customer-service window's chat lives ———

    /** Spec §7 live chat launch: the outside product's address when one is set, else the built-in chat page. */
    async launch(q: z.output<typeof LiveChatLaunchQuery>) {
      const { externalUrl } = await settings.get('live_chat');
      if (externalUrl) return { chatUrl: externalUrl, provider: 'EXTERNAL' as const };
      const params = new URLSearchParams({ b2c: String(q.b2c), template: q.template });
      if (q.headerColor) params.set('headerColor', q.headerColor);
      if (q.title) params.set('title', q.title);
      return { chatUrl: `${LIVE_CHAT_BUILT_IN_PATH}?${params.toString()}`, provider: 'BUILT_IN' as const };
    },

    liveChatSetting: async (): Promise<LiveChatSetting> => settings.get('live_chat'),

    async setLiveChatSetting(actor: Actor, externalUrl: string): Promise<LiveChatSetting> {
      const url = externalUrl.trim();
      if (url !== '') {
        let ok = false;
        try {
          const u = new URL(url);
          ok = u.protocol === 'https:' && u.username === '' && u.password === '';
        } catch {
          ok = false;
        }
        if (!ok) throw new AppError('LIVE_CHAT_URL_INVALID', 400, 'An https:// address, or empty.', 'body.externalUrl');
      }
      return settings.update(
        'live_chat',
        () => ({ externalUrl: url }),
        (trx, before, after) =>
          writeAudit(trx, actor, { action: 'site.liveChat', target: 'site:live_chat', before, after }),
      );
    },

    /** A message by id as the sockets deliver it. */
    async messageForSocket(id: string): Promise<SupportMessage | undefined> {
      const row = await repo.message(id);
      return row ? toMessage(row) : undefined;
    },
  };
}
export type SupportService = ReturnType<typeof supportService>;
