import type { Post } from '@pixelhall/contract';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from '../core/hash-router';
import { GameCardMenuContext, type GameMenuTarget } from '../ui/games/game-card-menu';
import { PostCardMenuContext } from '../ui/posts/post-card-menu';

// The menus load on the first long press, not with the first screen.
const FeedPostMenu = lazy(() => import('../screens/post/FeedPostMenu'));
const GameMenu = lazy(() => import('../screens/rom/GameMenu'));

/**
 * The menus a long press on a post card or a game card opens, for every screen at once. The
 * last card held stays mounted after its menu closes, so a sheet it opened (report, a prop)
 * outlives it; moving to another screen closes them.
 */
export function CardMenus({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [post, setPost] = useState<Post | null>(null);
  const [game, setGame] = useState<GameMenuTarget | null>(null);
  const [opened, setOpened] = useState<'post' | 'game' | null>(null);

  const openPost = useCallback((next: Post) => {
    setPost(next);
    setOpened('post');
  }, []);
  const openGame = useCallback((next: GameMenuTarget) => {
    setGame(next);
    setOpened('game');
  }, []);
  const onOpenChange = useCallback((open: boolean) => {
    if (!open) setOpened(null);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new screen closes the menu
  useEffect(() => setOpened(null), [pathname]);

  return (
    <PostCardMenuContext.Provider value={openPost}>
      <GameCardMenuContext.Provider value={openGame}>
        {children}
        <Suspense fallback={null}>
          {post && <FeedPostMenu post={post} open={opened === 'post'} onOpenChange={onOpenChange} />}
          {game && <GameMenu game={game} open={opened === 'game'} onOpenChange={onOpenChange} />}
        </Suspense>
      </GameCardMenuContext.Provider>
    </PostCardMenuContext.Provider>
  );
}
