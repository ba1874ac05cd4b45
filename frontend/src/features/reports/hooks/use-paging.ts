import { useCallback, useState } from 'react';
import type { TableFooterProps } from '@/components/data-table';
import { DEFAULT_PAGE_SIZE, pageCount, pageSlice } from '@/components/pagination';

export type Paging = {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  /** A new page size starts again at page 1. */
  setPageSize: (pageSize: number) => void;
  toFirstPage: () => void;
};

/** The page and page size of a report paged here, in the browser. */
export function usePaging(): Paging {
  const [page, setPage] = useState(1);
  const [pageSize, setSize] = useState(DEFAULT_PAGE_SIZE);
  const setPageSize = useCallback((size: number) => {
    setSize(size);
    setPage(1);
  }, []);
  const toFirstPage = useCallback(() => setPage(1), []);
  return { page, pageSize, setPage, setPageSize, toFirstPage };
}

/**
 * The page of `rows` to show (the page clamped to the last one), the index of its first row in
 * `rows`, and the pager's props.
 */
export function pageOf<T>(rows: ReadonlyArray<T>, { page, pageSize, setPage }: Paging): { rows: T[]; offset: number; pager: TableFooterProps } {
  const totalPages = pageCount(rows.length, pageSize);
  const current = Math.min(page, totalPages);
  return {
    rows: pageSlice(rows, current, pageSize),
    offset: (current - 1) * pageSize,
    pager: { page: current, pageSize, total: rows.length, totalPages, onPageChange: setPage },
  };
}
