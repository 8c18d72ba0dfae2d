/**
 * Export CSV on /admin-items (decision 0256): every item (not only those the search shows), read
 * fresh, with the categories' tags, saved as items-YYYY-MM-DD.csv.
 */
import { useState } from 'react';
import { newYorkTime } from '../../../../shared/shop-hours';
import { notify } from '../../../lib/notify';
import { queryClient } from '../../../lib/query-client';
import { saveTextFile } from '../../../lib/save-file';
import { adminItemsQuery, tagGroupsQuery } from './api';
import { itemsCsvFileName, itemsToCsv } from './items-csv';

export function ExportItemsButton() {
  const [busy, setBusy] = useState(false);
  const exportItems = async () => {
    setBusy(true);
    try {
      const [items, groups] = await Promise.all([queryClient.fetchQuery(adminItemsQuery()), queryClient.fetchQuery(tagGroupsQuery())]);
      saveTextFile(
        itemsCsvFileName(newYorkTime(new Date()).date),
        itemsToCsv(items, groups, window.location.origin),
        'text/csv;charset=utf-8',
      );
      notify.success(`${items.length} ${items.length === 1 ? 'item' : 'items'} exported`);
    } catch {
      // The failed load has been toasted where every admin load is (its query's loadFailedMessage).
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button--ghost" onClick={() => void exportItems()} disabled={busy} aria-busy={busy || undefined}>
      Export CSV
    </button>
  );
}
