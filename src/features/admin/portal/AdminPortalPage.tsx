import { useState } from 'react';
import { Spinner } from '../../../components/ui/Spinner';
import { usePageHead } from '../../../hooks/use-page-head';
import { usePromotedAdminItems } from '../items/api';
import { usePromotion } from '../items/use-promotion';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { AdminBannerCarousel } from './AdminBannerCarousel';
import { BANNER_MESSAGES, useAdminBanners } from './api';
import { BannerChangerModal } from './BannerChangerModal';
import { PromotedRow } from './PromotedRow';
import '../common/admin.css';
import './admin-portal.css';

/** /admin-portal (SPEC §2 Admin portal home): the banners with Change Banner, and the promoted items. */
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
        {banners.isPending ? (
          <Spinner label="Loading banners" />
        ) : banners.isError ? (
          <div className="admin-empty">
            <p>{BANNER_MESSAGES.loadError}</p>
            <button type="button" className="button button--ghost" onClick={() => void banners.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <AdminBannerCarousel banners={banners.data} />
        )}
      </section>

      <section className="admin-portal__section" aria-labelledby="portal-promoted">
        <div className="admin-portal__section-header">
          <h2 id="portal-promoted">Promotional Items</h2>
          {promoted.data ? <span className="admin-portal__count">{promoted.data.length} promoted</span> : null}
        </div>
        {promoted.isPending ? (
          <Spinner label="Loading promoted items" />
        ) : promoted.isError ? (
          <div className="admin-empty">
            <p>The promoted items could not be loaded.</p>
            <button type="button" className="button button--ghost" onClick={() => void promoted.refetch()}>
              Try again
            </button>
          </div>
        ) : promoted.data.length === 0 ? (
          <p className="admin-empty">No promoted items. Promote items on the Items page.</p>
        ) : (
          <PromotedRow items={promoted.data} busyIds={busyIds} onDemote={(item) => void toggle(item)} />
        )}
      </section>

      <BannerChangerModal open={changing} banners={banners.data} onClose={() => setChanging(false)} />
    </div>
  );
}
