import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatValue, type ChartSeries } from './chart-types';

/** "Ver tabela": the chart's rows as a table, a row header per row and a column per series. */
export function ChartTable<Row>({
  title,
  rows,
  rowHeader,
  rowLabel,
  series,
}: {
  title: string;
  rows: readonly Row[];
  rowHeader: string;
  rowLabel: (row: Row) => string;
  series: readonly ChartSeries<Row>[];
}) {
  return (
    <div className="max-h-[320px] overflow-y-auto rounded-md border [&_[data-slot=table-container]]:overflow-visible">
      <Table>
        <TableCaption className="sr-only">{title}</TableCaption>
        <TableHeader className="bg-card sticky top-0">
          <TableRow>
            <TableHead scope="col">{rowHeader}</TableHead>
            {series.map((s) => (
              <TableHead key={s.key} scope="col" className="text-right">
                {s.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={index}>
              <TableHead scope="row" className="min-w-28 font-normal whitespace-normal">
                {rowLabel(row)}
              </TableHead>
              {series.map((s) => (
                <TableCell key={s.key} className="text-right tabular-nums">
                  {formatValue(s, row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
