import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { customerAllowance, customerCap, customerCapProblem, heldByItem } from '../../../shared/customer-limits';
import { SPA_ROUTES } from '../../../shared/spa-routes';
import { toast } from '../../lib/signed-in-call';
import { NotifyMe } from './NotifyMe';
import { bottles, mostToChoose, useCustomerId, usePickupList, usePickupSettings, useSetPickupLine } from './pickup-list-api';
import { useMyReservations } from './reservations-api';
import type { PickupItem } from './pickup-item';
import './pickup.css';

/**
 * "Add to pickup list" with a quantity (product §11, decision 0318), for a signed-in customer: on
 * the item page and under each menu card. An item already on the list shows how many and changes
 * the line instead. The server checks the quantity again (security is the server's job).
 */
export default function AddToPickupList({ item, compact = false }: { item: PickupItem; compact?: boolean }) {
  const quantityId = useId();
  const list = usePickupList();
  const settings = usePickupSettings();
  const setLine = useSetPickupLine();
  const userId = useCustomerId();
  const onList = list.data?.lines.find((line) => line.itemId === item.id)?.quantity ?? 0;
  const [chosen, setChosen] = useState<number | null>(null);
  // The customer's caps (decisions 0371, 0374), where the page read the item's limit and shelf (the
  // item page; the menu's cards do not, and the server says so there): less what they already hold.
  const cap = item.shelfStock !== undefined && settings.data ? customerCap(item, settings.data.limits.shareCap) : null;
  const reservations = useMyReservations(cap ? userId : null);
  const held = heldByItem(reservations.data ?? []).get(item.id) ?? 0;
  const allowance = customerAllowance(cap, held);
  const most = mostToChoose(item.stock, settings.data?.limits.maxPerItem ?? 0, allowance);
  const className = compact ? 'pickup-add pickup-add--compact' : 'pickup-add';

  if (item.stock !== null && item.stock !== undefined && item.stock <= 0) {
    return (
      <div className={className}>
        <p className="pickup-add__out">Out of stock: it cannot be reserved now.</p>
        {compact ? null : <NotifyMe item={item} />}
      </div>
    );
  }
  if (!settings.data || !list.data || (cap && reservations.isPending)) {
    return <p className={`${className} pickup-add__loading`}>Loading reserve for pickup…</p>;
  }
  if (most === 0 && allowance === 0)
    return <p className={`${className} pickup-add__capped`}>{customerCapProblem(item.name, cap, held, 1)}</p>;

  const quantity = Math.min(chosen ?? (onList || 1), most);
  const add = async () => {
    const outcome = await setLine.mutateAsync({ itemId: item.id, quantity });
    if (!outcome.ok) return toast('error', outcome.message);
    setChosen(null);
    toast(
      'success',
      onList
        ? `Your pickup list now has ${bottles(quantity)} of ${item.name}`
        : `Added ${bottles(quantity)} of ${item.name} to your pickup list`,
    );
  };
  return (
    <div className={className}>
      <label className="pickup-add__label" htmlFor={quantityId}>
        {compact ? <span className="visually-hidden">Quantity of {item.name}</span> : 'Quantity'}
      </label>
      <select
        id={quantityId}
        className="pickup-add__quantity"
        value={quantity}
        onChange={(event) => setChosen(Number(event.target.value))}
        disabled={setLine.isPending}
      >
        {Array.from({ length: most }, (_, index) => index + 1).map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </select>
      <button
        type="button"
        className={compact ? 'button button--outline pickup-add__button' : 'button pickup-add__button'}
        onClick={() => void add()}
        disabled={setLine.isPending || (onList > 0 && quantity === onList)}
        aria-label={compact ? `${onList ? 'Update pickup list' : 'Add to pickup list'}: ${item.name}` : undefined}
      >
        {setLine.isPending ? 'Saving…' : onList ? 'Update pickup list' : 'Add to pickup list'}
      </button>
      {onList ? (
        <p className="pickup-add__on-list">
          <Link to={SPA_ROUTES.pickupList}>{bottles(onList)} in your pickup list</Link>
        </p>
      ) : null}
    </div>
  );
}
