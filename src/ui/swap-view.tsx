/**
 * A view that is replaced as a whole when its `viewKey` changes (e.g. the card grid of another
 * component), with the old view's teardown put off until the new one is on screen.
 *
 * Removing a large view is not free: taking a few thousand elements out of the document costs
 * the browser tens of milliseconds (its layout objects are destroyed with them), and React's own
 * clean-up adds more. Done in the same task as drawing the new view, it delays the new view by
 * that much. Here the old view stays in the document for one more frame, out of the flow, hidden,
 * inert and hidden from assistive technology (it keeps its layout objects, so hiding it costs
 * nothing: `content-visibility: hidden`), and is removed in a task after the new view has been
 * painted.
 */
import { useEffect, useState, type ReactNode } from 'react';

interface Retired {
  key: string;
  content: ReactNode;
}

export function SwapView({
  viewKey,
  className,
  children,
}: {
  viewKey: string;
  className?: string;
  children: ReactNode;
}) {
  // What was drawn last is kept, so that on a new key the old view is drawn again as the very
  // same element (React leaves it as it is).
  const [state, setState] = useState<{ key: string; content: ReactNode; retired: Retired | null }>({
    key: viewKey,
    content: children,
    retired: null,
  });
  // Derived from the previous render: React draws again at once with the new state.
  if (state.key !== viewKey) {
    setState({
      key: viewKey,
      content: children,
      retired: { key: state.key, content: state.content },
    });
  } else if (state.content !== children) {
    setState({ ...state, content: children });
  }
  const retired = state.retired;
  useEffect(() => {
    if (!state.retired) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the next frame has been painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        setState((current) => (current.retired ? { ...current, retired: null } : current));
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [state.retired]);

  return (
    <>
      {retired && retired.key !== viewKey ? (
        <div
          key={retired.key}
          inert
          aria-hidden="true"
          data-retired=""
          className="absolute inset-x-0 top-0 h-0 overflow-hidden [content-visibility:hidden]"
        >
          {retired.content}
        </div>
      ) : null}
      <div key={viewKey} className={className}>
        {children}
      </div>
    </>
  );
}
