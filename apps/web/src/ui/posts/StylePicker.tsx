import type { DataOf } from '@pixelhall/contract';
import type { routes } from '@pixelhall/contract/routes';
import { CheckOutline, LockOutline, StopOutline } from 'antd-mobile-icons';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { showInfoToast } from '../../core/feedback';
import './style-picker.css';

type ColorStyle = DataOf<typeof routes.posts.colorLists>['colors'][number];

/**
 * One row of styles to pick from, "none" first. A style above the member's level shows the
 * level it needs and cannot be picked (the server refuses it too). Prop-only styles (gold,
 * prism) are worn only through a prop, so they are never offered here.
 */
export function StylePicker({
  kind,
  options,
  value,
  level,
  onChange,
}: {
  kind: 'color' | 'style';
  options: readonly ColorStyle[];
  value: string | null;
  level: number;
  onChange: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  const pickable = options.filter((o) => !o.prop_only);
  const known = value !== null && pickable.some((o) => o.id === value);
  const selected = known ? value : null;
  return (
    <div className={`style-picker style-picker--${kind}`} data-testid={`note-${kind}s`}>
      <button
        type="button"
        aria-pressed={selected === null}
        aria-label={t('note.styleNone')}
        className={`style-swatch style-swatch--none${selected === null ? ' style-swatch--selected' : ''}`}
        onClick={() => onChange(null)}
      >
        <StopOutline />
      </button>
      {pickable.map((option, index) => {
        const locked = option.min_level > level;
        const isSelected = option.id === selected;
        return (
          <button
            key={option.id}
            type="button"
            aria-pressed={isSelected}
            aria-disabled={locked}
            aria-label={
              locked
                ? t('note.styleLocked', { index: index + 1, level: option.min_level })
                : t('note.styleOption', { index: index + 1 })
            }
            className={`style-swatch${isSelected ? ' style-swatch--selected' : ''}${locked ? ' style-swatch--locked' : ''}`}
            style={{ '--swatch': option.value } as CSSProperties}
            data-style-id={option.id}
            onClick={() =>
              locked
                ? showInfoToast(t('errors.style_level', { level: option.min_level }))
                : onChange(option.id)
            }
          >
            <span className="style-swatch__fill" />
            {isSelected && <CheckOutline className="style-swatch__check" />}
            {locked && (
              <span className="style-swatch__level">
                <LockOutline />
                {t('me.level', { level: option.min_level })}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
