import { DotLoading } from 'antd-mobile';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useRouteEntry } from '../core/route-context';

/**
 * A screen's root: carries `data-screen` with the route name (docs/product/app-shell-and-settings.md#routes) and is the scroll
 * container. The offset is tracked while scrolling and put back when a kept-alive screen shows
 * again, because a `display: none` box forgets where it was scrolled.
 */
export function Screen({
  children,
  className,
  name,
}: {
  children: ReactNode;
  className?: string;
  name?: string;
}) {
  const entry = useRouteEntry();
  const ref = useRef<HTMLDivElement>(null);
  const offset = useRef(0);
  useLayoutEffect(() => {
    if (ref.current) ref.current.scrollTop = offset.current;
  }, []);
  const bars = entry.route.tabBar ? ' screen--tab-bar' : '';
  return (
    <div
      ref={ref}
      className={`screen${bars}${className ? ` ${className}` : ''}`}
      data-screen={name ?? entry.route.name}
      onScroll={(e) => {
        offset.current = e.currentTarget.scrollTop;
      }}
    >
      {children}
    </div>
  );
}

export function ScreenFallback() {
  return (
    <div className="screen screen--loading" aria-busy="true">
      <DotLoading color="primary" />
    </div>
  );
}
