import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon.tsx';

export interface PickedImage {
  name: string;
  /** The file's bytes as base64, without the data-URL prefix. */
  base64: string;
  preview: string;
}

const TYPES = ['image/png', 'image/jpeg'];

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });

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
    onProblem(null);
    const next = [...images];
    for (const file of Array.from(files)) {
      if (next.length >= max) {
        onProblem(t('errors:UPLOAD_TOO_MANY'));
        break;
      }
      if (!TYPES.includes(file.type)) {
        onProblem(t('errors:UPLOAD_NOT_IMAGE'));
        continue;
      }
      if (file.size > maxBytes) {
        onProblem(t('feedback.tooBig', { name: file.name }));
        continue;
      }
      const url = await readAsDataUrl(file);
      next.push({ name: file.name, base64: url.slice(url.indexOf(',') + 1), preview: url });
    }
    onChange(next);
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
