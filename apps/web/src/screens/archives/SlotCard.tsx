import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyImage } from '../../ui/LazyImage';
import { SlotProgress } from './SlotProgress';

/**
 * One save slot as a card, on this device or in the cloud: its screenshot, its facts (label and
 * value pairs), its transfer while one runs, and the actions the list offers for it.
 */
export function SlotCard({
  romMd5,
  slot,
  image,
  badges,
  facts,
  actions,
  actionsClassName,
  testId,
}: {
  romMd5: string;
  slot: number;
  image: string | null | undefined;
  /** Beside the slot's title (e.g. "In the cloud"). */
  badges?: ReactNode;
  facts: ReadonlyArray<readonly [label: string, value: ReactNode]>;
  actions: ReactNode;
  actionsClassName?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const title = t('archivesUi.slot', { slot });
  return (
    <article className="card archive-slot" data-testid={testId} data-slot={slot}>
      <div className="archive-slot__shot">
        {image ? (
          <LazyImage src={image} alt={title} fit="contain" />
        ) : (
          <span className="archive-slot__no-shot">{title}</span>
        )}
      </div>
      <div className="archive-slot__info">
        <div className="archive-slot__head">
          <strong>{title}</strong>
          {badges}
        </div>
        <dl className="archive-slot__facts">
          {facts.map(([label, value]) => (
            <FactRow key={label} label={label} value={value} />
          ))}
        </dl>
      </div>
      <SlotProgress romMd5={romMd5} slot={slot} />
      <div className={`archive-slot__actions${actionsClassName ? ` ${actionsClassName}` : ''}`}>
        {actions}
      </div>
    </article>
  );
}

function FactRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
