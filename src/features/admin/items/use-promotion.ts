import { useState } from 'react';
import { SessionEndedError } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { userFacingMessage } from '../common/graphql-errors';
import { useItemWrites } from './api';
import { ITEM_MESSAGES, type AdminItem } from './item-rules';

/**
 * Promote and Demote (product §4 promotion), persisted: 'Item Updated' or 'Error Updating Item'.
 * `busyIds` holds the items being changed, so their button can be disabled meanwhile.
 */
export function usePromotion() {
  const { promote } = useItemWrites();
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());

  const toggle = async (item: AdminItem): Promise<AdminItem | null> => {
    setBusyIds((ids) => new Set(ids).add(item.id));
    try {
      const updated = await promote.mutateAsync({ id: item.id, promoted: !item.promoted });
      notify.success(ITEM_MESSAGES.updated);
      return updated;
    } catch (error) {
      if (!(error instanceof SessionEndedError)) notify.error(userFacingMessage(error, ITEM_MESSAGES.updateError));
      return null;
    } finally {
      setBusyIds((ids) => {
        const next = new Set(ids);
        next.delete(item.id);
        return next;
      });
    }
  };

  return { toggle, busyIds };
}
