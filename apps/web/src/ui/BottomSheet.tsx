import { Popup } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useOverlayStyle } from '../core/overlay';
import './bottom-sheet.css';

/**
 * A sheet that rises from the bottom edge and closes on a tap beside it. Each opening takes the
 * next overlay layer, so a dialog or sheet opened from it stacks above (docs/footguns.md). Its
 * body rounds its top corners and keeps the content clear of the home indicator; the sheet's
 * own `className` sets its sizes through `--sheet-radius`, `--sheet-padding` and
 * `--sheet-padding-bottom` (bottom-sheet.css). A `flush` sheet's content brings its own spacing.
 */
export function BottomSheet({
  visible,
  onClose,
  className,
  flush = false,
  destroyOnClose = false,
  children,
}: {
  visible: boolean;
  onClose: () => void;
  className?: string;
  flush?: boolean;
  /** Unmount the content once closed, so the next opening starts afresh. */
  destroyOnClose?: boolean;
  children: ReactNode;
}) {
  const style = useOverlayStyle(visible);
  const bodyClassName = ['bottom-sheet', flush && 'bottom-sheet--flush', className].filter(Boolean).join(' ');
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      style={style}
      bodyClassName={bodyClassName}
      destroyOnClose={destroyOnClose}
    >
      {children}
    </Popup>
  );
}
