import { type MouseEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './folded.css';

/**
 * A post or comment the server folded for the reader (its `folded`: the muted words its text
 * contains, docs/product/follows-and-blacklist.md#mute): a note naming the words and "Show
 * anyway", which shows `children` for as long as this stays on screen. Unfolded, just `children`.
 */
export function Folded({
  folded,
  compact = false,
  children,
}: {
  folded: { words: string[] } | undefined;
  /** A comment's smaller note. */
  compact?: boolean;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [shown, setShown] = useState(false);
  if (!folded || shown) return children;
  const show = (e: MouseEvent) => {
    // Inside a card that opens its post on a tap: this tap only unfolds.
    e.stopPropagation();
    setShown(true);
  };
  return (
    <div className={`folded${compact ? ' folded--compact' : ''}`} data-testid="folded">
      <HiddenEye />
      <p className="folded__text">{t('muteFold.folded', { words: wordList(folded.words, i18n.language) })}</p>
      <button type="button" className="folded__show" onClick={show} data-testid="folded-show">
        {t('muteFold.showAnyway')}
      </button>
    </div>
  );
}

/** "spoiler and final boss" · "ネタバレと最終ボス" · "spoiler y jefe final", as the language lists them. */
function wordList(words: string[], locale: string): string {
  try {
    return new Intl.ListFormat(locale, { type: 'conjunction' }).format(words);
  } catch {
    return words.join(', ');
  }
}

/**
 * An eye struck through, drawn here: antd-mobile's outline icon carries about 2 kB of path data
 * into Home's first-screen chunk for this one glyph (docs/internals/first-screen.md).
 */
function HiddenEye() {
  return (
    <svg className="folded__icon" viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true">
      <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
        <path d="M2.5 12S6 6.5 12 6.5 21.5 12 21.5 12 18 17.5 12 17.5 2.5 12 2.5 12Z" />
        <circle cx="12" cy="12" r="2.8" />
        <path d="M4 4l16 16" />
      </g>
    </svg>
  );
}
