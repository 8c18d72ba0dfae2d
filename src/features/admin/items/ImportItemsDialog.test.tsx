import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as amplify from '../../../lib/amplify';
import { ITEM_MESSAGES } from '../../../../shared/item-rules';
import { MESSAGES } from '../../../../shared/messages';
import { IMPORT_MESSAGES, planItemImport, type ImportCatalogue, type ItemImportRow } from '../../../../shared/item-import';
import { findToast, renderWithApp } from '../../../test/render';
import { ImportItemsDialog } from './ImportItemsDialog';
import type { TagGroup } from './tag-groups';
import { IMPORT_UI_MESSAGES } from './use-item-import';

const CATALOGUE: ImportCatalogue = {
  items: [{ id: 'merlot', updatedAt: '2026-11-01T00:00:00.000Z', name: 'Half Moon Merlot', price: 18, upc: '0001', tags: ['wine'] }],
  categories: [
    { id: 'department', name: 'Department' },
    { id: 'region', name: 'Region' },
  ],
  tags: [
    { id: 'wine', name: 'Wine', categoryId: 'department' },
    { id: 'liquor', name: 'Liquor', categoryId: 'department' },
    { id: 'extras', name: 'Extras', categoryId: 'department' },
    { id: 'tag-france', name: 'France', categoryId: 'region' },
  ],
};
const GROUPS: TagGroup[] = CATALOGUE.categories.map((category) => ({
  ...category,
  tags: CATALOGUE.tags.filter((tag) => tag.categoryId === category.id).map(({ id, name }) => ({ id, name })),
}));

// The network boundary: each chunk of the check and of the import, answered as the server answers
// it, with the import plan the server makes (shared/item-import.ts) of the catalogue above.
const api = vi.hoisted(() => ({ importItems: vi.fn() }));
vi.mock('../../../lib/amplify', async (importOriginal) => ({
  ...(await importOriginal<typeof amplify>()),
  client: { mutations: api },
}));
function answerAsTheServer({ rows, apply }: { rows: ItemImportRow[]; apply: boolean }) {
  const { outcomes, problems, warnings } = planItemImport(rows, CATALOGUE, new Set());
  const applied = apply && problems.length === 0;
  return Promise.resolve({
    data: { applied, outcomes, problems, warnings, appliedRows: applied ? rows.map((row) => row.row) : [], failure: null, unknownUpcs: [] },
  });
}

beforeEach(() => {
  api.importItems.mockReset();
  api.importItems.mockImplementation(answerAsTheServer);
});

function renderImport() {
  const onClose = vi.fn();
  const view = renderWithApp(<ImportItemsDialog groups={GROUPS} onClose={onClose} />, { url: '/admin-items', session: 'admin' });
  const choose = (lines: string[]) =>
    view.user.upload(screen.getByLabelText('CSV file'), new File([`\uFEFF${lines.join('\r\n')}`], 'items.csv', { type: 'text/csv' }));
  return { ...view, onClose, choose };
}

