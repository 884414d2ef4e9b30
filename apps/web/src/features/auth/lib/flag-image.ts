/**
 * Flag images by ISO 3166-1 alpha-2 country code (spec: "flag image by countryCode"), from the
 * `flag-icons` SVGs bundled with the app: emoji flags show as boxes where no emoji font is installed.
 * Each SVG is emitted as its own asset file (`?no-inline`), so the code carries only a map of URLs and
 * a browser fetches just the flags it shows.
 */
const FLAGS = import.meta.glob<string>('../../../../../../node_modules/flag-icons/flags/4x3/*.svg', {
  eager: true,
  query: '?no-inline',
  import: 'default',
});

const BY_CODE = new Map<string, string>(
  Object.entries(FLAGS).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1, -'.svg'.length), url]),
);

/** The URL of a country's flag image; null for a code without one. */
export function flagImageUrl(countryCode: string): string | null {
  return BY_CODE.get(countryCode.trim().toLowerCase()) ?? null;
}
