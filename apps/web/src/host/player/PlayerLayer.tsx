import type { LocalArchiveSlot } from '@pixelhall/contract/host';
import { Popup, Slider } from 'antd-mobile';
import { LeftOutline, SoundMuteOutline, SoundOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { confirmAction } from '../../core/confirm';
import { useOverlayStyle } from '../../core/overlay';
import { useEmulatorSettings } from '../../state/emulator-settings';
import { useRelativeTime } from '../../ui/format';
import { SLOT_COUNT } from './archive-store';
import type { PlayerControls, PlayerStore } from './session';
import './player.css';

type Sheet = 'save' | 'load' | 'volume' | null;

/**
 * The game layer: a top bar (back, the game's name, volume, save, load) over EmulatorJS, whose
 * own canvas and on-screen pad fill the rest. Phone-first: in portrait the picture sits at the
 * top and the pad below it.
 */
export function PlayerLayer({
  title,
  store,
  controls,
  elementId,
}: {
  title: string;
  store: PlayerStore;
  controls: PlayerControls;
  elementId: string;
}) {
  const { t } = useTranslation();
  const phase = useStore(store, (s) => s.phase);
  const slots = useStore(store, (s) => s.slots);
  const busy = useStore(store, (s) => s.busy);
  const volume = useEmulatorSettings((s) => s.volume);
  const [sheet, setSheet] = useState<Sheet>(null);
  const sheetStyle = useOverlayStyle(sheet !== null);
  const running = phase === 'running';

  const save = async (slot: LocalArchiveSlot | undefined, n: number) => {
    if (
      slot &&
      !(await confirmAction({
        content: t('playerUi.overwrite_confirm', { slot: n }),
        confirmText: t('playerUi.overwrite'),
      }))
    ) {
      return;
    }
    setSheet(null);
    await controls.save(n);
  };
  const load = async (n: number) => {
    setSheet(null);
    await controls.load(n);
  };

  return (
    <div className="ph-player" role="dialog" aria-label={title} data-player-phase={phase}>
      <header className="ph-player__bar">
        <button
          type="button"
          className="ph-player__icon"
          aria-label={t('playerUi.back')}
          onClick={controls.close}
        >
          <LeftOutline />
        </button>
        <h1 className="ph-player__title">{title}</h1>
        <button
          type="button"
          className="ph-player__icon"
          aria-label={t('playerUi.volume')}
          onClick={() => setSheet('volume')}
        >
          {volume === 0 ? <SoundMuteOutline /> : <SoundOutline />}
        </button>
        <button
          type="button"
          className="ph-player__action ph-player__action--primary"
          disabled={!running || busy}
          onClick={() => setSheet('save')}
        >
          {t('playerUi.save')}
        </button>
        <button
          type="button"
          className="ph-player__action"
          disabled={!running || slots.length === 0}
          onClick={() => setSheet('load')}
        >
          {t('playerUi.load')}
        </button>
      </header>
      <div className="ph-player__stage">
        <div id={elementId} className="ph-player__emulator" />
      </div>

      <Popup
        visible={sheet === 'save' || sheet === 'load'}
        onMaskClick={() => setSheet(null)}
        onClose={() => setSheet(null)}
        style={sheetStyle}
        bodyClassName="ph-player__sheet"
      >
        <h2 className="ph-player__sheet-title">
          {sheet === 'save' ? t('playerUi.save_title') : t('playerUi.load_title')}
        </h2>
        <SlotGrid
          slots={slots}
          mode={sheet === 'load' ? 'load' : 'save'}
          onPick={(slot, n) => void (sheet === 'load' ? load(n) : save(slot, n))}
        />
      </Popup>
      <Popup
        visible={sheet === 'volume'}
        onMaskClick={() => setSheet(null)}
        onClose={() => setSheet(null)}
        style={sheetStyle}
        bodyClassName="ph-player__sheet"
      >
        <h2 className="ph-player__sheet-title">{t('playerUi.volume')}</h2>
        <Slider
          min={0}
          max={100}
          value={Math.round(volume * 100)}
          onChange={(v) => controls.setVolume((Array.isArray(v) ? v[0]! : v) / 100)}
        />
      </Popup>
    </div>
  );
}

/** Slots 1–9 to save into (an empty one says so), or only the saved ones to load. */
function SlotGrid({
  slots,
  mode,
  onPick,
}: {
  slots: LocalArchiveSlot[];
  mode: 'save' | 'load';
  onPick(slot: LocalArchiveSlot | undefined, n: number): void;
}) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const byNumber = new Map(slots.map((s) => [s.slot, s]));
  const numbers =
    mode === 'load' ? slots.map((s) => s.slot) : Array.from({ length: SLOT_COUNT }, (_, i) => i + 1);
  return (
    <div className="ph-player__slots">
      {numbers.map((n) => {
        const slot = byNumber.get(n);
        return (
          <button
            key={n}
            type="button"
            className="ph-player__slot"
            data-slot={n}
            aria-label={t('playerUi.slot', { slot: n })}
            onClick={() => onPick(slot, n)}
          >
            <span className="ph-player__slot-shot">
              {slot?.image ? <img src={slot.image} alt="" /> : <span>{t('playerUi.empty')}</span>}
            </span>
            <span className="ph-player__slot-name">{t('playerUi.slot', { slot: n })}</span>
            <span className="ph-player__slot-time">{slot ? relative(slot.time) : '—'}</span>
          </button>
        );
      })}
    </div>
  );
}
