import type { DataOf } from '@pixelhall/contract';
import type { routes } from '@pixelhall/contract/routes';
import { Button, Modal } from 'antd-mobile';
import type { CSSProperties } from 'react';
import { linkTarget } from '../../core/link-target';
import { navigateTo } from '../../core/navigation';
import { nextOverlayZIndex, overlayStyle } from '../../core/overlay';
import i18n from '../../i18n';
import { LazyImage } from '../../ui/LazyImage';

const POPUP_WIDTH = { '--min-width': 'min(86vw, 340px)', '--max-width': 'min(86vw, 340px)' } as CSSProperties;

export type Popup = NonNullable<DataOf<typeof routes.posts.popUp>>;

/**
 * Opens the announcement's modal; `onDone` runs once it is answered or dismissed. Loaded only
 * when there is an announcement to show, with the modal's animation library.
 */
export function showHomePopup(popup: Popup, onDone: () => void): { close: () => void } {
  const handler = Modal.show({
    style: { ...overlayStyle(nextOverlayZIndex()), ...POPUP_WIDTH },
    bodyClassName: 'home-popup',
    showCloseButton: true,
    closeOnMaskClick: true,
    onClose: onDone,
    content: (
      <PopupBody
        popup={popup}
        onDone={(target) => {
          onDone();
          handler.close();
          if (target) navigateTo(target);
        }}
      />
    ),
  });
  return handler;
}

/** Rendered by the imperative modal, outside the router and React tree of the screen. */
function PopupBody({ popup, onDone }: { popup: Popup; onDone: (target: string | null) => void }) {
  const target = linkTarget(popup.link, popup.title);
  return (
    <div data-testid="home-popup">
      {popup.image && (
        <div className="home-popup__image">
          {/* An announcement's picture often carries its own title: show all of it. */}
          <LazyImage src={popup.image} alt="" fit="contain" />
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