const dialogNamed = (name: string) => screen.getByRole('dialog', { name });
/** A table's body rows, each as its cells' text joined by spaces. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .join(' '),
    );

describe('Import CSV', () => {
  it('says what is wrong with the file itself before anything is sent', async () => {
    const { choose } = renderImport();
    await choose(['Name,Price']);
    expect(await within(dialogNamed('Import items from CSV')).findByText(IMPORT_UI_MESSAGES.noRows)).toBeTruthy();

    await choose(['Name,Price', 'Merlot,12', '"Rosé,9']);
    expect(await within(dialogNamed('Import items from CSV')).findByText('Row 3 has a quote that is never closed')).toBeTruthy();
    expect(api.importItems).not.toHaveBeenCalled();
  });

  it('guesses each column from its name, and asks for at least one', async () => {
    const { user, choose } = renderImport();
    await choose(['Title,Retail,Barcode,Notes', 'Merlot,12,0002,Soft']);
    const mapping = await screen.findByRole('dialog', { name: 'Match the columns' });
    const column = (name: RegExp) => within(mapping).getByLabelText<HTMLSelectElement>(name);
    expect([column(/^Title/), column(/^Retail/), column(/^Barcode/), column(/^Notes/)].map((select) => select.value)).toEqual([
      'field:name',
      'field:price',
      'field:upc',
      '',
    ]);
    // A target already taken is offered to no other column.
    const taken = within(column(/^Notes/)).getByRole<HTMLOptionElement>('option', { name: 'Name' });
    expect(taken.disabled).toBe(true);

    for (const name of [/^Title/, /^Retail/, /^Barcode/]) await user.selectOptions(column(name), 'Leave out');
    await user.click(within(mapping).getByRole('button', { name: 'Check 1 rows' }));
    expect(within(mapping).getByRole('alert').textContent).toBe(IMPORT_UI_MESSAGES.nothingMapped);
    expect(api.importItems).not.toHaveBeenCalled();
  });

  it('lists every problem by row and column, marks those rows, and imports nothing until the file is right', async () => {
    const { user, choose } = renderImport();
    await choose(['Title,Retail,Barcode,Department', 'Pinot Noir,24.50,,Wine', ',twelve,0002,Beer', 'Riesling,15,0002,Wine']);
    const mapping = await screen.findByRole('dialog', { name: 'Match the columns' });
    await user.click(within(mapping).getByRole('button', { name: 'Check 3 rows' }));

    const review = await screen.findByRole('dialog', { name: 'Check the import' });
    expect(within(review).getByRole('status').textContent).toBe(
      '5 problems to fix in the file; nothing is imported until every row is right.',
    );
    expect(rowsOf(within(review).getByRole('table', { name: 'Problems' }))).toEqual([
      `3 Department ${IMPORT_MESSAGES.unknownTag('Beer', 'Department')}`,
      `3 Department ${MESSAGES.requiredTags}`,
      `3 Name ${ITEM_MESSAGES.missingRequired}`,
      `3 Price ${ITEM_MESSAGES.invalidPrice}`,
      `4 UPC ${IMPORT_MESSAGES.repeatedUpc(3)}`,
    ]);
    expect(rowsOf(within(review).getByRole('table', { name: 'Rows' }))).toEqual([
      '2 Pinot Noir  New item',
      '3  0002 Problem',
      '4 Riesling 0002 Problem',
    ]);
    expect(within(review).getByRole<HTMLButtonElement>('button', { name: 'Import 3 rows' }).disabled).toBe(true);
    // Checked as a dry run, the rows as mapped.
    expect(api.importItems).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({
        apply: false,
        rows: [
          { row: 2, name: 'Pinot Noir', price: '24.50', upc: '', tags: [{ categoryId: 'department', names: 'Wine' }] },
          { row: 3, name: '', price: 'twelve', upc: '0002', tags: [{ categoryId: 'department', names: 'Beer' }] },
          { row: 4, name: 'Riesling', price: '15', upc: '0002', tags: [{ categoryId: 'department', names: 'Wine' }] },
        ],
      }),
      expect.objectContaining({ authMode: 'lambda' }),
    );

    // Back to the columns and to the file: a file without the problems checks clean.
    await user.click(within(review).getByRole('button', { name: 'Back' }));
    await user.click(within(dialogNamed('Match the columns')).getByRole('button', { name: 'Back' }));
    await choose(['Title,Retail,Barcode,Department', 'Pinot Noir,24.50,,Wine', 'Half Moon Merlot,19,0001,Wine']);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Match the columns' })).getByRole('button', { name: 'Check 2 rows' }),
    );
    expect(within(await screen.findByRole('dialog', { name: 'Check the import' })).getByRole('status').textContent).toBe(
      'Ready: 1 item created, 1 updated, 0 unchanged.',
    );
  });

  it('imports a checked file, says so and closes', async () => {
    const { user, choose, onClose } = renderImport();
    await choose(['Name,Price,UPC,Department', 'Pinot Noir,24.50,,Wine', 'Half Moon Merlot,19,0001,Wine']);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Match the columns' })).getByRole('button', { name: 'Check 2 rows' }),
    );
    const review = await screen.findByRole('dialog', { name: 'Check the import' });
    expect(rowsOf(within(review).getByRole('table', { name: 'Rows' }))).toEqual([
      '2 Pinot Noir  New item',
      '3 Half Moon Merlot 0001 Update',
    ]);
    await user.click(within(review).getByRole('button', { name: 'Import 2 rows' }));

    await findToast('Success', 'Import done: 1 item created, 1 updated, 0 unchanged');
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(api.importItems).toHaveBeenLastCalledWith(expect.objectContaining({ apply: true }), expect.anything());
  });
});
