import type { GameCategory } from '@portal/contracts/limits.ts';
import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell } from './app-shell.tsx';
import { lazyScreen } from './lazy-screen.ts';
import { PortalLayout } from './layouts/portal-layout.tsx';
import { RouteSuspense } from './layouts/route-suspense.tsx';
import { RequireSession } from './require-session.tsx';
import { RouterErrorScreen } from './route-error-boundary.tsx';
import { AUTH_PATHS, GAME_LISTS, HOME_PATHS } from './route-table.ts';

// Screen groups loaded lazily (spec §2). The home screen too (decision 044): theme-init.js preloads
// the chunks of the screen being opened (route-table.ts), so the home page does not wait for them.
const load = {
  home: () => import('./routes/home-screen.tsx'),
  help: () => import('./routes/help-screen.tsx'),
  helpMc: () => import('./routes/help-mc-screen.tsx'),
  liveChat: () => import('./routes/live-chat-screen.tsx'),
  chatRoom: () => import('./routes/chat-room-screen.tsx'),
  download: () => import('./routes/download-screen.tsx'),
  agentLogin: () => import('./routes/agent-login-screen.tsx'),
  devOutbox: () => import('./routes/dev-outbox-screen.tsx'),
  notFound: () => import('./routes/not-found-screen.tsx'),
  promotions: () => import('./routes/promotions-screen.tsx'),
  promotionDetail: () => import('./routes/promotion-detail-screen.tsx'),
  lottery: () => import('./routes/lottery-screen.tsx'),
  member: () => import('./routes/member-screen.tsx'),
  pointMall: () => import('./routes/point-mall-screen.tsx'),
  seamless: () => import('./routes/seamless-screen.tsx'),
  gameList: () => import('./routes/game-list-screen.tsx'),
  gameCentre: () => import('./routes/game-centre-screen.tsx'),
  agentHome: () => import('./routes/agent-home-screen.tsx'),
  play: () => import('./routes/play-screen.tsx'),
  vaultPlay: () => import('./routes/vault-play-screen.tsx'),
};
const HomeScreen = lazyScreen(load.home, 'HomeScreen');
const HelpScreen = lazyScreen(load.help, 'HelpScreen');
const HelpMcScreen = lazyScreen(load.helpMc, 'HelpMcScreen');
const LiveChatLaunchScreen = lazyScreen(load.liveChat, 'LiveChatLaunchScreen');
const LiveChatScreen = lazyScreen(load.liveChat, 'LiveChatScreen');
const ChatRoomScreen = lazyScreen(load.chatRoom, 'ChatRoomScreen');
const DownloadScreen = lazyScreen(load.download, 'DownloadScreen');
const AgentLoginScreen = lazyScreen(load.agentLogin, 'AgentLoginScreen');
const DevOutboxScreen = lazyScreen(load.devOutbox, 'DevOutboxScreen');
const NotFoundScreen = lazyScreen(load.notFound, 'NotFoundScreen');
const PromotionsScreen = lazyScreen(load.promotions, 'PromotionsScreen');
const PromotionDetailScreen = lazyScreen(load.promotionDetail, 'PromotionDetailScreen');
const MemberScreen = lazyScreen(load.member, 'MemberScreen');
const PointMallScreen = lazyScreen(load.pointMall, 'PointMallScreen');
const SeamlessScreen = lazyScreen(load.seamless, 'SeamlessScreen');
const AgentHomeScreen = lazyScreen(load.agentHome, 'AgentHomeScreen');
const LotteryScreen = lazyScreen(load.lottery, 'LotteryScreen');
const GameListScreen = lazyScreen(load.gameList, 'GameListScreen');
const GameCentreScreen = lazyScreen(load.gameCentre, 'GameCentreScreen');
const PlayScreen = lazyScreen(load.play, 'PlayScreen');
const VaultPlayScreen = lazyScreen(load.vaultPlay, 'VaultPlayScreen');

const guarded = (node: ReactNode) => <RequireSession>{node}</RequireSession>;

const GAME_CENTRES: { path: string; category: GameCategory; more: string }[] = [
  { path: '/sports', category: 'SPORTS', more: '/sports/more' },
  { path: '/esports', category: 'ESPORTS', more: '/esport/more' },
  { path: '/lott', category: 'LOTT', more: '/lott/more' },
  { path: '/elott', category: 'ELOTT', more: '/elott/more' },
];

export const ROUTES: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouterErrorScreen />,
    children: [
      {
        element: <PortalLayout chrome="full" />,
        children: [
          ...HOME_PATHS.map((path) => ({ path, element: <HomeScreen /> })),
          { path: AUTH_PATHS.login, element: <HomeScreen auth="login" /> },
          { path: AUTH_PATHS.register, element: <HomeScreen auth="register" /> },
          { path: '/help', element: <HelpScreen /> },
          { path: '/chatRoom', element: <ChatRoomScreen /> },
          ...GAME_CENTRES.map((g) => ({
            path: g.path,
            element: <GameCentreScreen category={g.category} morePath={g.more} />,
          })),
          ...GAME_LISTS.map((g) => ({
            path: g.path,
            element: <GameListScreen category={g.category} basePath={g.path} more={g.more ?? false} />,
          })),
          { path: '/lottery', element: guarded(<LotteryScreen kind="lottery" />) },
          { path: '/seaLottery', element: guarded(<LotteryScreen kind="seaLottery" />) },
          { path: '/vnLottery', element: guarded(<LotteryScreen kind="vnLottery" />) },
          { path: '/promotions', element: <PromotionsScreen /> },
          { path: '/PromotionDetail', element: <PromotionDetailScreen /> },
          { path: '/pointMall', element: guarded(<PointMallScreen />) },
          { path: '/seamless', element: guarded(<SeamlessScreen />) },
          { path: '/download', element: <DownloadScreen /> },
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
      {
        element: <PortalLayout chrome="header" />,
        children: [
          { path: '/member', element: guarded(<MemberScreen />) },
          { path: '/dev/outbox', element: <DevOutboxScreen /> },
        ],
      },
      // A house game fills the window: its own header, no portal chrome (the launch URL's fragment opens it).
      {
        path: '/play/:gameCode',
        element: (
          <RouteSuspense>
            <PlayScreen />
          </RouteSuspense>
        ),
      },
      // Vault Gaming's table (the demo transfer-mode vendor) also fills the window.
      {
        path: '/vendor/vault/play',
        element: guarded(
          <RouteSuspense>
            <VaultPlayScreen />
          </RouteSuspense>,
        ),
      },
      {
        path: '/helpmc',
        element: (
          <RouteSuspense>
            <HelpMcScreen />
          </RouteSuspense>
        ),
      },
      // The customer-service window (440×750): the live chat launch, then the built-in chat (decision 057).
      {
        path: '/livechat',
        element: (
          <RouteSuspense>
            <LiveChatLaunchScreen />
          </RouteSuspense>
        ),
      },
      {
        path: '/livechat/chat',
        element: (
          <RouteSuspense>
            <LiveChatScreen />
          </RouteSuspense>
        ),
      },
      {
        path: '/agent',
        element: (
          <RouteSuspense>
            <AgentLoginScreen />
          </RouteSuspense>
        ),
      },
      {
        path: '/agentHome',
        element: guarded(
          <RouteSuspense>
            <AgentHomeScreen />
          </RouteSuspense>,
        ),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(ROUTES);
}
