import { Button } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import '../../ui/games/download-line.css';

/**
 * A ROM on this device, in a list: play it, or take it off the list (the caller asks first).
 * `testId` names the pair: `<testId>-play` and `<testId>-<removeKey>`.
 */
export function PlayControls({
  onPlay,
  onRemove,
  removeLabel,
  testId,
  removeKey,
}: {
  onPlay: () => void;
  onRemove: () => void;
  removeLabel: string;
  testId: string;
  removeKey: string;
}) {
  const { t } = useTranslation();
  return (
    <span className="download-controls">
      <Button size="mini" shape="rounded" color="primary" data-testid={`${testId}-play`} onClick={onPlay}>
        {t('romUi.play')}
      </Button>
      <button
        type="button"
        className="icon-button download-controls__cancel"
        aria-label={removeLabel}
        data-testid={`${testId}-${removeKey}`}
        onClick={onRemove}
      >
        <DeleteOutline />
      </button>
    </span>
  );
}
