import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DataTablePagination } from './data-table-pagination';

/** A screen's page state, as the server's answer for that page reports it. */
function Paged({ total, start }: { total: number; start: number }) {
  const [page, setPage] = useState(start);
  return (
    <DataTablePagination
      page={page}
      pageSize={20}
      total={total}
      onPageChange={setPage}
      noun="chaves"
    />
  );
}

describe('DataTablePagination', () => {
  it('pages forward and back', async () => {
    render(<Paged total={45} start={1} />);
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(screen.getByText('Página 2 de 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Página anterior' }));
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeDisabled();
  });

  it('goes back to the last page when deletions left the current one past the end', () => {
    render(<Paged total={40} start={3} />);
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument();
    expect(screen.getByText('40 chaves')).toBeInTheDocument();
  });
});
