/**
 * The horizontal span in which an element can be seen: the window, narrowed to its nearest
 * ancestor that clips (the page's scroll container). Floating panels keep inside it
 * (popover-base.tsx, the time-range panel).
 */
export function clippingSpan(element: HTMLElement): { left: number; right: number } {
  let left = 0;
  let right = window.innerWidth;
  for (let node = element.parentElement; node; node = node.parentElement) {
    if (getComputedStyle(node).overflowX === 'visible') continue;
    const box = node.getBoundingClientRect();
    left = Math.max(left, box.left);
    right = Math.min(right, box.right);
    break;
  }
  return { left, right };
}
