import {
  countWords,
  FEEDBACK_TYPES,
  type Feedback,
  type FeedbackRules,
  type FeedbackType,
} from '@portal/contracts/inbox/feedback.contract.ts';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { ImagePicker, type PickedImage } from '../../../components/ui/image-picker.tsx';
import { QueryBody } from '../../../components/ui/query-body.tsx';
import { localizeError } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useMyFeedback, useSubmitFeedback } from '../api/feedback-api.ts';

/** What the form says before sending: the server checks the same and more (the images' content). */
function problemOf(content: string, images: PickedImage[], rules: FeedbackRules, t: TFunction<'pages'>): string | null {
  const text = content.trim();
  if (text === '') return t('feedback.required');
  if ([...text].length > rules.maxChars) return t('feedback.tooLong', { max: rules.maxChars });
  const words = countWords(text);
  if (words < rules.minWords || words > rules.maxWords)
    return t('errors:FEEDBACK_LENGTH', { min: rules.minWords, max: rules.maxWords });
  if (images.length > rules.maxImages) return t('errors:UPLOAD_TOO_MANY');
  return null;
}

/** The feedback form (spec §3 question types, §5 word bounds, §9 limits) and the member's feedback with replies. */
export function FeedbackPage() {
  const { t } = useTranslation('pages');
  const mine = useMyFeedback();
  const send = useSubmitFeedback();
  const [type, setType] = useState<FeedbackType>('DEPOSIT');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const requestId = useRef(crypto.randomUUID());
  const rules = mine.data?.rules;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!rules) return;
    setSent(false);
    const found = problemOf(content, images, rules, t);
    setProblem(found);
    if (found) return;
    send.mutate(
      {
        questionType: type,
        content: content.trim(),
        images: images.map((i) => i.base64),
        requestId: requestId.current,
      },
      {
        onSuccess: () => {
          setContent('');
          setImages([]);
          setSent(true);
          requestId.current = crypto.randomUUID();
        },
      },
    );
  };

  const chars = [...content.trim()].length;
  return (
    <div className="feedback" data-testid="feedback">
      <form className="card feedback__form" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field__label">{t('feedback.type')}</span>
          <span className="select-control">
            <select value={type} onChange={(e) => setType(e.target.value as FeedbackType)} data-testid="feedback-type">
              {FEEDBACK_TYPES.map((q) => (
                <option key={q} value={q}>
                  {t(`feedback.types.${q}`)}
                </option>
              ))}
            </select>
            <Icon name="chevronDown" size={16} />
          </span>
        </label>
        <label className="field">
          <span className="field__label">{t('feedback.content')}</span>
          <textarea
            className="feedback__text"
            value={content}
            rows={4}
            maxLength={(rules?.maxChars ?? 140) * 2}
            onChange={(e) => setContent(e.target.value)}
            aria-describedby="feedback-hint"
            data-testid="feedback-content"
          />
          <span id="feedback-hint" className="muted small">
            {rules
              ? t('feedback.hint', { chars, max: rules.maxChars, min: rules.minWords, maxWords: rules.maxWords })
              : null}
          </span>
        </label>
        <ImagePicker
          images={images}
          onChange={setImages}
          onProblem={setProblem}
          max={rules?.maxImages ?? 3}
          maxBytes={rules?.maxImageBytes ?? 5 * 1024 * 1024}
          testId="feedback-file"
        />
        <FormError error={problem ?? (send.error ? localizeError(send.error) : null)} />
        {sent ? (
          <p className="form-success" role="status" data-testid="feedback-sent">
            {t('feedback.sent')}
          </p>
        ) : null}
        <button
          type="submit"
          className="btn btn--primary"
          disabled={send.isPending || !rules}
          data-testid="feedback-submit"
        >
          {t('feedback.send')}
        </button>
      </form>

      <section aria-labelledby="feedback-mine-title" className="feedback__mine">
        <h3 id="feedback-mine-title">{t('feedback.mine')}</h3>
        <QueryBody
          query={mine}
          failed={t('feedback.failed')}
          empty={
            mine.data && mine.data.items.length === 0 ? <EmptyState icon="help" title={t('feedback.none')} /> : null
          }
        >
          <ul className="feedback__list">
            {mine.data?.items.map((f) => (
              <FeedbackItem key={f.id} item={f} />
            ))}
          </ul>
        </QueryBody>
      </section>
    </div>
  );
}

const TONE = { OPEN: 'pending', REPLIED: 'success', CLOSED: 'muted' } as const;

function FeedbackItem({ item }: { item: Feedback }) {
  const { t } = useTranslation('pages');
  return (
    <li className="feedback__item card" data-testid="feedback-item">
      <div className="feedback__meta">
        <span className="chip">{t(`feedback.types.${item.questionType}`)}</span>
        <span className={`cashier-badge cashier-badge--${TONE[item.status]}`} data-testid="feedback-status">
          {t(`feedback.status.${item.status}`)}
        </span>
        <time className="muted small" dateTime={item.createdAt}>
          {formatDateTime(item.createdAt)}
        </time>
      </div>
      <p className="feedback__content">{item.content}</p>
      {item.images.length > 0 ? (
        <div className="feedback__images">
          {item.images.map((img, i) => (
            <a key={img.id} href={img.url} target="_blank" rel="noopener noreferrer" className="feedback__thumb">
              <img src={img.url} alt={t('feedback.imageN', { n: i + 1 })} width={img.width} height={img.height} />
            </a>
          ))}
        </div>
      ) : null}
      {item.reply ? (
        <div className="feedback__reply" data-testid="feedback-reply">
          <strong>{t('feedback.reply')}</strong>
          <p>{item.reply}</p>
          {item.repliedAt ? (
            <time className="muted small" dateTime={item.repliedAt}>
              {formatDateTime(item.repliedAt)}
            </time>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
