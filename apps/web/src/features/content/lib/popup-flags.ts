/**
 * The closed-popup flags of spec §3 (USER_POPUP for a signed-in visitor, ANONYMOUS_POPUP for a guest),
 * kept for the browser session (spec §4: popups show once per session per user type until closed).
 * The value is `closed` once the popup was closed, or the ids of the items closed one by one.
 */
export type PopupUser = 'USER' | 'ANONYMOUS';
export const POPUP_FLAG = { USER: 'USER_POPUP', ANONYMOUS: 'ANONYMOUS_POPUP' } as const;

export interface PopupFlag {
  closed: boolean;
  items: number[];
}

export function readPopupFlag(user: PopupUser): PopupFlag {
  try {
    const raw = window.sessionStorage.getItem(POPUP_FLAG[user]);
    if (raw === 'closed') return { closed: true, items: [] };
    const items: unknown = raw ? JSON.parse(raw) : [];
    return {
      closed: false,
      items: Array.isArray(items) ? items.filter((n): n is number => typeof n === 'number') : [],
    };
  } catch {
    return { closed: false, items: [] };
  }
}

export function writePopupFlag(user: PopupUser, flag: PopupFlag): void {
  try {
    window.sessionStorage.setItem(POPUP_FLAG[user], flag.closed ? 'closed' : JSON.stringify(flag.items));
  } catch {
    // Storage refused (private mode): the popup still closes for this page.
  }
}
