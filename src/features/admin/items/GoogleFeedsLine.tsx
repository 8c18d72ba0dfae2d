/**
 * One line under the Items header (decision 0379): how many items Google's feeds list and how many
 * they leave out (no valid UPC, no price), counted with the feeds' own rule (shared/google-feeds.ts)
 * from the items this screen loaded, and the two feed URLs Merchant Center fetches.
 */
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { FEED_PATHS, feedPlan, feedSummary } from '../../../../shared/google-feeds';
import { SPA_ROUTES } from '../../../../shared/spa-routes';
import { useAdminShopSettings } from '../settings/api';
import type { AdminItem } from './item-rules';
import './google-feeds-line.css';

export function GoogleFeedsLine({ items }: { items: readonly AdminItem[] | undefined }) {
  const settings = useAdminShopSettings();
  const plan = useMemo(() => (items ? feedPlan(items) : null), [items]);
  if (!plan) return null;
  const origin = window.location.origin;
  const noStoreCode = settings.isSuccess && !settings.data?.googleStoreCode;
  return (
    <p className="google-feeds-line" data-testid="google-feeds-line">
      {feedSummary(plan)}: <a href={`${origin}${FEED_PATHS.products}`}>{`${origin}${FEED_PATHS.products}`}</a>,{' '}
      <a href={`${origin}${FEED_PATHS.localInventory}`}>{`${origin}${FEED_PATHS.localInventory}`}</a>
      {noStoreCode ? (
        <>
          {' '}
          (no rows until the store code is set in <Link to={SPA_ROUTES.adminSettings}>Shop settings</Link>)
        </>
      ) : null}
    </p>
  );
}
