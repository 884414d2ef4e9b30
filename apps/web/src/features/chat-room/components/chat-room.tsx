import '../../../styles/support.css';
import type { ChatMessage, ChatRoom as Room } from '@portal/contracts/chat/chat-room.contract.ts';
import { Fragment, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { localizeError as errorText } from '../../../lib/errors.ts';
import { useMemberToken } from '../../../lib/session.ts';
import { useChatRoom, useSendChatMessage } from '../api/chat-room-api.ts';
import { useChatRoomSocket } from '../hooks/use-chat-room-socket.ts';

/** A few emoji one tap away (any other comes from the keyboard). */
const QUICK_EMOJI = ['😀', '😂', '😍', '👍', '🙏', '🎉', '🔥', '💰', '🍀', '😭'];

const timeOf = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
const same = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The body as text nodes, the `@name` of each mentioned member in a highlight (never markup). */
function BodyText({ body, mentions }: { body: string; mentions: string[] }): ReactNode {
  if (mentions.length === 0) return body;
  const pattern = new RegExp(`(@(?:${mentions.map(escape).join('|')}))(?![\\p{L}\\p{N}_])`, 'giu');
  return body.split(pattern).map((part, i) =>
    i % 2 === 1 ? (
      <mark key={i} className="chat-mention">
        {part}
      </mark>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

/**
 * The public chat room (issue 18): everyone reads it live; a signed-in member writes. Guests and trial
 * accounts see why they cannot write, a muted member until when and why. Text is always shown as text.
 */
export function ChatRoom() {
  const { t, i18n } = useTranslation('support');
  const token = useMemberToken();
  const room = useChatRoom(token);
  const connected = useChatRoomSocket(token);
  const list = useRef<HTMLDivElement>(null);
  const messages = room.data?.messages ?? [];
  const me = room.data?.me ?? null;

  useLayoutEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);

  return (
    <section className="chat-room card" aria-labelledby="chat-room-title" data-testid="chat-room">
      <header className="chat-room__header">
        <span className="chat-room__icon" aria-hidden="true">
          <Icon name="chat" size={20} />
        </span>
        <div>
          <h2 id="chat-room-title">{t('room.title')}</h2>
          <p className="muted small" data-testid="chat-room-status">
            <span className={connected ? 'support-dot support-dot--on' : 'support-dot'} aria-hidden="true" />
            {connected ? t('room.live') : t('room.connecting')}
          </p>
        </div>
      </header>
      <div
        className="chat-room__list"
        ref={list}
        role="log"
        aria-live="polite"
        aria-label={t('room.title')}
        data-testid="chat-room-messages"
      >
        {room.isPending ? (
          <div className="support-chat__center">
            <span className="spinner" aria-label={t('opening')} />
          </div>
        ) : room.isError ? (
          <div className="support-chat__center" role="alert">
            <p>{errorText(room.error)}</p>
            <Button variant="outline" size="sm" onClick={() => void room.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : messages.length === 0 ? (
          <p className="chat-room__empty muted">{t('room.empty')}</p>
        ) : (
          messages.map((m) => <Line key={m.id} message={m} me={me} lang={i18n.language} />)
        )}
      </div>
      {room.data ? <Footer room={room.data} token={token} /> : null}
    </section>
  );
}

function Line({ message: m, me, lang }: { message: ChatMessage; me: Room['me']; lang: string }) {
  const { t } = useTranslation('support');
  const mine = me !== null && same(m.name, me.name);
  const forMe = me !== null && !mine && m.mentions.some((n) => me.handles.some((h) => same(n, h)));
  const cls = ['chat-line', mine ? 'chat-line--mine' : '', forMe ? 'chat-line--for-me' : ''].filter(Boolean).join(' ');
  return (
    <div className={cls} data-testid="chat-message" data-mentions-me={forMe || undefined}>
      <div className="chat-line__head">
        <span className="chat-line__name">{m.name}</span>
        <time className="chat-line__time" dateTime={m.createdAt}>
          {timeOf(m.createdAt, lang)}
        </time>
        {forMe ? <span className="chat-line__tag">{t('room.mentionsYou')}</span> : null}
      </div>
      <p className="chat-line__text" data-testid="chat-message-text">
        <BodyText body={m.body} mentions={m.mentions} />
      </p>
    </div>
  );
}

function Footer({ room, token }: { room: Room; token: string | null }) {
  const { t, i18n } = useTranslation('support');
  if (!room.me)
    return (
      <p className="chat-room__notice" data-testid="chat-room-readonly">
        <Icon name="lock" size={16} /> {t('room.guest')}{' '}
        <Link to="/login" className="link">
          {t('room.signIn')}
        </Link>
      </p>
    );
  if (room.me.readOnly === 'TRIAL')
    return (
      <p className="chat-room__notice" data-testid="chat-room-readonly">
        <Icon name="lock" size={16} /> {t('room.trial')}
      </p>
    );
  if (room.me.readOnly === 'MUTED' && room.me.mute)
    return (
      <p className="chat-room__notice chat-room__notice--muted" role="status" data-testid="chat-room-muted">
        <Icon name="warning" size={16} />{' '}
        {t('room.muted', {
          until: new Date(room.me.mute.until).toLocaleString(i18n.language, {
            dateStyle: 'medium',
            timeStyle: 'short',
          }),
          reason: room.me.mute.reason,
        })}
      </p>
    );
  return <Composer room={room} token={token} />;
}

function Composer({ room, token }: { room: Room; token: string | null }) {
  const { t } = useTranslation('support');
  const send = useSendChatMessage(token);
  const [text, setText] = useState('');
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [showEmoji, setShowEmoji] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const length = [...text.trim()].length;
  const over = length > room.rules.maxChars;

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (send.isPending || length === 0 || over) return;
    send.mutate(
      { body: text, requestId },
      {
        onSuccess: () => {
          setText('');
          setRequestId(crypto.randomUUID());
        },
      },
    );
  };
  const addEmoji = (emoji: string) => {
    setText((v) => v + emoji);
    input.current?.focus();
  };

  return (
    <form className="chat-room__composer" onSubmit={submit} data-testid="chat-room-composer">
      {send.error ? (
        <p className="form-error" role="alert" data-testid="chat-room-error">
          {errorText(send.error)}
        </p>
      ) : null}
      {showEmoji ? (
        <div className="chat-room__emoji" role="group" aria-label={t('room.emoji')}>
          {QUICK_EMOJI.map((e) => (
            <button key={e} type="button" className="chat-room__emoji-btn" onClick={() => addEmoji(e)}>
              {e}
            </button>
          ))}
        </div>
      ) : null}
      <div className="support-composer__row">
        <button
          type="button"
          className="icon-btn support-composer__attach"
          aria-pressed={showEmoji}
          aria-label={t('room.emoji')}
          title={t('room.emoji')}
          onClick={() => setShowEmoji((v) => !v)}
        >
          <span aria-hidden="true">😊</span>
        </button>
        <textarea
          ref={input}
          className="support-composer__input"
          rows={1}
          value={text}
          placeholder={t('room.placeholder', { name: room.me?.name ?? '' })}
          aria-label={t('room.placeholderLabel')}
          maxLength={room.rules.maxChars * 2}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
          data-testid="chat-room-input"
        />
        <button
          type="submit"
          className="support-composer__send"
          disabled={send.isPending || length === 0 || over}
          aria-label={t('send')}
          data-testid="chat-room-send"
        >
          <Icon name="arrowRight" size={18} />
        </button>
      </div>
      <p className={over ? 'chat-room__count chat-room__count--over' : 'chat-room__count'} aria-live="polite">
        {t('room.count', { n: length, max: room.rules.maxChars })} ·{' '}
        {t('room.rules', {
          count: room.rules.rateCount,
          seconds: room.rules.rateWindowSeconds,
        })}
      </p>
    </form>
  );
}
