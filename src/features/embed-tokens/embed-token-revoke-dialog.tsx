/**
 * Revoke confirmation: the token stops working on the next request of any widget using it. The
 * row stays in the list as Revoked. Cancel has the initial focus.
 */
import { errorMessage } from '../../api/client';
import { useRevokeEmbedToken, type EmbedToken } from '../../api/embed-tokens';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';

export const EMBED_TOKEN_REVOKED_MESSAGE = 'Embed token revoked';

export interface EmbedTokenRevokeDialogProps {
  token: EmbedToken;
  onClose: () => void;
}

export function EmbedTokenRevokeDialog({ token, onClose }: EmbedTokenRevokeDialogProps) {
  const revoke = useRevokeEmbedToken();
  return (
    <Dialog
      open
      onClose={revoke.isPending ? () => undefined : onClose}
      size="sm"
      title="Revoke embed token?"
      description={
        <>
          Widgets using <strong className="font-semibold text-fg">{token.name}</strong> stop showing
          data at their next refresh. This cannot be undone.
        </>
      }
      footer={
        <>
          <Button onClick={onClose} disabled={revoke.isPending} data-autofocus>
            Cancel
          </Button>
          <Button
            variant="danger"
            isLoading={revoke.isPending}
            onClick={() =>
              revoke.mutate(token.id, {
                onSuccess: () => {
                  toast.success(EMBED_TOKEN_REVOKED_MESSAGE);
                  onClose();
                },
              })
            }
          >
            Revoke
          </Button>
        </>
      }
    >
      {revoke.isError ? (
        <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-sm text-danger">
          {errorMessage(revoke.error)}
        </p>
      ) : (
        <p className="text-sm text-fg-muted">
          To replace it, create a new token with the same scope and update the page first.
        </p>
      )}
    </Dialog>
  );
}
