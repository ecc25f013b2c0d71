/**
 * A table that scrolls sideways (antd's `scroll.x`) with nothing focusable in its rows cannot be scrolled from the
 * keyboard: its scrolling box is made a Tab stop, named as a region, so the arrow keys move it (WCAG 2.1.1).
 */
import { useEffect, useRef } from 'react';

export function useScrollRegion<Element extends HTMLElement>(name: string) {
  const box = useRef<Element>(null);
  useEffect(() => {
    const scrolling = box.current?.querySelector<HTMLElement>('.ant-table-content');
    if (!scrolling) return;
    scrolling.tabIndex = 0;
    scrolling.setAttribute('role', 'region');
    scrolling.setAttribute('aria-label', name);
  });
  return box;
}
