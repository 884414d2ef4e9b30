import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import HistoryEduOutlined from '@mui/icons-material/HistoryEduOutlined';
import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import CardGiftcardOutlined from '@mui/icons-material/CardGiftcardOutlined';
import FeedbackOutlined from '@mui/icons-material/FeedbackOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import HeadsetMicOutlined from '@mui/icons-material/HeadsetMicOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import SportsEsportsOutlined from '@mui/icons-material/SportsEsportsOutlined';
import SportsSoccerOutlined from '@mui/icons-material/SportsSoccerOutlined';
import {
  Alert,
  AppBar,
  Box,
  Button,
  Chip,
  CircularProgress,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListSubheader,
  Menu,
  MenuItem,
  ListItemIcon,
  ListItemText,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { NavLink, Navigate, Route, Routes } from 'react-router';
import { useI18n } from './i18n.tsx';
import { useLabels } from './labels.ts';
import type { Messages } from './messages/en.ts';
import { AuditScreen } from './screens/AuditScreen.tsx';
import { CashierScreen } from './screens/CashierScreen.tsx';
import { CashierSettingsScreen } from './screens/CashierSettingsScreen.tsx';
import { ContentScreen } from './screens/ContentScreen.tsx';
import { ChatRoomScreen } from './screens/ChatRoomScreen.tsx';
import { ContractsScreen } from './screens/ContractsScreen.tsx';
import { GamesScreen } from './screens/GamesScreen.tsx';
import { FeedbackScreen } from './screens/FeedbackScreen.tsx';
import { PromotionsScreen } from './screens/PromotionsScreen.tsx';
import { HomeScreen } from './screens/HomeScreen.tsx';
import { MessagesScreen } from './screens/MessagesScreen.tsx';
import { PlayersScreen } from './screens/PlayersScreen.tsx';
import { LotteryScreen } from './screens/LotteryScreen.tsx';
import { RiskScreen } from './screens/RiskScreen.tsx';
import { SiteScreen } from './screens/SiteScreen.tsx';
import { SportsScreen } from './screens/SportsScreen.tsx';
import { StaffScreen } from './screens/StaffScreen.tsx';
import { SupportScreen } from './screens/SupportScreen.tsx';
import { useSession } from './session.tsx';
import { SignIn } from './SignIn.tsx';
import { TopControls } from './TopControls.tsx';

/** The console's pages: path, label, icon and the permission that opens them. */
const PAGES: { path: string; label: keyof Messages; icon: ReactNode; permission?: string; element: ReactNode }[] = [
  { path: '/', label: 'navDashboard', icon: <DashboardOutlined />, element: <HomeScreen /> },
  {
    path: '/players',
    label: 'navPlayers',
    icon: <GroupsOutlined />,
    permission: 'players.read',
    element: <PlayersScreen />,
  },
  {
    path: '/cashier',
    label: 'navCashier',
    icon: <AccountBalanceWalletOutlined />,
    permission: 'cashier.read',
    element: <CashierScreen />,
  },
  {
    path: '/cashier-settings',
    label: 'navCashierSettings',
    icon: <PaymentsOutlined />,
    permission: 'cashier.read',
    element: <CashierSettingsScreen />,
  },
  {
    path: '/content',
    label: 'navContent',
    icon: <ArticleOutlined />,
    permission: 'content.read',
    element: <ContentScreen />,
  },
  {
    path: '/messages',
    label: 'navMessages',
    icon: <MailOutlined />,
    permission: 'messages.read',
    element: <MessagesScreen />,
  },
  {
    path: '/support',
    label: 'navSupport',
    icon: <HeadsetMicOutlined />,
    permission: 'support.chat',
    element: <SupportScreen />,
  },
  {
    path: '/chat-room',
    label: 'navChatRoom',
    icon: <ForumOutlined />,
    permission: 'chat.moderate',
    element: <ChatRoomScreen />,
  },
  {
    path: '/feedback',
    label: 'navFeedback',
    icon: <FeedbackOutlined />,
    permission: 'feedback.read',
    element: <FeedbackScreen />,
  },
  {
    path: '/promotions',
    label: 'navPromotions',
    icon: <CardGiftcardOutlined />,
    permission: 'promotions.read',
    element: <PromotionsScreen />,
  },
  {
    path: '/contracts',
    label: 'navContracts',
    icon: <HandshakeOutlined />,
    permission: 'contracts.read',
    element: <ContractsScreen />,
  },
  {
    path: '/games',
    label: 'navGames',
    icon: <SportsEsportsOutlined />,
    permission: 'games.read',
    element: <GamesScreen />,
  },
  {
    path: '/lottery',
    label: 'navLottery',
    icon: <ConfirmationNumberOutlined />,
    permission: 'games.read',
    element: <LotteryScreen />,
  },
  {
    path: '/sports',
    label: 'navSports',
    icon: <SportsSoccerOutlined />,
    permission: 'sports.read',
    element: <SportsScreen />,
  },
  {
    path: '/risk',
    label: 'navRisk',
    icon: <GppMaybeOutlined />,
    permission: 'risk.read',
    element: <RiskScreen />,
  },
  { path: '/site', label: 'navSite', icon: <PublicOutlined />, permission: 'site.read', element: <SiteScreen /> },
  { path: '/staff', label: 'navStaff', icon: <BadgeOutlined />, permission: 'staff.read', element: <StaffScreen /> },
  {
    path: '/audit',
    label: 'navAudit',
    icon: <HistoryEduOutlined />,
    permission: 'audit.read',
    element: <AuditScreen />,
  },
];

const DRAWER = 232;

export function App({ mode, toggleMode }: { mode: 'light' | 'dark'; toggleMode(): void }) {
  const { t } = useI18n();
  const labels = useLabels();
  const session = useSession();
  const wide = useMediaQuery('(min-width: 900px)');
  const [open, setOpen] = useState(false);
  const [accountAnchor, setAccountAnchor] = useState<HTMLElement | null>(null);

  if (session.loading)
    return (
      <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        <CircularProgress />
      </Box>
    );
  if (!session.me) return <SignIn mode={mode} toggleMode={toggleMode} />;
  const me = session.me;
  const pages = PAGES.filter((p) => !p.permission || session.can(p.permission));

  const nav = (
    <Box sx={{ width: DRAWER }} role="navigation">
      <Toolbar>
        <Typography variant="h6" noWrap>
          {t('appName')}
        </Typography>
      </Toolbar>
      <List dense>
        {pages.map((p) => (
          <ListItemButton
            key={p.path}
            component={NavLink}
            to={p.path}
            end={p.path === '/'}
            onClick={() => setOpen(false)}
            sx={{ mx: 1, borderRadius: 2, '&.active': { bgcolor: 'action.selected', fontWeight: 700 } }}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>{p.icon}</ListItemIcon>
            <ListItemText primary={t(p.label)} />
          </ListItemButton>
        ))}
      </List>
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar
        position="fixed"
        color="inherit"
        sx={{
          width: wide ? `calc(100% - ${DRAWER}px)` : '100%',
          ml: wide ? `${DRAWER}px` : 0,
          borderBottom: 1,
          borderColor: 'divider',
        }}
        elevation={0}
      >
        <Toolbar sx={{ gap: 1 }}>
          {!wide && (
            <IconButton edge="start" onClick={() => setOpen(true)} aria-label={t('menu')}>
              <MenuIcon />
            </IconButton>
          )}
          {!wide && (
            <Typography variant="subtitle1" noWrap sx={{ fontWeight: 700, minWidth: 0 }}>
              {t('appName')}
            </Typography>
          )}
          <Box sx={{ flex: 1 }} />
          {wide ? (
            <>
              <Chip
                label={`${me.displayName} · ${labels.role(me.role)}`}
                size="small"
                data-testid="staff-chip"
                data-username={me.username}
              />
              <TopControls mode={mode} toggleMode={toggleMode} />
              <Button onClick={() => void session.signOut()}>{t('signOut')}</Button>
            </>
          ) : (
            <>
              {/* On a phone the account, language, theme and sign-out fold into one menu. */}
              <IconButton
                onClick={(e) => setAccountAnchor(e.currentTarget)}
                aria-label={`${me.displayName} · ${labels.role(me.role)}`}
                aria-haspopup="menu"
                data-testid="account-menu"
              >
                <AccountCircleOutlined />
              </IconButton>
              <Menu anchorEl={accountAnchor} open={accountAnchor !== null} onClose={() => setAccountAnchor(null)}>
                <ListSubheader data-testid="staff-chip" data-username={me.username}>
                  {`${me.displayName} · ${labels.role(me.role)}`}
                </ListSubheader>
                <Box sx={{ px: 2, py: 1 }}>
                  <TopControls mode={mode} toggleMode={toggleMode} />
                </Box>
                <MenuItem
                  onClick={() => {
                    setAccountAnchor(null);
                    void session.signOut();
                  }}
                >
                  {t('signOut')}
                </MenuItem>
              </Menu>
            </>
          )}
        </Toolbar>
      </AppBar>
      {wide ? (
        <Drawer variant="permanent" sx={{ width: DRAWER, '& .MuiDrawer-paper': { width: DRAWER } }}>
          {nav}
        </Drawer>
      ) : (
        <Drawer open={open} onClose={() => setOpen(false)}>
          {nav}
        </Drawer>
      )}
      <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 3 }, mt: 8 }}>
        <Routes>
          {PAGES.map((p) => (
            <Route
              key={p.path}
              path={p.path}
              element={
                !p.permission || session.can(p.permission) ? (
                  p.element
                ) : (
                  <Alert severity="warning" data-testid="forbidden">
                    {t('forbidden')}
                  </Alert>
                )
              }
            />
          ))}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Box>
    </Box>
  );
}
