import { useState } from 'react';
import { usePageHead } from '../../../hooks/use-page-head';
import { usePromotedAdminItems } from '../items/api';
import { usePromotion } from '../items/use-promotion';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { AdminBannerCarousel } from './AdminBannerCarousel';
import { QueryState } from '../common/QueryState';
import { useAdminBanners } from './api';
import { BannerChangerModal } from './BannerChangerModal';
import { PromotedRow } from './PromotedRow';
import '../common/admin.css';
import './admin-portal.css';

/** /admin-portal (product §2 Admin portal home): the banners with Change Banner, and the promoted items. */
export function AdminPortalPage() {
  usePageHead('Admin Portal');
  const banners = useAdminBanners();
  const promoted = usePromotedAdminItems();
  const { toggle, busyIds } = usePromotion();
  const [changing, setChanging] = useState(false);

  return (
    <div className="admin-portal">
      <AdminPageHeader title="Admin Portal" />

      <section className="admin-portal__section" aria-labelledby="portal-banners">
        <div className="admin-portal__section-header">
          <h2 id="portal-banners">Banners</h2>
          <button type="button" className="button" onClick={() => setChanging(true)} disabled={!banners.data}>
            Change Banner
          </button>
        </div>
        <QueryState query={banners} noun="banners">
          <AdminBannerCarousel banners={banners.data ?? []} />
        </QueryState>
      </section>

      <section className="admin-portal__section" aria-labelledby="portal-promoted">
        <div className="admin-portal__section-header">
          <h2 id="portal-promoted">Promotional Items</h2>
          {promoted.data ? <span className="admin-portal__count">{promoted.data.length} promoted</span> : null}
        </div>
        <QueryState
          query={promoted}
          noun="promoted items"
          empty={promoted.data?.length === 0}
          emptyText="No promoted items. Promote items on the Items page."
        >
          <PromotedRow items={promoted.data ?? []} busyIds={busyIds} onDemote={(item) => void toggle(item)} />
        </QueryState>
      </section>

      <BannerChangerModal open={changing} banners={banners.data} onClose={() => setChanging(false)} />
    </div>
  );
}
