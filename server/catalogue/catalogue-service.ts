/**
 * Catalogue changes that land whole or not at all: the banner set, the order of categories and
 * of tags, and a category with its tags. The service reads, plans the writes, and hands them to a
 * CatalogueStore that applies them together: one SQLite transaction locally, one DynamoDB
 * transaction in the cloud (amplify/functions/common/dynamo-catalogue.ts). Each update and delete
 * names the record's updatedAt as read, so a record changed in between fails the whole change.
 */
import { createHash } from 'node:crypto';
import type { ModelStore } from '../db/model-store';
import type { ModelRecord } from '../model/model-writes';
import { AppError, validationError } from '../errors';
import { ERROR_TYPES } from '../../shared/error-types';
import { DEPARTMENT_CATEGORY_ID } from '../../shared/catalogue';
import {
  importedImagePaths,
  IMPORT_MESSAGES,
  MAX_IMPORT_ROWS,
  planItemImport,
  type ImportCatalogue,
  type ItemImportRow,
  type ImportProblem,
  type PlannedWrite,
  type RowOutcome,
} from '../../shared/item-import';
import { runLimited } from '../../shared/run-limited';
import { completeItemWrite } from './price-history';
import { CHUNK_MESSAGES, chunkBytes, IMPORT_CHUNK_ROWS, IMPORT_ID_PATTERN, MAX_CHUNK_BYTES } from '../../shared/import-chunks';
import { timeForAnotherBatch, type RemainingTime } from '../../shared/work-deadline';
import { planStockImport, STOCK_IMPORT_MESSAGES, stockRowOtherFields, type StockPlan } from '../../shared/stock-import';
import { GUARD_MESSAGES, isUploadedImage, MAX_BANNER_DESCRIPTION, type ImageLookup } from './model-guards';

export { MAX_BANNER_DESCRIPTION };

export const MAX_BANNERS = 20;

/**
 * The banners' descriptions, parallel to `count` images: each trimmed, an empty one null.
 * Null or undefined means none at all.
 */
export function bannerDescriptions(descriptions: readonly unknown[] | null | undefined, count: number): Array<string | null> {
  if (descriptions == null) return Array.from({ length: count }, () => null);
  if (!Array.isArray(descriptions) || descriptions.length !== count) {
    throw validationError('Give one description per banner image (or none at all)');
  }
  return descriptions.map((description, index) => {
    if (description == null) return null;
    if (typeof description !== 'string') throw validationError(`The description of banner ${index + 1} must be text`);
    const text = description.trim();
    if (text.length > MAX_BANNER_DESCRIPTION) {
      throw validationError(`The description of banner ${index + 1} is too long (at most ${MAX_BANNER_DESCRIPTION} characters)`);
    }
    return text || null;
  });
}

export type CatalogueWrite =
  /** `id`: a chosen id (an import's, decision 0306); the create fails as a stale edit when a record has it. */
  | { op: 'create'; model: string; fields: Record<string, unknown>; id?: string }
  | { op: 'update'; model: string; id: string; fields: Record<string, unknown>; expectUpdatedAt: string }
  | { op: 'delete'; model: string; id: string; expectUpdatedAt: string };

export interface CatalogueStore {
  /** The most writes one commit can take (DynamoDB: 100 per transaction); a larger change goes in several. */
  readonly maxWritesPerCommit: number;
  /** Every record of a model, or those whose `where.field` equals `where.value`. */
  all(model: string, where?: { field: string; value: string }): ModelRecord[] | Promise<ModelRecord[]>;
  /**
   * The items an import's chunk can touch: those carrying one of its UPCs, and those with one of
   * the ids its new rows would get. A store that cannot pick them out cheaply omits it, and the
   * chunk reads every item (DynamoDB scans either way).
   */
  itemsForImport?(upcs: readonly string[], ids: readonly string[]): ModelRecord[] | Promise<ModelRecord[]>;
  get(model: string, id: string): ModelRecord | null | Promise<ModelRecord | null>;
  /**
   * Applies the writes all or none and returns the records as written (a deleted one as it was).
   * A record whose updatedAt is no longer the expected one fails it with `conditionFailed()`
   * (errorType DynamoDB:ConditionalCheckFailedException).
   */
  commit(writes: CatalogueWrite[]): ModelRecord[] | Promise<ModelRecord[]>;
}

