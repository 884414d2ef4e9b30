/**
 * The customer-service window's pages, apart from the support schemas: the portal's frame opens the
 * window on every page, and importing these from support.contract.ts would put every support and
 * feedback schema into the first page's JavaScript (decision 044).
 */

/** The customer-service window's page: it asks the live chat launch call where the chat is. */
export const LIVE_CHAT_PATH = '/livechat';
/** The built-in chat's page inside the window. */
export const LIVE_CHAT_BUILT_IN_PATH = '/livechat/chat';
