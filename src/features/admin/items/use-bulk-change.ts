/**
 * Runs a bulk action on the selected items (decision 0255): plans it (bulk-change.ts), writes it
 * (each write only if the item is unchanged since listed) and says how it went in one toast.
 * Resolves with the ids to keep selected: the items it did not change (stale, failed or kept by
 * an item rule), so the admin can look at them again. While it runs, `progress` says how many of
 * its writes have settled (it holds still while the server asks the writes to wait).
 */
import { useState } from 'react';
import { SessionEndedError } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { useItemWrites } from './api';
import { bulkSummary, planBulkChange, type BulkAction } from './bulk-change';
import type { AdminItem } from './item-rules';

export function useBulkChange() {
  const { bulk } = useItemWrites();
  const [progress, setProgress] = useState<{ settled: number; total: number } | null>(null);
  const apply = async (action: BulkAction, items: readonly AdminItem[]): Promise<string[]> => {
    const plan = planBulkChange(items, action);
    const total = plan.writes.length;
    setProgress({ settled: 0, total });
    try {
      const outcome = await bulk.mutateAsync({ writes: plan.writes, onProgress: (settled) => setProgress({ settled, total }) });
      const summary = bulkSummary(action, plan, outcome);
      if (summary.ok) notify.success(summary.message);
      else notify.error(summary.message);
      return [...outcome.notWritten, ...plan.refused.map(({ id }) => id)];
    } catch (error) {
      // The admin client has said that the session ended; the list reloads as it was left.
      if (!(error instanceof SessionEndedError)) notify.error('The change could not be saved. Please try again.');
      return items.map(({ id }) => id);
    } finally {
      setProgress(null);
    }
  };
  return { apply, running: bulk.isPending, progress };
}
