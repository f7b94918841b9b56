/**
 * 'Attach as Evidence' with its dialog, for any subject. The dialog's code (with Create New
 * Incident) is its own chunk: fetched when the pointer or focus comes to the button, or on the
 * press, so the pages that offer the button do not carry it on their first load (issue 18).
 */
import { useState, type ReactNode } from 'react';
import { Button } from '../../ui/button';
import { lazyComponent } from '../../ui/lazy-component';
import { useEvidenceAuthor } from './attach-evidence';
import type { AttachEvidenceDialogProps } from './attach-evidence-dialog';

const AttachEvidenceDialog = lazyComponent(() =>
  import('./attach-evidence-dialog').then((module) => module.AttachEvidenceDialog),
);

export interface AttachEvidenceButtonProps extends Omit<
  AttachEvidenceDialogProps,
  'userId' | 'onClose'
> {
  size?: 'sm' | 'md';
  icon?: ReactNode;
}

/**
 * Renders nothing when the person may not attach (spec doc 2 §6: write on incident, incidents
 * enabled, signed in).
 */
export function AttachEvidenceButton({ size, icon, ...dialog }: AttachEvidenceButtonProps) {
  const author = useEvidenceAuthor();
  const [open, setOpen] = useState(false);
  if (!author) return null;
  return (
    <>
      <Button
        size={size}
        icon={icon}
        onPointerEnter={AttachEvidenceDialog.preload}
        onFocus={AttachEvidenceDialog.preload}
        onClick={() => setOpen(true)}
      >
        Attach as Evidence
      </Button>
      {open ? (
        <AttachEvidenceDialog {...dialog} userId={author} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
