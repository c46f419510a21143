import { List } from 'antd-mobile';
import type { CSSProperties } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePostStyles } from '../../api/queries/posts';
import { useMe } from '../../api/queries/users';
import { useNote } from '../../state/note';
import { usePreferences } from '../../state/preferences';
import { BottomSheet } from '../../ui/BottomSheet';
import { StylePicker } from '../../ui/posts/StylePicker';

/**
 * Settings' upgrade style (docs/product/app-shell-and-settings.md#settings): the style a new post starts with. Styles above the member's
 * level show the level they need, so climbing levels shows here too; prop-only styles are worn
 * only through a prop and never offered.
 */
export function UpgradeStyleItem() {
  const { t } = useTranslation();
  const styles = usePostStyles().data?.styles ?? [];
  const level = useMe().data?.level ?? 1;
  const postStyle = usePreferences((s) => s.postStyle);
  const setPostStyle = usePreferences((s) => s.setPostStyle);
  const [open, setOpen] = useState(false);
  const current = styles.find((s) => s.id === postStyle && !s.prop_only && s.min_level <= level);
  const choose = (style: string | null) => {
    setPostStyle(style);
    // A draft nobody has started yet takes the new default at once.
    const note = useNote.getState();
    if (!note.text.trim()) note.updateDraft({ style });
    setOpen(false);
  };
  return (
    <>
      <List className="list-card">
        <List.Item
          description={t('settings.upgradeStyleHint')}
          extra={
            current ? (
              <span
                role="img"
                className="setting-style-swatch"
                style={{ '--swatch': current.value } as CSSProperties}
                aria-label={t('settings.upgradeStyleChosen')}
              />
            ) : (
              t('note.styleNone')
            )
          }
          onClick={() => setOpen(true)}
          data-testid="upgrade-style-item"
        >
          {t('settings.upgradeStyle')}
        </List.Item>
      </List>
      <BottomSheet visible={open} onClose={() => setOpen(false)} flush>
        <div className="section">
          <h2 className="section__title">{t('settings.upgradeStyle')}</h2>
          <p className="muted">{t('settings.upgradeStyleHint')}</p>
          <StylePicker
            kind="style"
            options={styles}
            value={current?.id ?? null}
            level={level}
            onChange={choose}
          />
        </div>
      </BottomSheet>
    </>
  );
}
