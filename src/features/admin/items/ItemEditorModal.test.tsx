import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ITEM_FACT_MESSAGES } from '../../../../shared/item-facts';
import { MESSAGES } from '../../../../shared/messages';
import { SALE_MESSAGES, saleThreshold } from '../../../../shared/sale-rule';
import { findToast, renderWithApp } from '../../../test/render';
import { adminKeys } from '../common/admin-keys';
import { ITEM_MESSAGES, type AdminItem } from './item-rules';
import { ItemEditorModal } from './ItemEditorModal';
import type { TagGroup } from './tag-groups';
import { adminItem } from './test-items';

// Every refusal here is the editor's own, made before anything is sent: nothing is mocked, and
// the test set-up refuses any request (a save that got as far as the network would fail there).

const TAG_GROUPS: TagGroup[] = [
  {
    id: 'department',
    name: 'Department',
    tags: [
      { id: 'wine', name: 'Wine' },
      { id: 'liquor', name: 'Liquor' },
      { id: 'extras', name: 'Extras' },
    ],
  },
  {
    id: 'region',
    name: 'Region',
    tags: [
      { id: 'tag-france', name: 'France' },
      { id: 'tag-italy', name: 'Italy' },
    ],
  },
];

const MERLOT = adminItem({ id: 'merlot', name: 'Half Moon Merlot', price: 18, description: 'Soft.', tags: ['wine', 'tag-italy'] });

/** The items page's two ways in: Add Item, and an item's Edit. */
function ItemsPage({ item }: { item: AdminItem }) {
  const [open, setOpen] = useState<AdminItem | 'new' | null>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen('new')}>
        Add Item
      </button>
      <button type="button" onClick={() => setOpen(item)}>
        Edit {item.name}
      </button>
      <ItemEditorModal open={open !== null} item={open === 'new' ? null : open} onClose={() => setOpen(null)} />
    </>
  );
}

