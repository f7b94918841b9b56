import { describe, expect, it } from 'vitest';
import { applyKioskDisplay, KIOSK_ROOT_FONT_SIZE } from './kiosk-display';

/** jsdom's CSSOM drops clamp()/min(), so a plain element stand-in records what is set. */
function fakeRoot(fontSize = '') {
  return { style: { fontSize }, dataset: {} as DOMStringMap } as unknown as HTMLElement;
}

describe('applyKioskDisplay', () => {
  it('scales the root font size with the screen, further for tv, and restores it', () => {
    const root = fakeRoot('15px');
    const restore = applyKioskDisplay(root, 'tv');
    expect(root.style.fontSize).toBe(KIOSK_ROOT_FONT_SIZE.tv);
    expect(root.dataset.kiosk).toBe('tv');
    restore();
    expect(root.style.fontSize).toBe('15px');
    expect(root.dataset.kiosk).toBeUndefined();
  });

  it('keeps the type between a floor and a ceiling, larger for tv', () => {
    // At 1920×1080 CSS pixels: standard ≈ 20px, tv ≈ 28px; tv at 3840×2160 ≈ 56px.
    expect(KIOSK_ROOT_FONT_SIZE.standard).toBe('clamp(16px, min(1.05vw, 1.9vh), 40px)');
    expect(KIOSK_ROOT_FONT_SIZE.tv).toBe('clamp(18px, min(1.45vw, 2.6vh), 64px)');
  });
});
