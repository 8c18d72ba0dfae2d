import type { ReactNode } from 'react';
import { Spinner } from '../../../components/ui/Spinner';

export interface QueryStateProps {
  /** The screen's query (TanStack Query's result, or the parts of it that matter here). */
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** "events": "Loading events", "The events couldn't be loaded." with Try again, "No events yet." */
  noun: string;
  /** Nothing to list: said instead of the children. */
  empty?: boolean;
  /** What an empty list says; "No {noun} yet." by default. */
  emptyText?: string;
  children: ReactNode;
}

/** An admin list's loading spinner, its failure with Try again, its empty state, or the list. */
export function QueryState({ query, noun, empty = false, emptyText = `No ${noun} yet.`, children }: QueryStateProps) {
  if (query.isPending) return <Spinner label={`Loading ${noun}`} />;
  if (!query.isError && !empty) return children;
  return (
    <div className="empty-state">
      <p>{query.isError ? `The ${noun} couldn't be loaded.` : emptyText}</p>
      {query.isError ? (
        <button type="button" className="button button--ghost" onClick={() => void query.refetch()}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
