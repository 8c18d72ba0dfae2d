/**
 * The till feed's state above the items (decision 0377): the last file the till dropped into the
 * till inbox, when it came, what it applied, and what it could not (UPCs not found, rows left out,
 * warnings), with a warning when the feed went quiet for longer than Shop settings allow. Read
 * again every minute; when a new file was applied, the items are read again too.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { timeAgo } from '../../../../shared/stock';
import { tillFeedSummary, tillFeedWarnHoursOf, tillFeedWarning, type TillFeedLine, type TillFeedRun } from '../../../../shared/till-feed';
import { queryClient } from '../../../lib/query-client';
import { adminClient } from '../common/admin-client';
import { adminKeys } from '../common/admin-keys';
import { throwOnErrors } from '../common/graphql-errors';
import { useAdminShopSettings } from '../settings/api';

const REFRESH_MS = 60_000;
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/New_York' });

async function fetchTillFeed(): Promise<TillFeedRun | null> {
  const result = await adminClient.queries.tillFeed();
  throwOnErrors(result);
  return (result.data as TillFeedRun | null | undefined) ?? null;
}

function Lines({ title, lines, count }: { title: string; lines: readonly TillFeedLine[]; count: number }) {
  if (!count) return null;
  return (
    <>
      <h3 className="till-feed__list-title">
        {title} ({count.toLocaleString('en-US')}
        {count > lines.length ? `, the first ${lines.length} listed` : ''})
      </h3>
      <ul className="till-feed__list">
        {lines.map((line) => (
          <li key={`${line.line}:${line.message}`}>
            Line {line.line}: {line.message}
          </li>
        ))}
      </ul>
    </>
  );
}

function RunDetails({ run }: { run: TillFeedRun }) {
  if (!run.unknownUpcCount && !run.leftOutCount && !run.warnings.length && !run.skipped) return null;
  return (
    <details className="till-feed__details">
      <summary>What the file did not change</summary>
      {run.unknownUpcCount ? (
        <>
          <h3 className="till-feed__list-title">
            UPCs no item carries ({run.unknownUpcCount.toLocaleString('en-US')}
            {run.unknownUpcCount > run.unknownUpcs.length ? `, the first ${run.unknownUpcs.length} listed` : ''})
          </h3>
          <ul className="till-feed__list till-feed__list--upcs">
            {run.unknownUpcs.map((upc) => (
              <li key={upc}>{upc}</li>
            ))}
          </ul>
        </>
      ) : null}
      <Lines title="Rows left out" lines={run.leftOut} count={run.leftOutCount} />
      <Lines title="Applied otherwise than written" lines={run.warnings} count={run.warnings.length} />
      {run.skipped ? <p className="till-feed__note">{run.skipped}</p> : null}
    </details>
  );
}

export function TillFeedStatus() {
  const feed = useQuery({ queryKey: adminKeys.tillFeed(), queryFn: fetchTillFeed, refetchInterval: REFRESH_MS, retry: false });
  const settings = useAdminShopSettings();
  const run = feed.data ?? null;
  const seen = useRef<string | null>(null);
  useEffect(() => {
    // A file applied since this page read the items: the counts on the cards are old.
    if (run && seen.current !== null && seen.current !== run.finishedAt)
      void queryClient.invalidateQueries({ queryKey: adminKeys.items() });
    if (run) seen.current = run.finishedAt;
  }, [run]);
  if (feed.isPending) return null;
  const now = new Date();
  const warning = tillFeedWarning(run, tillFeedWarnHoursOf(settings.data), now);
  const failed = run?.outcome === 'failed';
  return (
    <section className="till-feed" aria-labelledby="till-feed-title" data-state={warning || failed ? 'warning' : 'ok'}>
      <h2 id="till-feed-title" className="till-feed__title">
        Till feed
      </h2>
      {feed.isError ? (
        <p className="till-feed__text">The till feed's state could not be read.</p>
      ) : run ? (
        <p className="till-feed__text">
          Last file <strong className="till-feed__file">{run.file}</strong>, came {timeAgo(new Date(run.receivedAt), now)} (
          {when.format(new Date(run.receivedAt))}). {tillFeedSummary(run)}
        </p>
      ) : (
        <p className="till-feed__text">
          No till file yet. A till that exports its stock into the till inbox updates the counts by itself (README, The till feed).
        </p>
      )}
      {warning ? (
        <p className="till-feed__warning" role="alert">
          {warning}
        </p>
      ) : null}
      {run ? <RunDetails run={run} /> : null}
    </section>
  );
}
