/**
 * The browser's side of an image upload (feedback, activity apply, live support in the web app and
 * the back office): files the person picked, checked against the upload rules the server answers and
 * read as base64 for the JSON body. These checks are a courtesy: the server checks every image by its
 * content (decision 054).
 */
export interface PickedImage {
  name: string;
  /** The file's bytes as base64, without the data-URL prefix. */
  base64: string;
  /** A data URL for the thumbnail. */
  preview: string;
}

export interface ImageRules {
  maxImages: number;
  maxImageBytes: number;
  imageTypes: readonly string[];
}

/** Why a picked file was not taken: the caller words it in its own language. */
export type PickProblem = { kind: 'tooMany'; max: number } | { kind: 'notImage' | 'tooBig'; name: string };

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });

/** `current` with the acceptable files of `files` added, and the last reason a file was refused. */
export async function addPickedImages(
  current: readonly PickedImage[],
  files: Iterable<File>,
  rules: ImageRules,
): Promise<{ images: PickedImage[]; problem: PickProblem | null }> {
  const images = [...current];
  let problem: PickProblem | null = null;
  for (const file of files) {
    if (images.length >= rules.maxImages) {
      problem = { kind: 'tooMany', max: rules.maxImages };
      break;
    }
    if (!rules.imageTypes.includes(file.type)) {
      problem = { kind: 'notImage', name: file.name };
      continue;
    }
    if (file.size > rules.maxImageBytes) {
      problem = { kind: 'tooBig', name: file.name };
      continue;
    }
    const url = await readAsDataUrl(file);
    images.push({ name: file.name, base64: url.slice(url.indexOf(',') + 1), preview: url });
  }
  return { images, problem };
}