/** What an import did or would do (the ItemImportReport of the schema). */
export interface ItemImportReport {
  applied: boolean;
  outcomes: RowOutcome[];
  problems: ImportProblem[];
  /** Rows imported otherwise than the file says (a negative quantity as 0). */
  warnings: ImportProblem[];
  /** The rows written, in the file's order. */
  appliedRows: number[];
  /**
   * Why the rest was not written: a commit after the first failed (the cloud's batches), or the
   * time ran short before a batch (decision 0307; then possibly with nothing written).
   */
  failure: string | null;
  /** A stock file's UPCs that no item has (decision 0296); empty for an item import. */
  unknownUpcs: string[];
}

/**
 * Lets requests that arrived meanwhile run: each step of a 5,000-row import holds the event loop
 * for tens of milliseconds (npm run bench -- import), so a visitor waits for one step, not all.
 */
const letOthersRun = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Image lookups an import runs at once (S3 HEAD requests in the cloud). */
const IMAGE_LOOKUPS_AT_ONCE = 16;
/** How often a stock file's batch is worked out again when reservations changed its items meanwhile. */
const STOCK_FILE_ATTEMPTS = 8;

interface ImportBatchParts {
  importId: string;
  stockOnly: boolean;
  /** What a write stores, from the item as last read (`byId`). */
  stored: (write: PlannedWrite) => Record<string, unknown>;
  byId: Map<string, ModelRecord>;
}

const byIndex = (a: ModelRecord, b: ModelRecord) => Number(a.index ?? 0) - Number(b.index ?? 0);

/** One chunk of an import (shared/import-chunks.ts, decision 0306). */
export interface ItemImportChunk {
  importId: string;
  /** The position of the chunk's first row in the file's rows. */
  offset: number;
  rows: readonly ItemImportRow[];
  apply: boolean;
  /** A stock file from the till (decision 0296). */
  stockOnly: boolean;
}

/**
 * The id of the item an import's row creates: the same for the same import and row, so a chunk
 * sent again finds its items made and makes none twice (decision 0306). UUID-shaped, as others.
 */
