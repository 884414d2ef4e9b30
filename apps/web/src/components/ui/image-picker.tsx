import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@portal/contracts/limits.ts';
import { addPickedImages, type PickedImage } from '@portal/contracts/uploads/picked-images.ts';
import { Icon } from './icon.tsx';

export type { PickedImage };

/**
 * Up to `max` png or jpg images of at most `maxBytes`, with thumbnails and a remove button each. The
 * browser's checks are a courtesy: the server checks every image by its content.
 */
export function ImagePicker({
  images,
  onChange,
  onProblem,
  max,
  maxBytes,
  testId,
}: {
  images: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  onProblem: (problem: string | null) => void;
  max: number;
  maxBytes: number;
  testId?: string;
}) {
  const { t } = useTranslation('pages');
  const input = useRef<HTMLInputElement>(null);
  const pick = async (files: FileList | null) => {
    if (!files) return;
    const added = await addPickedImages(images, Array.from(files), {
      maxImages: max,
      maxImageBytes: maxBytes,
      imageTypes: LIMITS.uploadTypes,
    });
    const p = added.problem;
    onProblem(
      p === null
        ? null
        : p.kind === 'tooMany'
          ? t('errors:UPLOAD_TOO_MANY')
          : p.kind === 'notImage'
            ? t('errors:UPLOAD_NOT_IMAGE')
            : t('feedback.tooBig', { name: p.name }),
    );
    onChange(added.images);
    if (input.current) input.current.value = '';
  };
  return (
    <div className="field">
      <span className="field__label">{t('feedback.images', { max })}</span>
      <div className="feedback__images">
        {images.map((img, i) => (
          <figure key={`${img.name}-${i}`} className="feedback__thumb">
            <img src={img.preview} alt={img.name} />
            <button
              type="button"
              className="icon-btn"
              aria-label={t('feedback.removeImage', { name: img.name })}
              onClick={() => onChange(images.filter((_, j) => j !== i))}
            >
              <Icon name="close" size={14} />
            </button>
          </figure>
        ))}
        {images.length < max ? (
          <label className="feedback__add">
            <Icon name="upload" size={20} />
            <span>{t('feedback.addImage')}</span>
            <input
              ref={input}
              type="file"
              accept="image/png,image/jpeg"
              multiple
              className="sr-only"
              onChange={(e) => void pick(e.target.files)}
              data-testid={testId}
            />
          </label>
        ) : null}
      </div>
      <span className="muted small">{t('feedback.imageRules')}</span>
    </div>
  );
}
