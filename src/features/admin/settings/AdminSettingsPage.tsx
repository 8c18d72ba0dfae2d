/**
 * Shop settings (decision 0190): the shop's name, address, phone, e-mail and map link, its weekly
 * opening hours and its special dates (and the tasting rules, decision 0350), shown on /home, /aboutus and every public page's footer.
 * Hours New York does not allow a package store are refused here, beside the day, and by the
 * server (the same rules, shared/shop-hours-rules.ts).
 */
import { useEffect, useState } from 'react';
import { shop, shopAddressLine } from '../../../../shared/shop';
import { usePageHead } from '../../../hooks/use-page-head';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { QueryState } from '../common/QueryState';
import '../common/admin.css';
import { useAdminShopSettings } from './api';
import { formOf, type SettingsForm } from './settings-form';
import {
  PriceFilterSection,
  ReservingSection,
  ShopDetailsSection,
  SpecialDatesSection,
  TastingRulesSection,
  TillFeedSection,
  GoogleFeedsSection,
  WeeklyHoursSection,
} from './SettingsSections';
import { useSettingsEditor } from './use-settings-editor';
import './admin-settings.css';

const FALLBACK = { name: shop.name, address: shopAddressLine, phone: shop.phone, email: shop.email };

interface SettingsEditorProps {
  initial: SettingsForm;
  exists: boolean;
}

/** The form: its state and Save are use-settings-editor.ts, its cards SettingsSections.tsx. */
function SettingsEditor({ initial, exists }: SettingsEditorProps) {
  const editor = useSettingsEditor(initial, exists);
  const { form, problems, saving } = editor;
  return (
    <form className="settings-form" noValidate onSubmit={(event) => void editor.onSubmit(event)}>
      <ShopDetailsSection form={form} problems={problems} set={editor.set} />
      <WeeklyHoursSection form={form} problems={problems} setDay={editor.setDay} />
      <SpecialDatesSection
        form={form}
        problems={problems}
        setSpecial={editor.setSpecial}
        addSpecial={editor.addSpecial}
        removeSpecial={editor.removeSpecial}
      />
      <PriceFilterSection form={form} problems={problems} set={editor.set} />
      <TastingRulesSection form={form} problems={problems} set={editor.set} />
      <ReservingSection form={form} problems={problems} set={editor.set} />
      <TillFeedSection form={form} problems={problems} set={editor.set} />
      <GoogleFeedsSection form={form} problems={problems} set={editor.set} />
      <div className="settings-actions">
        <p className="admin-form-error" role="alert">
          {editor.formError}
        </p>
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}

export function AdminSettingsPage() {
  usePageHead('Shop settings · Admin');
  const { data, isPending, isError, refetch } = useAdminShopSettings();
  const [initial, setInitial] = useState<SettingsForm | null>(null);
  useEffect(() => {
    if (!isPending && !isError) setInitial(formOf(data, FALLBACK));
    // Only the first answer fills the form: a refetch after Save must not undo what is typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isPending, isError]);
  // The form waits for its first values (set just after the answer arrives).
  const loading = isPending || (!isError && !initial);
  return (
    <>
      <AdminPageHeader title="Shop settings" />
      <QueryState query={{ isPending: loading, isError, refetch }} noun="shop settings">
        {initial ? <SettingsEditor initial={initial} exists={data !== null} /> : null}
      </QueryState>
    </>
  );
}
