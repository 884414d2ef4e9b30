/** What the operator's launch URL carries in its fragment: `#t={launchToken}&lang=ko&mode=real`. */
export interface LaunchFragment {
  token: string;
  lang: string | null;
  mode: 'real' | 'demo';
}

export function parseLaunchFragment(hash: string): LaunchFragment | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('t');
  if (!token || token.length < 16 || token.length > 256) return null;
  return { token, lang: params.get('lang'), mode: params.get('mode') === 'demo' ? 'demo' : 'real' };
}

/** The vendor session kept for the tab, so a reload keeps playing the same game. */
export interface StoredVendorSession {
  session: string;
  gameCode: string;
  game: { code: string; category: string; rtpBasisPoints: number; minBet: string; maxBet: string };
  currency: string;
  demo: boolean;
}

const key = (gameCode: string) => `house.session.${gameCode}`;

export function readStoredSession(gameCode: string): StoredVendorSession | null {
  try {
    const raw = window.sessionStorage.getItem(key(gameCode));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredVendorSession>;
    return typeof parsed.session === 'string' &&
      parsed.gameCode === gameCode &&
      typeof parsed.game === 'object' &&
      typeof parsed.currency === 'string'
      ? (parsed as StoredVendorSession)
      : null;
  } catch {
    return null;
  }
}

export function storeSession(value: StoredVendorSession | null, gameCode: string): void {
  try {
    if (value) window.sessionStorage.setItem(key(gameCode), JSON.stringify(value));
    else window.sessionStorage.removeItem(key(gameCode));
  } catch {
    // Without storage a reload asks to open the game again from the lobby.
  }
}
