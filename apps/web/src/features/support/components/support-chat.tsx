import '../../../styles/support.css';
import {
  SUPPORT_LIMITS,
  type SupportMessage,
  type SupportRules,
  type SupportThread,
} from '@portal/contracts/support/support.contract.ts';
import { addPickedImages, type PickedImage } from '@portal/contracts/uploads/picked-images.ts';
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { localizeError as errorText } from '../../../lib/errors.ts';
import {
  markRead,
  sayTyping,
  useSendSupport,
  useStartGuest,
  useSupportIdentity,
  useSupportThread,
  writeGuestToken,
  type SupportIdentity,
} from '../api/support-api.ts';
import { useSupportSocket } from '../hooks/use-support-socket.ts';

/** Message ids are bigint strings: compared as numbers, never as text. */
const atMost = (id: string, upTo: string) => BigInt(id) <= BigInt(upTo);
const HEADER_COLOR = /^#[0-9a-fA-F]{6}$/;

const timeOf = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/**
 * The built-in live support (issue 18): the chat a player (or a guest who gives a name) has with staff,
 * inside the 440×750 customer-service window. Text is always shown as text.
 */
export function SupportChat({ headerColor, title }: { headerColor?: string | null; title?: string | null }) {
  const { t } = useTranslation('support');
  const who = useSupportIdentity();
  const thread = useSupportThread(who);
  const live = useSupportSocket(who);
  const lostGuest =
    who?.kind === 'guest' && (thread.error as { code?: string } | null)?.code === 'SUPPORT_GUEST_UNKNOWN';
  useEffect(() => {
    if (lostGuest) writeGuestToken(null);
  }, [lostGuest]);

  const colour = headerColor && HEADER_COLOR.test(headerColor) ? headerColor : undefined;
  const conversation = thread.data?.conversation ?? null;
  const staffName = conversation?.status === 'OPEN' ? conversation.staffName : null;
  return (
    <div className="support-chat" data-testid="support-chat">
      <header
        className="support-chat__header"
        style={colour ? ({ '--support-accent': colour } as CSSProperties) : undefined}
      >
        <span className="support-chat__avatar" aria-hidden="true">
          <Icon name="headset" size={22} />
        </span>
        <div className="support-chat__heading">
          <h1>{title || t('title')}</h1>
          <p data-testid="support-status">
            <span className={live.connected ? 'support-dot support-dot--on' : 'support-dot'} aria-hidden="true" />
            {staffName ? t('chattingWith', { name: staffName }) : who ? t('waiting') : t('subtitle')}
          </p>
        </div>
      </header>
      {!who ? (
        <GuestStart />
      ) : thread.isPending ? (
        <div className="support-chat__body support-chat__center">
          <span className="spinner" aria-label={t('opening')} />
        </div>
      ) : thread.data ? (
        <Conversation who={who} thread={thread.data} staffTyping={live.staffTyping} />
      ) : (
        <div className="support-chat__body support-chat__center" role="alert">
          <p>{errorText(thread.error)}</p>
          <Button variant="outline" size="sm" onClick={() => void thread.refetch()}>
            {t('retry')}
          </Button>
        </div>
      )}
    </div>
  );
}

function GuestStart() {
  const { t } = useTranslation('support');
  const start = useStartGuest();
  const [name, setName] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    start.mutate(name);
  };
  return (
    <form className="support-chat__body support-start" onSubmit={submit} data-testid="support-start">
      <div className="support-start__art" aria-hidden="true">
        <Icon name="headset" size={40} />
      </div>
      <h2>{t('start.heading')}</h2>
      <p className="muted">{t('start.lead')}</p>
      <TextField
        label={t('start.name')}
        icon="user"
        value={name}
        onValue={setName}
        maxLength={SUPPORT_LIMITS.guestNameMaxChars}
        autoComplete="name"
        required
        data-testid="support-guest-name"
      />
      {start.error ? (
        <p className="form-error" role="alert">
          {errorText(start.error)}
        </p>
      ) : null}
      <Button type="submit" block disabled={start.isPending || name.trim() === ''}>
        {t('start.button')}
      </Button>
      <p className="muted small">{t('start.memberNote')}</p>
    </form>
  );
}

