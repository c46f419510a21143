import type { ReactNode, SyntheticEvent } from 'react';
import './edits.css';

const keep = (event: SyntheticEvent) => event.stopPropagation();

/**
 * Around a sheet declared inside a card or a long-press row: the sheet renders in a portal, but
 * React still bubbles its events through the tree it is declared in, so without this a tap in it
 * would open the post under it and a press would open the row's menu.
 */
export function EventFence({ children }: { children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it only stops events, it handles none
    // biome-ignore lint/a11y/useKeyWithClickEvents: it only stops events, it handles none
    <span className="event-fence" onClick={keep} onPointerDown={keep} onContextMenu={keep}>
      {children}
    </span>
  );
}
