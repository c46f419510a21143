import { lazy } from 'react';
import { matchRoute, type RouteDef, type RouteMatch } from '../core/route-match';

const HomeScreen = lazy(() => import('../screens/home/HomeScreen'));
const GameScreen = lazy(() => import('../screens/game/GameScreen'));
const SearchScreen = lazy(() => import('../screens/search/SearchScreen'));
const ClassifyScreen = lazy(() => import('../screens/classify/ClassifyScreen'));
const TopicScreen = lazy(() => import('../screens/topic/TopicScreen'));
const MeScreen = lazy(() => import('../screens/me/MeScreen'));
const PostScreen = lazy(() => import('../screens/post/PostScreen'));
const NoteScreen = lazy(() => import('../screens/note/NoteScreen'));
const NoteTopicScreen = lazy(() => import('../screens/note/NoteTopicScreen'));
const SettingScreen = lazy(() => import('../screens/setting/SettingScreen'));
const AboutScreen = lazy(() => import('../screens/about/AboutScreen'));
const WebviewScreen = lazy(() => import('../screens/webview/WebviewScreen'));
export const NotFoundScreen = lazy(() => import('../screens/not-found/NotFoundScreen'));
const LoginScreen = lazy(() => import('../screens/auth/LoginScreen'));
const RegisterScreen = lazy(() => import('../screens/auth/RegisterScreen'));
const RetrievePasswordScreen = lazy(() => import('../screens/auth/RetrievePasswordScreen'));
const ResetPasswordScreen = lazy(() => import('../screens/auth/ResetPasswordScreen'));
const ThirdPartyScreen = lazy(() => import('../screens/auth/ThirdPartyScreen'));
const SecondStepScreen = lazy(() => import('../screens/auth/SecondStepScreen'));
const ActiveDetailScreen = lazy(() => import('../screens/auth/ActiveDetailScreen'));
const UserEditScreen = lazy(() => import('../screens/profile/UserEditScreen'));
const EditNicknameScreen = lazy(() => import('../screens/profile/EditNicknameScreen'));
const EditSignatureScreen = lazy(() => import('../screens/profile/EditSignatureScreen'));
const AccountSecurityScreen = lazy(() => import('../screens/profile/AccountSecurityScreen'));
const UserScreen = lazy(() => import('../screens/user/UserScreen'));
const FollowedScreen = lazy(() => import('../screens/follows/FollowedScreen'));
const BeingFollowedScreen = lazy(() => import('../screens/follows/BeingFollowedScreen'));
const BlacklistScreen = lazy(() => import('../screens/follows/BlacklistScreen'));
const MyPostsScreen = lazy(() => import('../screens/me/MyPostsScreen'));
const MyUpvotedScreen = lazy(() => import('../screens/me/MyUpvotedScreen'));
const MyCommentsScreen = lazy(() => import('../screens/me/MyCommentsScreen'));
const NewsScreen = lazy(() => import('../screens/inbox/NewsScreen'));
const TaskScreen = lazy(() => import('../screens/tasks/TaskScreen'));
const AchievementsScreen = lazy(() => import('../screens/achievements/AchievementsScreen'));
const AchievementDetailScreen = lazy(() => import('../screens/achievements/AchievementDetailScreen'));
const GradeScreen = lazy(() => import('../screens/grade/GradeScreen'));
const BetsScreen = lazy(() => import('../screens/bets/BetsScreen'));
const WalletScreen = lazy(() => import('../screens/wallet/WalletScreen'));
const PropsScreen = lazy(() => import('../screens/props/PropsScreen'));

const me = (name: string, login: boolean, screen?: RouteDef['screen']): RouteDef => ({
  name: `me-${name.replaceAll('/', '-')}`,
  path: `/me/${name}`,
  login,
  screen,
});

/**
 * Every route with its flags (docs/product/app-shell-and-settings.md#routes). Feature issues give their routes a `screen` here; the
 * login guard, keep-alive, status bar and floating buttons all read this one table.
 */
