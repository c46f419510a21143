import type { DataOf } from '@pixelhall/contract';
import type { routes } from '@pixelhall/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal } from 'antd-mobile';
import { type CSSProperties, useEffect } from 'react';
import { popupQuery } from '../../api/queries/first-screen';
import { navigateTo } from '../../app/navigation';
import i18n from '../../i18n';
import { useSeenPopups } from '../../state/popups';
import { LazyImage } from '../../ui/LazyImage';
import { nextOverlayZIndex, overlayStyle } from '../../ui/overlay';
import { linkTarget } from './links';

const POPUP_WIDTH = { '--min-width': 'min(86vw, 340px)', '--max-width': 'min(86vw, 340px)' } as CSSProperties;

type Popup = NonNullable<DataOf<typeof routes.posts.popUp>>;

/**
 * The announcement of pop/up, shown once per announcement on this device. It is opened from an
 * effect so that it closes when Home is hidden (kept alive) and comes back if still unanswered.
 */
export function HomePopup() {
  const seen = useSeenPopups((s) => s.seen);
  const markSeen = useSeenPopups((s) => s.markSeen);
  const popup = useQuery(popupQuery()).data;
  const pending = popup && !seen.includes(popup.id) ? popup : null;

  useEffect(() => {
    if (!pending) return;
    const done = () => markSeen(pending.id);
    const handler = Modal.show({
      style: { ...overlayStyle(nextOverlayZIndex()), ...POPUP_WIDTH },
      bodyClassName: 'home-popup',
      showCloseButton: true,
      closeOnMaskClick: true,
      onClose: done,
      content: (
        <PopupBody
          popup={pending}
          onDone={(target) => {
            done();
            handler.close();
            if (target) navigateTo(target);
          }}
        />
      ),
    });
    return handler.close;
  }, [pending, markSeen]);

  return null;
}

/** Rendered by the imperative modal, outside the router and React tree of the screen. */
function PopupBody({ popup, onDone }: { popup: Popup; onDone: (target: string | null) => void }) {
  const target = linkTarget(popup.link, popup.title);
  return (
    <div data-testid="home-popup">
      {popup.image && (
        <div className="home-popup__image">
          <LazyImage src={popup.image} alt="" />
        </div>
      )}
      <div className="home-popup__body">
        {popup.title && <h2>{popup.title}</h2>}
        {popup.text && <p>{popup.text}</p>}
        <Button block color="primary" shape="rounded" onClick={() => onDone(target)}>
          {target ? i18n.t('feed.popupView') : i18n.t('feed.popupClose')}
        </Button>
      </div>
    </div>
  );
}
