import { createHmac, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@portal/contracts/limits.ts';
import sharp from 'sharp';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { UploadPurpose, UploadsRepository } from './uploads.repository.ts';

/** Where uploaded images are served from: `/api/uploads/<id>?exp=<unix s>&sig=<hex>`. */
export const UPLOAD_PATH = '/api/uploads';
/** How long a signed image address works. */
const URL_TTL_SECONDS = 60 * 60;
/** Pictures larger than this many pixels are refused before they are decoded in full (decompression bombs). */
const MAX_PIXELS = 40_000_000;

/** An image as it will be kept: re-encoded, without metadata. */
export interface CheckedImage {
  contentType: 'image/png' | 'image/jpeg';
  bytes: Buffer;
  width: number;
  height: number;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The type the bytes say they are (magic numbers), whatever the file was called. */
function sniff(bytes: Buffer): 'png' | 'jpeg' | undefined {
  if (bytes.subarray(0, PNG.length).equals(PNG)) return 'png';
  if (bytes.subarray(0, JPEG.length).equals(JPEG)) return 'jpeg';
  return undefined;
}

/**
 * The shared uploads service (issue 18, decision 054): feedback uses it now, the activity application
 * and live support later. Images arrive as base64; each is checked by its content (magic bytes, then
 * a full decode with sharp), re-encoded in its own format with every bit of metadata (EXIF, GPS, ICC
 * comments) dropped, and kept in PostgreSQL so every instance serves it. Addresses are signed and expire.
 */
export function uploadsService({ repo, secret, now }: { repo: UploadsRepository; secret: string; now: () => Date }) {
  const sign = (id: string, exp: number) => createHmac('sha256', secret).update(`${id}.${exp}`).digest('hex');

  /** Checks one image; `field` names it in the refusal. */
  async function checkOne(base64: string, field: string): Promise<CheckedImage> {
    const text = base64.replace(/^data:image\/[a-z]+;base64,/, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text))
      throw new AppError('VALIDATION_FAILED', 400, 'An image must be sent as base64.', field);
    const bytes = Buffer.from(text, 'base64');
    if (bytes.length > LIMITS.uploadMaxBytes)
      throw new AppError('PAYLOAD_TOO_LARGE', 413, 'An image is larger than 5 MB.', field);
    const kind = sniff(bytes);
    if (!kind) throw new AppError('UPLOAD_NOT_IMAGE', 415, 'Only png or jpg images are accepted.', field);
    try {
      const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
      const { data, info } = await (
        kind === 'png' ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 85, mozjpeg: true })
      ).toBuffer({ resolveWithObject: true });
      return {
        contentType: kind === 'png' ? 'image/png' : 'image/jpeg',
        bytes: data,
        width: info.width,
        height: info.height,
      };
    } catch {
      throw new AppError('UPLOAD_NOT_IMAGE', 415, 'The file is not a readable png or jpg image.', field);
    }
  }

  return {
    /**
     * Checks a set of images for one submission: at most LIMITS.uploadMaxImages, each png or jpg by
     * content, at most LIMITS.uploadMaxBytes. Throws before anything is stored.
     */
    async check(images: string[], field = 'body.images'): Promise<CheckedImage[]> {
      if (images.length > LIMITS.uploadMaxImages)
        throw new AppError('UPLOAD_TOO_MANY', 400, `At most ${LIMITS.uploadMaxImages} images.`, field);
      const checked: CheckedImage[] = [];
      // One at a time: decoding three 5 MB images at once would hold them all in memory together.
      for (const [i, image] of images.entries()) checked.push(await checkOne(image, `${field}.${i}`));
      return checked;
    },

    /** Keeps checked images inside the caller's transaction; answers their ids in order. */
    async store(trx: Executor, memberId: string | null, purpose: UploadPurpose, images: CheckedImage[]) {
      const ids: string[] = [];
      for (const image of images) ids.push(await repo.insert(trx, { memberId, purpose, ...image }));
      return ids;
    },

    /** A signed address of the image that works for an hour. */
    url(id: string): string {
      const exp = Math.floor(now().getTime() / 1000) + URL_TTL_SECONDS;
      return `${UPLOAD_PATH}/${id}?exp=${exp}&sig=${sign(id, exp)}`;
    },

    /** The image behind a signed address, or undefined when the address is wrong or expired. */
    async open(id: string, exp: string, sig: string) {
      if (!/^[1-9][0-9]{0,17}$/.test(id) || !/^[0-9]{1,12}$/.test(exp) || !/^[0-9a-f]{64}$/.test(sig)) return undefined;
      if (Number(exp) < now().getTime() / 1000) return undefined;
      if (!timingSafeEqual(Buffer.from(sign(id, Number(exp)), 'hex'), Buffer.from(sig, 'hex'))) return undefined;
      return repo.find(id);
    },

    count: () => repo.count(),
  };
}
export type UploadsService = ReturnType<typeof uploadsService>;
