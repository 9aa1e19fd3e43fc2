import { useId } from 'react';
import { ChartCanvas } from './chart-canvas';
import type { ChartSeries } from './uplot-mount';

export interface TableColumn {
  header: string;
  values: string[];
  numeric?: boolean;
}

interface ChartPanelProps {
  title: string;
  /** Also the canvas's accessible name. */
  summary: string;
  xs: number[];
  series: ChartSeries[];
  /** The same data as a table, for screen readers and anyone who prefers figures. */
  caption: string;
  columns: TableColumn[];
}

/** A chart with its legend and a toggleable data table (the accessible alternative). */
export function ChartPanel({ title, summary, xs, series, caption, columns }: ChartPanelProps) {
  const headingId = useId();
  const captionId = useId();
  const rows = columns[0]?.values.length ?? 0;
  return (
    <section className="card admin-chart" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <ul className="admin-legend" aria-hidden="true">
        {series.map((s) => (
          <li key={s.label}>
            <span className={`admin-swatch ${s.kind}`} style={{ background: s.color }} />
            {s.label}
          </li>
        ))}
      </ul>
      <ChartCanvas xs={xs} series={series} summary={summary} />
      <details className="admin-chart-data">
        <summary>Visa data som tabell</summary>
        <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="admin-table">
            <caption id={captionId}>{caption}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.header} scope="col" className={column.numeric ? 'numeric' : undefined}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: rows }, (_, row) => (
                <tr key={row}>
                  {columns.map((column, index) =>
                    index === 0 ? (
                      <th key={column.header} scope="row">
                        {column.values[row]}
                      </th>
                    ) : (
                      <td key={column.header} className={column.numeric ? 'numeric' : undefined}>
                        {column.values[row]}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
