/**
 * "Asked for when back in stock" (product §11, decision 0328): how many customers wait for each
 * out-of-stock item, most asked first, as staff write the next order to the distributor. Counts
 * only: who asked stays with the customer. Nothing is shown while no one waits.
 */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { adminClient } from '../common/admin-client';
import { adminKeys } from '../common/admin-keys';
import { dataOrThrow } from '../common/graphql-errors';

export function NotifyDemand() {
  const headingId = useId();
  const demand = useQuery({
    queryKey: adminKeys.notifyDemand(),
    queryFn: async () => dataOrThrow(await adminClient.queries.notifyDemand()),
    staleTime: 60_000,
    retry: false,
  });
  const rows = demand.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section className="notify-demand card" aria-labelledby={headingId}>
      <h2 id={headingId} className="notify-demand__title">
        Asked for when back in stock
      </h2>
      <table className="notify-demand__table">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">In stock</th>
            <th scope="col">Customers waiting</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.itemId}>
              <td>{row.name ?? 'Deleted item'}</td>
              <td>{row.stock ?? 'Not counted'}</td>
              <td>{row.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