export const ROUTES: RouteDef[] = [
  { name: 'index', path: '/', redirect: '/home' },
  {
    name: 'home',
    path: '/home',
    screen: HomeScreen,
    keepAlive: true,
    showMine: true,
    showTabBar: true,
    tabBar: true,
  },
  { name: 'search', path: '/home/search', screen: SearchScreen, keepAlive: true },
  { name: 'game', path: '/game', screen: GameScreen, keepAlive: true, tabBar: true },
  {
    name: 'game-topic',
    path: '/game/topic',
    keepAlive: true,
    ids: ['id'],
    screen: lazy(() => import('../screens/game/GameTopicScreen')),
  },
  {
    name: 'game-search',
    path: '/game/search',
    keepAlive: true,
    screen: lazy(() => import('../screens/game/GameSearchScreen')),
  },
  {
    name: 'game-recent',
    path: '/game/recent',
    keepAlive: true,
    screen: lazy(() => import('../screens/game/GameRecentScreen')),
  },
  {
    name: 'game-more',
    path: '/game/more',
    keepAlive: true,
    screen: lazy(() => import('../screens/game/GameMoreScreen')),
  },
  {
    name: 'game-download',
    path: '/game/download',
    screen: lazy(() => import('../screens/game-download/GameDownloadScreen')),
  },
  {
    name: 'game-components-topics',
    path: '/game/components/topics',
    screen: lazy(() => import('../screens/game/GameTopicsScreen')),
  },
  {
    name: 'game-components-recommend',
    path: '/game/components/recommend',
    screen: lazy(() => import('../screens/game/GameRecommendScreen')),
  },
  {
    name: 'game-components-classification',
    path: '/game/components/classification',
    screen: lazy(() => import('../screens/game/GameClassificationScreen')),
  },
  { name: 'classify', path: '/classify', screen: ClassifyScreen, keepAlive: true },
  { name: 'post', path: '/post/:id', ids: ['id'], screen: PostScreen },
  { name: 'rom', path: '/rom/:id', ids: ['id'], screen: lazy(() => import('../screens/rom/RomScreen')) },
  {
    name: 'topic',
    path: '/topic/:id',
    ids: ['id'],
    screen: TopicScreen,
    keepAlive: true,
    showTabBar: true,
    tabBar: true,
  },
  // Writing needs an account; the server enforces it anyway.
  { name: 'note', path: '/note', login: true, screen: NoteScreen },
  { name: 'note-topic', path: '/note/topic', login: true, screen: NoteTopicScreen },
  {
    name: 'me',
    path: '/me',
    screen: MeScreen,
    keepAlive: true,
    hideStatusBar: true,
    statusBarTheme: 'dark',
    tabBar: true,
  },
  me(
    'archives/cloud',
    true,
    lazy(() => import('../screens/archives/CloudArchivesScreen')),
  ),
  me(
    'archives/cloud/slot',
    true,
    lazy(() => import('../screens/archives/CloudSlotsScreen')),
  ),
  me('achievement', true, AchievementsScreen),
  me('upvoted', true, MyUpvotedScreen),
  me('task', true, TaskScreen),
  me(
    'recent',
    true,
    lazy(() => import('../screens/my-games/RecentGamesScreen')),
  ),
  me('posts', true, MyPostsScreen),
  me('news', true, NewsScreen),
  me('grade', true, GradeScreen),
  me(
    'feedback',
    true,
    lazy(() => import('../screens/feedback/FeedbackScreen')),
  ),
  me(
    'favorite',
    true,
    lazy(() => import('../screens/my-games/FavoriteGamesScreen')),
  ),
  me('comment', true, MyCommentsScreen),
  me('blacklist', true, BlacklistScreen),
  // Added by this project: muted members and words (issue 27), beside the blacklist.
  me(
    'mute',
    true,
    lazy(() => import('../screens/mute/MuteScreen')),
  ),
  // Added by this project: what moderators did about the member, and their appeals (issue 28).
  me(
    'moderation',
    true,
    lazy(() => import('../screens/moderation-notices/ModerationNoticesScreen')),
  ),
  // Added by this project: the bets screens (list, place a bet) need a route of their own.
  me('bets', true, BetsScreen),
  // Added by this project: the wallet (balances, exchange, history) and the props shop.
  me('wallet', true, WalletScreen),
  // Added by this project: what the member earned (`user/reward`), from the tasks and the wallet.
  me(
    'rewards',
    true,
    lazy(() => import('../screens/rewards/RewardsScreen')),
  ),
  me('props', true, PropsScreen),
  { ...me('achievement/details', false, AchievementDetailScreen), ids: ['id'] },
  me('setting', false, SettingScreen),
  me(
    'setting/game',
    false,
    lazy(() => import('../screens/game-settings/GameSettingsScreen')),
  ),
  me('setting/accountandsecurity', false, AccountSecurityScreen),
  // Added by this project: "Delete my account", what goes and what stays, then the confirmation.
  me(
    'setting/accountandsecurity/delete',
    true,
    lazy(() => import('../screens/profile/security/DeleteAccountScreen')),
  ),
  me(
    'archives',
    false,
    lazy(() => import('../screens/archives/ArchivesScreen')),
  ),
  me(
    'archives/slot',
    false,
    lazy(() => import('../screens/archives/ArchiveSlotsScreen')),
  ),
  me(
    'game',
    false,
    lazy(() => import('../screens/my-games/MyGamesScreen')),
  ),
  me('about', false, AboutScreen),
  // Added by this project: the open-source licences of what the server hands to browsers.
  me(
    'about/licences',
    false,
    lazy(() => import('../screens/licences/LicencesScreen')),
  ),
  { name: 'user-edit', path: '/user/edit', login: true, screen: UserEditScreen },
  { name: 'user-edit-nickname', path: '/user/edit/nickname', login: true, screen: EditNicknameScreen },
  { name: 'user-edit-signature', path: '/user/edit/signature', login: true, screen: EditSignatureScreen },
  { name: 'user-followed', path: '/user/followed', screen: FollowedScreen },
  { name: 'user-beingfollowed', path: '/user/beingfollowed', screen: BeingFollowedScreen },
  // After the fixed /user/… paths: the first match wins, and ':id' would take "edit" too.
  {
    name: 'user-id',
    path: '/user/:id',
    ids: ['id'],
    screen: UserScreen,
    hideStatusBar: true,
    statusBarTheme: 'dark',
  },
  { name: 'webview', path: '/webview', screen: WebviewScreen },
  // Added by this project: the moderators' desk (issue 28); anyone but staff sees the catch-all.
  { name: 'mod', path: '/mod', login: true, screen: lazy(() => import('./ModRoute')) },
  // Added by this project: the public moderation log (issue 28), open to everyone.
  { name: 'modlog', path: '/modlog', screen: lazy(() => import('../screens/modlog/ModLogScreen')) },
  { name: 'login', path: '/login', screen: LoginScreen },
  // The developer gallery exists in development only: a production build leaves the route and
  // its screen out (Vite makes the condition a constant false and drops the import with it).
  ...(import.meta.env.DEV
    ? [{ name: 'demo', path: '/demo', screen: lazy(() => import('../screens/demo/DemoScreen')) }]
    : []),
  { name: 'auth-third', path: '/auth/third', screen: ThirdPartyScreen },
  { name: 'auth-secondstep', path: '/auth/secondstep', screen: SecondStepScreen },
  { name: 'auth-retrievepassword', path: '/auth/retrievepassword', screen: RetrievePasswordScreen },
  { name: 'auth-reset', path: '/auth/reset', screen: ResetPasswordScreen },
  { name: 'auth-register', path: '/auth/register', screen: RegisterScreen },
  { name: 'auth-activedetail', path: '/auth/activedetail', login: true, screen: ActiveDetailScreen },
  { name: 'not-found', path: '*', screen: NotFoundScreen },
];

/** The route of `pathname` in this table, else the catch-all. */
export function matchAppRoute(pathname: string): RouteMatch {
  return matchRoute(pathname, ROUTES);
}
