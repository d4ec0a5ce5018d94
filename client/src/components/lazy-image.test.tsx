import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyImage, NEAR_SCREEN_PX } from './lazy-image';

/** A stand-in IntersectionObserver the test drives: `enter(element)` says it came near the screen. */
function fakeObserver() {
  const observed = new Set<Element>();
  let report: IntersectionObserverCallback = () => {};
  let margin = '';
  class Fake {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      report = callback;
      margin = options?.rootMargin ?? '';
    }
    observe(element: Element) {
      observed.add(element);
    }
    unobserve(element: Element) {
      observed.delete(element);
    }
    disconnect() {
      observed.clear();
    }
  }
  vi.stubGlobal('IntersectionObserver', Fake);
  return {
    observed,
    margin: () => margin,
    enter(element: Element) {
      report([{ target: element, isIntersecting: true } as unknown as IntersectionObserverEntry], {} as never);
    },
  };
}

describe('LazyImage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('fetches its source only once its box comes near the screen, keeping its size before', () => {
    const io = fakeObserver();
    const { container } = render(<LazyImage src="/static/games/a.svg" alt="Fiesta Reels" width={120} height={120} />);
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBeNull();
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('width')).toBe('120');
    expect(io.observed.has(img)).toBe(true);
    expect(io.margin()).toBe(`${NEAR_SCREEN_PX}px 0px`);
    act(() => io.enter(img));
    expect(img.getAttribute('src')).toBe('/static/games/a.svg');
    expect(img.getAttribute('alt')).toBe('Fiesta Reels');
    expect(io.observed.has(img)).toBe(false);
  });

  it('loads at once when eager (the first screen) or where there is no IntersectionObserver', () => {
    fakeObserver();
    const eager = render(<LazyImage src="/a.svg" alt="" eager />);
    expect(eager.container.querySelector('img')?.getAttribute('src')).toBe('/a.svg');
    expect(eager.container.querySelector('img')?.getAttribute('loading')).toBe('eager');
    cleanup();
    vi.stubGlobal('IntersectionObserver', undefined);
    const plain = render(<LazyImage src="/b.svg" alt="" />);
    expect(plain.container.querySelector('img')?.getAttribute('src')).toBe('/b.svg');
  });
});