function Conversation({
  who,
  thread,
  staffTyping,
}: {
  who: SupportIdentity;
  thread: SupportThread;
  staffTyping: boolean;
}) {
  const { t, i18n } = useTranslation('support');
  const list = useRef<HTMLDivElement>(null);
  const conversation = thread.conversation;
  const messages = thread.messages;
  const last = messages.at(-1);

  // Newest at the bottom, in view.
  useLayoutEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, staffTyping]);

  // What staff wrote counts as read once it is on a visible screen.
  const lastStaff = [...messages].reverse().find((m) => m.author !== 'PLAYER');
  const readUpTo = conversation?.playerReadUpTo ?? '0';
  useEffect(() => {
    if (!lastStaff || atMost(lastStaff.id, readUpTo)) return;
    const mark = () => {
      if (document.visibilityState === 'visible') void markRead(who, lastStaff.id).catch(() => undefined);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [who, lastStaff, readUpTo]);

  const staffRead = conversation?.staffReadUpTo ?? '0';
  return (
    <>
      <div className="support-chat__body" ref={list} aria-live="polite" data-testid="support-messages">
        {who.kind === 'guest' ? <p className="support-note">{t('guestAs', { name: thread.player.name })}</p> : null}
        {messages.length === 0 ? (
          <div className="support-empty">
            <h2>{t('emptyHeading')}</h2>
            <p className="muted">{t('emptyLead', { max: thread.rules.maxImages })}</p>
          </div>
        ) : null}
        {messages.map((m) => (
          <Bubble key={m.id} message={m} read={m.author === 'PLAYER' && atMost(m.id, staffRead)} lang={i18n.language} />
        ))}
        {staffTyping ? (
          <div className="support-typing" data-testid="support-staff-typing">
            <span className="support-typing__dots" aria-hidden="true">
              <i />
              <i />
              <i />
            </span>
            {t('staffTyping')}
          </div>
        ) : null}
        {conversation?.status === 'CLOSED' && last ? (
          <p className="support-note support-note--closed" data-testid="support-closed">
            {t('closedBanner')}
          </p>
        ) : null}
      </div>
      <Composer who={who} rules={thread.rules} open={conversation?.status === 'OPEN'} />
    </>
  );
}

function Bubble({ message: m, read, lang }: { message: SupportMessage; read: boolean; lang: string }) {
  const { t } = useTranslation('support');
  if (m.author === 'SYSTEM')
    return (
      <p className="support-event" data-testid="support-event">
        {m.event === 'HANDOVER' ? t('eventHandover', { name: m.eventStaffName ?? t('staff') }) : t('eventClosed')}
      </p>
    );
  const mine = m.author === 'PLAYER';
  return (
    <div className={mine ? 'support-msg support-msg--mine' : 'support-msg'} data-testid="support-message">
      {!mine ? <span className="support-msg__who">{m.staffName ?? t('staff')}</span> : null}
      <div className="support-msg__bubble">
        {m.body ? <p className="support-msg__text">{m.body}</p> : null}
        {m.images.length > 0 ? (
          <div className="support-msg__images">
            {m.images.map((img, i) => (
              <a key={img.id} href={img.url} target="_blank" rel="noopener noreferrer">
                <img src={img.url} alt={t('image', { n: i + 1 })} width={img.width} height={img.height} />
              </a>
            ))}
          </div>
        ) : null}
      </div>
      <span className="support-msg__meta">
        {timeOf(m.createdAt, lang)}
        {mine ? (
          <span
            className={read ? 'support-receipt support-receipt--read' : 'support-receipt'}
            data-testid="support-receipt"
          >
            <Icon name="check" size={13} />
            {read ? <Icon name="check" size={13} className="support-receipt__second" /> : null}
            {read ? t('read') : t('sent')}
          </span>
        ) : null}
      </span>
    </div>
  );
}

function Composer({ who, rules, open }: { who: SupportIdentity; rules: SupportRules; open: boolean }) {
  const { t } = useTranslation('support');
  const send = useSendSupport(who);
  const [text, setText] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const lastTyping = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);

  const pick = async (files: FileList | null) => {
    if (!files) return;
    const added = await addPickedImages(images, Array.from(files), rules);
    const p = added.problem;
    setProblem(p === null ? null : p.kind === 'tooMany' ? t('tooMany', { max: p.max }) : t(p.kind, { name: p.name }));
    setImages(added.images);
    if (fileInput.current) fileInput.current.value = '';
  };

  const typed = (value: string) => {
    setText(value);
    const now = Date.now();
    if (open && value.trim() !== '' && now - lastTyping.current > SUPPORT_LIMITS.typingEveryMs) {
      lastTyping.current = now;
      void sayTyping(who).catch(() => undefined);
    }
  };

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (send.isPending) return;
    if (text.trim() === '' && images.length === 0) return;
    if ([...text.trim()].length > rules.maxChars) return setProblem(t('tooLong', { max: rules.maxChars }));
    setProblem(null);
    send.mutate(
      { body: text, images: images.map((i) => i.base64), requestId },
      {
        onSuccess: () => {
          setText('');
          setImages([]);
          setRequestId(crypto.randomUUID());
          lastTyping.current = 0;
        },
      },
    );
  };

  const error = problem ?? (send.error ? errorText(send.error) : null);
  return (
    <form className="support-composer" onSubmit={submit} data-testid="support-composer">
      {images.length > 0 ? (
        <div className="support-composer__thumbs">
          {images.map((img, i) => (
            <figure key={`${img.name}-${i}`} className="support-composer__thumb">
              <img src={img.preview} alt={img.name} />
              <button
                type="button"
                className="icon-btn"
                aria-label={t('removeImage', { name: img.name })}
                onClick={() => setImages(images.filter((_, j) => j !== i))}
              >
                <Icon name="close" size={12} />
              </button>
            </figure>
          ))}
        </div>
      ) : null}
      {error ? (
        <p className="form-error" role="alert" data-testid="support-error">
          {error}
        </p>
      ) : null}
      <div className="support-composer__row">
        <label className="icon-btn support-composer__attach" title={t('attach')}>
          <Icon name="upload" size={18} />
          <span className="sr-only">{t('attach')}</span>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg"
            multiple
            className="sr-only"
            onChange={(e) => void pick(e.target.files)}
            data-testid="support-file"
          />
        </label>
        <textarea
          className="support-composer__input"
          rows={1}
          value={text}
          placeholder={t('placeholder')}
          aria-label={t('placeholder')}
          maxLength={rules.maxChars * 2}
          onChange={(e) => typed(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
          data-testid="support-input"
        />
        <button
          type="submit"
          className="support-composer__send"
          disabled={send.isPending || (text.trim() === '' && images.length === 0)}
          aria-label={t('send')}
          data-testid="support-send"
        >
          <Icon name="arrowRight" size={18} />
        </button>
      </div>
    </form>
  );
}
