import { useEffect, useState } from 'react';

/** The window's width, updated on resize (breakpoints 992 and 998 px decide how the sidebar is drawn). */
export function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}
