/**
 * A log message drawn from `parseLogMessage`'s safe nodes as React elements (no HTML string, so
 * nothing in a message runs). ANSI tones use the theme's status colours, so they stay readable in
 * light and dark; links open in a new tab without the opener.
 */
import { Fragment, createElement, memo, useMemo, type ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import {
  parseLogMessage,
  type AnsiStyle,
  type AnsiTone,
  type LogNode,
} from '../../lib/log-message';

const FG: Record<AnsiTone, string> = {
  black: 'text-fg-muted',
  red: 'text-unhealthy',
  green: 'text-healthy',
  yellow: 'text-warning',
  blue: 'text-info',
  magenta: 'text-primary',
  cyan: 'text-link',
  white: 'text-fg',
};

const BG: Record<AnsiTone, string> = {
  black: 'bg-surface-sunken',
  red: 'bg-unhealthy-soft',
  green: 'bg-healthy-soft',
  yellow: 'bg-warning-soft',
  blue: 'bg-info-soft',
  magenta: 'bg-primary-soft',
  cyan: 'bg-primary-soft',
  white: 'bg-surface-sunken',
};

function styleClass(style: AnsiStyle): string | undefined {
  const fg = style.inverse ? style.bg : style.fg;
  const bg = style.inverse ? (style.fg ?? 'white') : style.bg;
  return (
    cx(
      fg && FG[fg],
      bg && cx(BG[bg], 'rounded-sm'),
      style.bold && 'font-semibold',
      style.dim && 'opacity-75',
      style.italic && 'italic',
      style.underline && 'underline',
      style.strike && 'line-through',
    ) || undefined
  );
}

function renderNodes(nodes: readonly LogNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.kind) {
      case 'text': {
        const className = styleClass(node.style);
        return className ? (
          <span key={index} className={className}>
            {node.text}
          </span>
        ) : (
          <Fragment key={index}>{node.text}</Fragment>
        );
      }
      case 'break':
        return <br key={index} />;
      case 'link':
        return (
          <a
            key={index}
            href={node.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-link underline underline-offset-2 hover:no-underline"
          >
            {renderNodes(node.children)}
          </a>
        );
      case 'element':
        return createElement(
          node.tag,
          { key: index, className: node.tag === 'code' ? 'font-mono' : undefined },
          ...renderNodes(node.children),
        );
      default:
        return null;
    }
  });
}

export const LogMessageView = memo(function LogMessageView({
  message,
  className,
}: {
  message: string;
  className?: string;
}) {
  const nodes = useMemo(() => parseLogMessage(message), [message]);
  return (
    <span className={cx('font-mono text-xs break-words whitespace-pre-wrap', className)}>
      {renderNodes(nodes)}
    </span>
  );
});
