import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { LIMITS } from '@promptgrid/contract';

/**
 * Scrolls the element named by the URL hash (#about, #pricing, #upgrade...) smoothly into view,
 * 100 ms after arrival or after the hash changes, so the page has laid out first.
 */
export function useHashScroll(delayMs: number = LIMITS.hashScrollDelayMs) {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash || hash.length < 2) return;
    const timer = window.setTimeout(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (!target) return;
      const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    }, delayMs);
    return () => window.clearTimeout(timer);
    // `key` changes on every navigation, so clicking the same anchor twice scrolls again.
  }, [hash, key, delayMs]);
}
