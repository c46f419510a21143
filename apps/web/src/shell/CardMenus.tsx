import type { Post } from '@pixelhall/contract';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from '../core/hash-router';
import { LongPressTracker } from '../core/long-press';
import { type GameMenuTarget, offerGameCardMenu } from '../ui/games/game-card-menu';
import { postCardAt } from '../ui/posts/post-card-menu';

// The menus load on the first long press.
const FeedPostMenu = lazy(() => import('../screens/post/FeedPostMenu'));
const GameMenu = lazy(() => import('../screens/rom/GameMenu'));

/**
 * The menus a long press on a post card or a game card opens, for every screen at once. The app
 * frame loads this after the first screen, which carries none of it. The last card held stays
 * mounted after its menu closes, so a sheet it opened (report, a prop) outlives it; moving to
 * another screen closes them.
 */
export default function CardMenus() {
  const { pathname } = useLocation();
  const [post, setPost] = useState<Post | null>(null);
  const [game, setGame] = useState<GameMenuTarget | null>(null);
  const [opened, setOpened] = useState<'post' | 'game' | null>(null);

  useEffect(() => {
    offerGameCardMenu((next) => {
      setGame(next);
      setOpened('game');
    });
    return () => offerGameCardMenu(null);
  }, []);
  useEffect(
    () =>
      watchPostCards((next) => {
        setPost(next);
        setOpened('post');
      }),
    [],
  );
  const onOpenChange = useCallback((open: boolean) => {
    if (!open) setOpened(null);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new screen closes the menu
  useEffect(() => setOpened(null), [pathname]);

  return (
    <Suspense fallback={null}>
      {post && <FeedPostMenu post={post} open={opened === 'post'} onOpenChange={onOpenChange} />}
      {game && <GameMenu game={game} open={opened === 'game'} onOpenChange={onOpenChange} />}
    </Suspense>
  );
}

/**
 * A long press on any feed's post card, watched on the document (the cards stay free of it, so
 * the first screen's code carries none): the same rules as `useLongPress`, which the post page
 * and comments use. Returns the function that stops watching.
 */
function watchPostCards(open: (post: Post) => void): () => void {
  let held: Post | undefined;
  const tracker = new LongPressTracker(() => {
    window.getSelection()?.removeAllRanges();
    if (held) open(held);
  });
  const listeners: Array<[string, (event: Event) => void]> = [
    [
      'pointerdown',
      (event) => {
        const e = event as PointerEvent;
        held = postCardAt(e.target);
        if (held && e.isPrimary && e.button === 0) tracker.down(e.clientX, e.clientY);
      },
    ],
    [
      'pointermove',
      (event) => tracker.move((event as PointerEvent).clientX, (event as PointerEvent).clientY),
    ],
    ['pointerup', () => tracker.up()],
    ['pointercancel', () => tracker.up()],
    ['scroll', () => tracker.cancel()],
    [
      'contextmenu',
      (event) => {
        if (tracker.pressing || tracker.fired) event.preventDefault();
      },
    ],
    [
      'click',
      (event) => {
        if (!tracker.takeClick()) return;
        event.preventDefault();
        event.stopPropagation();
      },
    ],
  ];
  for (const [type, listener] of listeners) document.addEventListener(type, listener, { capture: true });
  return () => {
    tracker.cancel();
    for (const [type, listener] of listeners) document.removeEventListener(type, listener, { capture: true });
  };
}
