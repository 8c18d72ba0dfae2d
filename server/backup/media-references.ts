/**
 * Which stored images the catalogue's records point at, and which of them are missing from a
 * media directory. Used by the backup to check its own copy, and by the reliability tests.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import introspection from '../../shared/generated/model-introspection.json' with { type: 'json' };
import { storedImageFiles } from '../../shared/media';
import type { ModelIntrospectionSchema } from '../model/introspection-types';
import { buildModelMetas } from '../model/model-meta';
import { quoteIdent } from '../db/database';

/** Image fields are named `img` in every model that has one (Item, Banner, Event). */
const IMAGE_FIELD = 'img';

export const modelMetas = () => buildModelMetas(introspection as unknown as ModelIntrospectionSchema);

/** Every `img` value of every record, with the record it came from. */
export function imageReferences(db: Database.Database): Array<{ model: string; id: string; url: string }> {
  return modelMetas()
    .filter((meta) => meta.scalarByName.has(IMAGE_FIELD))
    .flatMap((meta) =>
      (
        db.prepare(`SELECT id, ${IMAGE_FIELD} AS url FROM ${quoteIdent(meta.name)} WHERE ${IMAGE_FIELD} IS NOT NULL`).all() as Array<{
          id: string;
          url: string;
        }>
      ).map((row) => ({ model: meta.name, ...row })),
    );
}

/** The files an uploaded image consists of: the image and its WebP variants by width. */
export function imageFiles(url: string): string[] | null {
  const files = storedImageFiles(url);
  return files ? [files.image, ...files.variants] : null;
}

const nonEmptyFile = (path: string) => {
  try {
    return statSync(path).size > 0;
  } catch {
    return false;
  }
};

/**
 * Stored images that records point at but whose files (the image or a variant) are missing or empty in
 * `mediaDir`. URLs that are not stored images (none today) are not files of ours and are skipped.
 */
export function missingImages(db: Database.Database, mediaDir: string): string[] {
  const problems: string[] = [];
  for (const { model, id, url } of imageReferences(db)) {
    const missing = (imageFiles(url) ?? []).filter((name) => !nonEmptyFile(join(mediaDir, name)));
    if (missing.length > 0) problems.push(`${model} ${id}: ${missing.join(', ')} missing or empty`);
  }
  return problems;
}
