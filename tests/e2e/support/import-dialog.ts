/**
 * Import CSV on /admin-items with a file chosen (decisions 0257 and 0365): the dialog goes on to
 * its mapping step ("Match the columns"), or says why the file cannot be read.
 */
import type { Page } from '@playwright/test';

export interface CsvUpload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export async function chooseImportFile(page: Page, file: CsvUpload): Promise<void> {
  await page.goto('/admin-items');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await page.getByRole('dialog', { name: 'Import items from CSV' }).getByLabel('CSV file').setInputFiles(file);
}
