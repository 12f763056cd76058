// A table of records (usage, transactions, audit entries): scrolls sideways on narrow screens, a caption for
// screen readers, a header row, numeric columns right-aligned. The rows are the caller's.
import type { JSX, ReactNode } from 'react';

export function DataTable(props: {
  caption: string;
  columns: readonly string[];
  /** The columns that hold numbers (right-aligned). */
  numeric?: readonly string[];
  testId?: string;
  children: ReactNode;
}): JSX.Element {
  return (
    <div className="usage-table-wrap">
      <table className="usage-table" data-testid={props.testId}>
        <caption className="sr-only">{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th key={column} scope="col" className={props.numeric?.includes(column) ? 'number' : undefined}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}