function renderEditor() {
  const view = renderWithApp(<ItemsPage item={MERLOT} />, {
    url: '/admin-items',
    session: 'admin',
    data: [[adminKeys.tagGroups(), TAG_GROUPS]],
  });
  const open = async (button: string) => {
    await view.user.click(screen.getByRole('button', { name: button }));
    return screen.getByRole('dialog', { name: 'Item Editor' });
  };
  return { ...view, open };
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText<HTMLInputElement>(label, { exact: true });
const tagBox = (dialog: HTMLElement, group: string, tag: string) =>
  within(within(dialog).getByRole('group', { name: group })).getByRole<HTMLInputElement>('checkbox', { name: tag });
/** The editor's own error line (toasts are inert behind a modal, so the dialog says it too). */
const errorLine = (dialog: HTMLElement) => within(dialog).getByRole('alert');
const focused = (element: HTMLElement) => waitFor(() => expect(document.activeElement).toBe(element));

describe('the Item Editor', () => {
  it('says what a new item is missing, in the order of product §5, on the field concerned', async () => {
    const { user, open } = renderEditor();
    const dialog = await open('Add Item');
    await focused(field(dialog, 'Name'));
    const save = () => user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // No department tag: none at all, then only a region.
    await save();
    await findToast('Error', MESSAGES.requiredTags);
    expect(errorLine(dialog).textContent).toBe(MESSAGES.requiredTags);
    expect(within(dialog).getByRole('group', { name: 'Tags' }).getAttribute('aria-invalid')).toBe('true');
    await focused(tagBox(dialog, 'Department', 'Wine'));
    await user.click(tagBox(dialog, 'Region', 'France'));
    await save();
    expect(errorLine(dialog).textContent).toBe(MESSAGES.requiredTags);

    // A department; then the name, the price and the image in turn.
    await user.click(tagBox(dialog, 'Department', 'Wine'));
    expect(within(dialog).getByRole('button', { name: 'Remove Wine' })).toBeTruthy();
    await save();
    await findToast('Error', ITEM_MESSAGES.missingRequired);
    expect(field(dialog, 'Name').getAttribute('aria-invalid')).toBe('true');
    await focused(field(dialog, 'Name'));

    await user.type(field(dialog, 'Name'), 'Half-made Merlot');
    expect(field(dialog, 'Name').getAttribute('aria-invalid')).toBeNull();
    await save();
    expect(field(dialog, 'Price ($)').getAttribute('aria-invalid')).toBe('true');
    await focused(field(dialog, 'Price ($)'));

    await user.type(field(dialog, 'Price ($)'), 'twelve');
    await save();
    await findToast('Error', ITEM_MESSAGES.invalidPrice);
    expect(errorLine(dialog).textContent).toBe(ITEM_MESSAGES.invalidPrice);

    await user.clear(field(dialog, 'Price ($)'));
    await user.type(field(dialog, 'Price ($)'), '12.50');
    await user.type(field(dialog, 'Description'), 'Soft and round.');
    await save();
    await focused(field(dialog, 'Image'));
    expect(field(dialog, 'Image').accept).toBe('image/jpeg,image/png,image/webp');
    expect(errorLine(dialog).textContent).toBe(ITEM_MESSAGES.missingRequired);
  });

  it('refuses facts that are not facts, each on its own field', async () => {
    const { user, open } = renderEditor();
    const dialog = await open(`Edit ${MERLOT.name}`);
    const save = () => user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await user.type(field(dialog, 'ABV (%)'), 'strong');
    await save();
    expect(errorLine(dialog).textContent).toBe(ITEM_FACT_MESSAGES.abv);
    await focused(field(dialog, 'ABV (%)'));
    expect(field(dialog, 'ABV (%)').getAttribute('aria-invalid')).toBe('true');

    // Fixing it takes the message away: every rule is met again.
    await user.clear(field(dialog, 'ABV (%)'));
    await user.type(field(dialog, 'ABV (%)'), '13.5');
    expect(errorLine(dialog).textContent).toBe('');

    await user.type(field(dialog, 'Vintage'), 'old');
    await save();
    expect(errorLine(dialog).textContent).toBe(ITEM_FACT_MESSAGES.vintage());
    await focused(field(dialog, 'Vintage'));
  });

  it('in edit mode only the department rule applies to the tags, and a Sale the law does not allow is refused', async () => {
    const { user, open } = renderEditor();
    const dialog = await open(`Edit ${MERLOT.name}`);
    expect(field(dialog, 'Name').value).toBe(MERLOT.name);
    expect(within(dialog).getByText(`Editing ${MERLOT.name}`)).toBeTruthy();

    await user.click(tagBox(dialog, 'Department', 'Wine'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(errorLine(dialog).textContent).toBe(MESSAGES.requiredTags);

    await user.click(tagBox(dialog, 'Department', 'Wine'));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Sale/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const refusal = SALE_MESSAGES.noHistory(saleThreshold([], new Date()).months);
    await findToast('Error', refusal);
    expect(errorLine(dialog).textContent).toBe(refusal);
  });

  it('removing a chip unticks its tag; Cancel and Escape drop every change, and the focus goes back', async () => {
    const { user, open } = renderEditor();
    let dialog = await open('Add Item');
    await user.type(field(dialog, 'Name'), 'Never Saved');
    await user.click(tagBox(dialog, 'Department', 'Wine'));
    await user.click(tagBox(dialog, 'Region', 'France'));
    await user.click(within(dialog).getByRole('button', { name: 'Remove Wine' }));
    expect(tagBox(dialog, 'Department', 'Wine').checked).toBe(false);
    expect(tagBox(dialog, 'Region', 'France').checked).toBe(true);
    expect(within(dialog).getByRole('list', { name: 'Selected tags' }).textContent).toBe('France');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add Item' }));

    dialog = await open('Add Item');
    expect(field(dialog, 'Name').value).toBe('');
    expect(tagBox(dialog, 'Region', 'France').checked).toBe(false);
    expect(within(dialog).getByText('No tags selected.')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