export function importedItemId(importId: string, row: number): string {
  const hex = createHash('sha256').update(`${importId}:${row}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Refuses a chunk the API must not take: a forged id, an offset out of the file, too many rows or bytes. */
function checkChunk({ importId, offset, rows }: ItemImportChunk): void {
  if (typeof importId !== 'string' || !IMPORT_ID_PATTERN.test(importId)) throw validationError(CHUNK_MESSAGES.importId);
  if (!Number.isInteger(offset) || offset < 0 || offset >= MAX_IMPORT_ROWS) throw validationError(CHUNK_MESSAGES.offset);
  if (!Array.isArray(rows) || rows.length === 0) throw validationError(IMPORT_MESSAGES.noRows);
  if (rows.length > IMPORT_CHUNK_ROWS) throw validationError(CHUNK_MESSAGES.tooManyRows);
  if (new Set(rows.map((row: ItemImportRow) => row.row)).size !== rows.length) throw validationError(CHUNK_MESSAGES.repeatedRow);
  if (chunkBytes(rows) > MAX_CHUNK_BYTES) throw validationError(CHUNK_MESSAGES.tooManyBytes);
}

export class CatalogueService {
  constructor(
    private readonly store: CatalogueStore,
    private readonly media: ImageLookup,
    private readonly now: () => number = Date.now,
  ) {}

  private stockWritten: ((itemIds: string[]) => Promise<unknown>) | null = null;

  /** Who hears of the items an applied import or stock file left in stock ("notify me", decision 0328); it must not throw. */
  whenStockWritten(listener: (itemIds: string[]) => Promise<unknown>): void {
    this.stockWritten = listener;
  }

  /** Every record of a model (or those with `where`), as stored now: what the activity log compares a change with. */
  async records(model: string, where?: { field: string; value: string }): Promise<ModelRecord[]> {
    return this.store.all(model, where);
  }

  async replaceBanners(images: string[], descriptions?: readonly unknown[] | null): Promise<ModelRecord[]> {
    if (images.length > MAX_BANNERS) throw validationError(`At most ${MAX_BANNERS} banners`);
    const described = bannerDescriptions(descriptions, images.length);
    for (const image of images) {
      if (!(await isUploadedImage(this.media, image))) {
        throw validationError('Each banner must be an uploaded image');
      }
    }
    const writes: CatalogueWrite[] = (await this.store.all('Banner')).map((banner) => ({
      op: 'delete',
      model: 'Banner',
      id: banner.id,
      expectUpdatedAt: banner.updatedAt,
    }));
    const created = images.map((img, index): CatalogueWrite => ({
      op: 'create',
      model: 'Banner',
      fields: { img, index, description: described[index] },
    }));
    // createBanner has no cap, so the old set can outgrow one commit (DynamoDB: 100 writes). The
    // old banners that do not fit beside the new ones go first, in commits of their own; the rest
    // are replaced at once, so the storefront never shows an empty carousel (decision 0290).
    const room = this.store.maxWritesPerCommit - created.length;
    const surplus = writes.length > room ? writes.splice(0, writes.length - room) : [];
    for (let start = 0; start < surplus.length; start += this.store.maxWritesPerCommit)
      await this.store.commit(surplus.slice(start, start + this.store.maxWritesPerCommit));
    return (await this.store.commit([...writes, ...created])).slice(writes.length);
  }

  async reorderCategories(ids: string[]): Promise<ModelRecord[]> {
    return this.renumber('Category', await this.store.all('Category'), ids, 'category');
  }

  async reorderTags(categoryId: string, ids: string[]): Promise<ModelRecord[]> {
    return this.renumber('Tag', await this.store.all('Tag', { field: 'categoryId', value: categoryId }), ids, 'tag of the category');
  }

  async deleteCategoryAndTags(id: string): Promise<ModelRecord> {
    if (id === DEPARTMENT_CATEGORY_ID) throw validationError(GUARD_MESSAGES.builtInCategory);
    const category = await this.store.get('Category', id);
    if (!category) throw new AppError('NotFound', 'Category not found');
    const tags = await this.store.all('Tag', { field: 'categoryId', value: id });
    const written = await this.store.commit([
      ...tags.map((tag): CatalogueWrite => ({ op: 'delete', model: 'Tag', id: tag.id, expectUpdatedAt: tag.updatedAt })),
      { op: 'delete', model: 'Category', id, expectUpdatedAt: category.updatedAt },
    ]);
    return written[written.length - 1]!;
  }

  /**
   * Plans one chunk of an import (shared/import-chunks.ts, decision 0306) and, when `apply` is set
   * and no row has a problem, writes it: in one commit when the store takes that many writes
   * (SQLite), else in commits of the store's size. Before each commit it checks the time left
   * (decision 0307) and stops, as at a commit that fails after the first, with the report saying
   * which rows were written and why the rest were not. A row's new item gets the id
   * importedItemId(importId, row): when the chunk comes again that item is there and is left as
   * it is ('unchanged'), and an update row sets the same values again. `stockOnly`: a stock file
   * from the till (shared/stock-import.ts, decision 0296): only UPC, quantity and price, existing
   * items only, and its unreadable rows are left out (reported) rather than stopping the rest.
   */
  async importItems(chunk: ItemImportChunk, remaining: RemainingTime = () => Number.POSITIVE_INFINITY): Promise<ItemImportReport> {
    checkChunk(chunk);
    const { importId, rows, apply, stockOnly } = chunk;
    if (stockOnly && rows.some((row: ItemImportRow) => stockRowOtherFields(row).length > 0))
      throw validationError(STOCK_IMPORT_MESSAGES.otherFields);
    // The plans find items by UPC alone; a row's new item is known by its id (importedItemId).
    const upcs = [...new Set(rows.map((row) => row.upc?.trim() ?? '').filter(Boolean))];
    const items = this.store.itemsForImport
      ? await this.store.itemsForImport(
          upcs,
          rows.map((row) => importedItemId(importId, row.row)),
        )
      : await this.store.all('Item');
    await letOthersRun();
    const plan = stockOnly ? planStockImport(rows, items as unknown as ImportCatalogue['items']) : await this.planItems(rows, items);
    const report: ItemImportReport = {
      applied: false,
      outcomes: plan.outcomes,
      problems: plan.problems,
      warnings: plan.warnings,
      appliedRows: [],
      failure: null,
      unknownUpcs: plan.unknownUpcs,
    };
    // A row whose item this import made already (the chunk came again) is done.
    const ids = new Set(items.map((item) => item.id));
    const position = new Map(rows.map((row, index) => [row.row, index]));
    const writes = plan.writes.filter((write) => {
      if (write.op !== 'create' || !ids.has(importedItemId(importId, write.row))) return true;
      report.outcomes[position.get(write.row)!] = 'unchanged';
      return false;
    });
    if (!apply || (plan.problems.length && !stockOnly)) return report;
    // A price the file changes goes into the item's history, as an edit's does (decision 0293).
    const now = new Date(this.now());
    const byId = new Map(items.map((item) => [item.id, item]));
    const stored = (write: (typeof plan.writes)[number]) =>
      completeItemWrite(
        { op: write.op, model: 'Item', input: { ...write.fields } },
        write.op === 'update' ? (byId.get(write.id) ?? null) : null,
        now,
      );
    for (let start = 0; start < writes.length; start += this.store.maxWritesPerCommit) {
      await letOthersRun();
      if (!timeForAnotherBatch(remaining)) {
        report.failure = CHUNK_MESSAGES.deadline(report.appliedRows.length, writes.length);
        break;
      }
      const batch = writes.slice(start, start + this.store.maxWritesPerCommit);
      try {
        await this.commitImportBatch(batch, { importId, stockOnly, stored, byId });
      } catch (error) {
        // Nothing written yet: the chunk failed whole, as a single change does.
        if (start === 0) throw error;
        report.failure = error instanceof AppError ? error.message : 'The rest could not be written';
        break;
      }
      report.appliedRows.push(...batch.map((write) => write.row));
      // Back in stock is what visitors are offered now: the count less the bottles held (decision 0367).
      const restocked = batch.filter((write) => write.op === 'update' && Number(stored(write).stock) > 0);
      if (restocked.length && this.stockWritten) await this.stockWritten(restocked.map((write) => (write as { id: string }).id));
    }
    report.applied = report.failure === null;
    return report;
  }

  /**
   * One commit of an import's writes. A stock file's count goes on the item as it is when it lands:
   * a reservation (or an edit) that changed an item since it was read fails the commit, and the
   * batch is worked out again from the items as they are now (decision 0367), a few times.
   */
  private async commitImportBatch(batch: PlannedWrite[], { importId, stockOnly, stored, byId }: ImportBatchParts): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.store.commit(
          batch.map((write): CatalogueWrite =>
            write.op === 'create'
              ? { op: 'create', model: 'Item', id: importedItemId(importId, write.row), fields: stored(write) }
              : { op: 'update', model: 'Item', id: write.id, fields: stored(write), expectUpdatedAt: write.expectUpdatedAt },
          ),
        );
        return;
      } catch (error) {
        const changedMeanwhile = error instanceof AppError && error.errorType === ERROR_TYPES.conditionFailed;
        if (!stockOnly || !changedMeanwhile || attempt >= STOCK_FILE_ATTEMPTS) throw error;
        for (const write of batch) {
          if (write.op !== 'update') continue;
          const fresh = await this.store.get('Item', write.id);
          if (!fresh) throw error;
          byId.set(write.id, fresh);
          write.expectUpdatedAt = String(fresh.updatedAt);
        }
      }
    }
  }

  /** An item import's plan: the catalogue's categories and tags, and which of the rows' images are uploaded here. */
  private async planItems(rows: readonly ItemImportRow[], items: ModelRecord[]): Promise<StockPlan> {
    const [categories, tags] = await Promise.all([this.store.all('Category'), this.store.all('Tag')]);
    const existingImages = new Set<string>();
    await runLimited(importedImagePaths(rows), IMAGE_LOOKUPS_AT_ONCE, async (path) => {
      if (await isUploadedImage(this.media, path)) existingImages.add(path);
    });
    return { ...planItemImport(rows, { items, categories, tags } as unknown as ImportCatalogue, existingImages), unknownUpcs: [] };
  }

  /** Sets index = position for every record; the ids must list each record exactly once. */
  private async renumber(model: string, records: ModelRecord[], ids: string[], what: string): Promise<ModelRecord[]> {
    const known = new Set(records.map((record) => record.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw validationError(`The new order must list every ${what} exactly once`);
    }
    const current = new Map(records.map((record) => [record.id, record]));
    const changed = ids.filter((id, index) => current.get(id)!.index !== index);
    const written = await this.store.commit(
      changed.map((id) => ({
        op: 'update',
        model,
        id,
        fields: { index: ids.indexOf(id) },
        expectUpdatedAt: current.get(id)!.updatedAt,
      })),
    );
    const updated = new Map(written.map((record) => [record.id, record]));
    return ids.map((id) => updated.get(id) ?? current.get(id)!).sort(byIndex);
  }
}

/** The local store: ModelStore on SQLite, every commit in one transaction. */
export class SqliteCatalogueStore implements CatalogueStore {
  /** One transaction takes any number of writes, so an import lands whole or not at all. */
  readonly maxWritesPerCommit = Number.POSITIVE_INFINITY;

  constructor(private readonly store: ModelStore) {}

  /** Page by page, letting waiting requests run between pages: each chunk of an import reads every item (decision 0306). */
  async all(model: string, where?: { field: string; value: string }): Promise<ModelRecord[]> {
    const records: ModelRecord[] = [];
    let nextToken: string | null = null;
    do {
      if (records.length) await letOthersRun();
      const page = this.store.list(model, { where, limit: 1000, nextToken });
      records.push(...page.items);
      nextToken = page.nextToken;
    } while (nextToken);
    return records;
  }

  itemsForImport(upcs: readonly string[], ids: readonly string[]): ModelRecord[] {
    const byUpc = this.store.withValues('Item', 'upc', upcs);
    const known = new Set(byUpc.map((item) => item.id));
    return [...byUpc, ...this.store.withValues('Item', 'id', ids).filter((item) => !known.has(item.id))];
  }

  get(model: string, id: string): ModelRecord | null {
    return this.store.get(model, id);
  }

  commit(writes: CatalogueWrite[]): ModelRecord[] {
    return this.store.transaction(() =>
      writes.map((write) => {
        switch (write.op) {
          case 'create':
            return this.store.create(write.model, write.id === undefined ? write.fields : { ...write.fields, id: write.id });
          case 'update':
            return this.store.update(write.model, { ...write.fields, id: write.id }, { updatedAt: { eq: write.expectUpdatedAt } });
          case 'delete':
            return this.store.delete(write.model, { id: write.id }, { updatedAt: { eq: write.expectUpdatedAt } });
        }
      }),
    );
  }
}
