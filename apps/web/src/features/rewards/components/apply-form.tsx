import { REWARD_LIMITS } from '@portal/contracts/rewards/rewards.contract.ts';
import { LIMITS } from '@portal/contracts/limits.ts';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/field.tsx';
import { ImagePicker, type PickedImage } from '../../../components/ui/image-picker.tsx';
import { localizeError } from '../../../lib/errors.ts';
import { useApplyPromotion } from '../api/rewards-api.ts';

/** Activity apply (spec §5): a comment of at most 140 characters and up to 3 png/jpg images of 5 MB. */
export function ApplyForm({ promotionId, onDone }: { promotionId: string; onDone: () => void }) {
  const { t } = useTranslation('pages');
  const apply = useApplyPromotion();
  const [comment, setComment] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const requestId = useRef(crypto.randomUUID());
  const max = REWARD_LIMITS.applyCommentMaxChars;
  const chars = [...comment.trim()].length;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = comment.trim();
    const found =
      text === '' ? t('rewards.apply.required') : chars > max ? t('errors:APPLICATION_COMMENT_TOO_LONG') : null;
    setProblem(found);
    if (found) return;
    apply.mutate(
      { promotionId, comment: text, images: images.map((i) => i.base64), requestId: requestId.current },
      { onSuccess: onDone },
    );
  };

  return (
    <form className="apply-form" onSubmit={submit} noValidate data-testid="apply-form">
      <label className="field">
        <span className="field__label">{t('rewards.apply.comment')}</span>
        <textarea
          className="feedback__text"
          rows={4}
          value={comment}
          maxLength={max * 2}
          onChange={(e) => setComment(e.target.value)}
          aria-describedby="apply-hint"
          data-testid="apply-comment"
        />
        <span id="apply-hint" className={chars > max ? 'small field__error' : 'muted small'}>
          {t('rewards.apply.hint', { chars, max })}
        </span>
      </label>
      <ImagePicker
        images={images}
        onChange={setImages}
        onProblem={setProblem}
        max={LIMITS.uploadMaxImages}
        maxBytes={LIMITS.uploadMaxBytes}
        testId="apply-file"
      />
      <FormError error={problem ?? (apply.error ? localizeError(apply.error) : null)} />
      <button type="submit" className="btn btn--primary" disabled={apply.isPending} data-testid="apply-submit">
        {t('rewards.apply.send')}
      </button>
    </form>
  );
}
