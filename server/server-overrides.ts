/** What a caller of `startServer` (server/app.ts) may set beyond the config: the entry point's demo seeder and the tests' seams. */
import type { ThrottleRules } from './accounts/account-service';
import type { Db } from './db/database';
import type { ModelStore } from './db/model-store';
import type { MediaStore } from './media/media-store';

/**
 * Test seams: a clock, throttle rules (e.g. to time many failed sign-ins), where refusal lines go,
 * where the other operator lines go (a page that failed to build, the start-up warnings).
 */
export interface ServerOverrides {
  now?: () => number;
  throttleRules?: ThrottleRules;
  writeRefusalLine?: (line: string) => void;
  /** Refusal lines one address writes a minute before the rest are summed up (20). */
  refusalLinesPerAddress?: number;
  /** Refusal lines all addresses together write a minute before the rest are summed up (300). */
  refusalLinesPerMinute?: number;
  writeLogLine?: (line: string) => void;
  /**
   * Fills an empty data directory with the demo shop when `config.seedDemo` is set. The entry
   * point passes demo/'s seeder: the server itself carries no demo data (decision 0263).
   */
  seedDemoShop?: DemoShopSeeder;
  /** How often at most the one line summing up closed connections is written (default: a minute). */
  connectionSummaryIntervalMs?: number;
}

export type DemoShopSeeder = (db: Db, store: ModelStore, media: MediaStore) => Promise<unknown>;
