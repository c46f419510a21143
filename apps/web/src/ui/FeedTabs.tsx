import { type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { tabIndexForKey } from './tab-keys';
import './feed-tabs.css';

export interface FeedTab {
  key: string;
  title: string;
}

/**
 * Tabs over a feed: a row that scrolls sideways when the titles do not fit, the open one
 * underlined by a line that slides to it, arrows, Home and End to move between them, and the
 * open tab's panel under the row. Home's own, in CSS: antd-mobile's Tabs brings an animation
 * library the first screen would otherwise download.
 */
export function FeedTabs({
  tabs,
  activeKey,
  onChange,
  className,
  panelClassName,
  testId,
  children,
}: {
  tabs: readonly FeedTab[];
  activeKey: string;
  onChange: (key: string) => void;
  className?: string;
  panelClassName?: string;
  testId?: string;
  /** The open tab's panel. */
  children: ReactNode;
}) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const lineRef = useRef<HTMLSpanElement>(null);
  const active = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === activeKey),
  );
  const current = tabs[active];
  const tabId = (key: string) => `${id}-tab-${key}`;
  const titles = tabs.map((tab) => tab.title).join('\n');

  // The line follows the open tab's title, and the row scrolls it to the middle, as titles,
  // fonts and the width change too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: new titles move the line as well.
  useLayoutEffect(() => {
    const list = listRef.current;
    const line = lineRef.current;
    if (!list || !line) return;
    const place = () => {
      const title = list.querySelectorAll<HTMLElement>('.feed-tabs__title')[active];
      if (!title || list.clientWidth === 0) return;
      const left = title.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
      line.style.transform = `translateX(${left}px)`;
      line.style.width = `${title.offsetWidth}px`;
      const tab = title.parentElement!;
      list.scrollTo({
        left: tab.offsetLeft + tab.offsetWidth / 2 - list.clientWidth / 2,
        behavior: line.dataset.placed ? 'smooth' : 'instant',
      });
      // Slides from here on; the first placement is not animated from the row's left end.
      requestAnimationFrame(() => {
        line.dataset.placed = '';
      });
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(list);
    return () => observer.disconnect();
  }, [active, titles]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = tabIndexForKey(event.key, active, tabs.length);
    if (next === null) return;
    event.preventDefault();
    onChange(tabs[next]!.key);
    listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };

  return (
    <>
      <div className={`feed-tabs${className ? ` ${className}` : ''}`} data-testid={testId}>
        <div ref={listRef} className="feed-tabs__list" role="tablist" onKeyDown={onKeyDown}>
          {tabs.map((tab, index) => (
            <button
              key={tab.key}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              className="feed-tabs__tab"
              aria-selected={index === active}
              aria-controls={`${id}-panel`}
              tabIndex={index === active ? 0 : -1}
              onClick={() => onChange(tab.key)}
            >
              <span className="feed-tabs__title">{tab.title}</span>
            </button>
          ))}
          <span ref={lineRef} className="feed-tabs__line" aria-hidden="true" />
        </div>
      </div>
      <div
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={current && tabId(current.key)}
        className={panelClassName}
        data-tab={current?.key}
      >
        {children}
      </div>
    </>
  );
}
