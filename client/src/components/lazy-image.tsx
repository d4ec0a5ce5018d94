import { type ImgHTMLAttributes, useEffect, useRef, useState } from 'react';

/** How far below (or above) the screen an image starts loading: about a row of game tiles. */
export const NEAR_SCREEN_PX = 200;

let observer: IntersectionObserver | null = null;
const watchers = new Map<Element, () => void>();

/** One observer for every lazy image of the page; each image is watched until it first comes near. */
function watchNear(element: Element, onNear: () => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting) watchers.get(entry.target)?.();
    },
    { rootMargin: `${NEAR_SCREEN_PX}px 0px` },
  );
  const stop = () => {
    watchers.delete(element);
    observer?.unobserve(element);
  };
  watchers.set(element, () => {
    stop();
    onNear();
  });
  observer.observe(element);
  return stop;
}

/**
 * An image fetched once its box is within NEAR_SCREEN_PX of the screen (at once with `eager`, or where the
 * browser has no IntersectionObserver). Chromium's own loading="lazy" starts 1,250 px (fast network) to
 * 2,500 px (slow) away, which on a phone is every thumbnail of the lobby's first page and the footer's
 * logos: each of those SVGs is a document of its own, parsed, styled and laid out on the main thread while
 * the page loads (a third of the lobby's main-thread time before this). Until then the `<img>` has no
 * source and an empty alt, its width and height keeping its place.
 */
export function LazyImage({
  eager = false,
  src,
  alt,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'loading'> & { alt: string; eager?: boolean }) {
  const ref = useRef<HTMLImageElement>(null);
  const [near, setNear] = useState(() => eager || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !ref.current) return;
    return watchNear(ref.current, () => setNear(true));
  }, [near]);
  return (
    <img ref={ref} {...rest} src={near ? src : undefined} alt={near ? alt : ''} loading={eager ? 'eager' : 'lazy'} />
  );
}
