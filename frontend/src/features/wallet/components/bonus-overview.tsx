import { useEffect, useState, type ReactNode } from 'react';
import { Box, Button, Chip, CircularProgress, Paper, Typography } from '@mui/material';
import { DataTable, type DataColumn } from '@/components/data-table';
import type { Bonus, BonusTransaction, Coupon } from '@/types';
import { formatDate, formatDateTime, formatFixed } from '@/utils/format';
import { getBonus } from '../api/get-bonus';
import { BonusTermsDialog } from './bonus-terms-dialog';

const COUPON_COLOURS: Record<Coupon['status'], 'success' | 'warning' | 'default'> = {
  Active: 'success',
  Pending: 'warning',
  Expired: 'default',
};

const TRANSACTION_COLUMNS: DataColumn<BonusTransaction>[] = [
  { id: 'date', header: 'Date', nowrap: true, render: (row) => formatDateTime(row.date) },
  { id: 'tranNo', header: 'Tran. No', render: (row) => row.tranNo },
  { id: 'amount', header: 'Amount', render: (row) => `₹${formatFixed(row.amount)}` },
];

const COUPON_COLUMNS: DataColumn<Coupon>[] = [
  { id: 'name', header: 'Coupon Name', render: (coupon) => coupon.name },
  { id: 'couponAmount', header: 'Coupon Amount', render: (coupon) => `₹${formatFixed(coupon.couponAmount)}` },
  { id: 'depoAmount', header: 'Depo Amount', render: (coupon) => `₹${formatFixed(coupon.depoAmount)}` },
  { id: 'tranNo', header: 'Tran. No', render: (coupon) => coupon.tranNo },
  { id: 'status', header: 'Status', render: (coupon) => <Chip size="small" label={coupon.status} color={COUPON_COLOURS[coupon.status]} /> },
  { id: 'given', header: 'Given Date', nowrap: true, render: (coupon) => formatDate(coupon.givenDate) },
  // The last millisecond of a UTC day: its calendar date, not the local one.
  { id: 'expire', header: 'Expire Date', nowrap: true, render: (coupon) => formatDate(coupon.expireDate.slice(0, 10)) },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="subtitle1" component="h2" fontWeight={600} gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Bonus (spec §2): the bonus credits, the coupons and the Terms modal. */
export function BonusOverview() {
  const [bonus, setBonus] = useState<Bonus | null>(null);
  const [termsOpen, setTermsOpen] = useState(false);

  useEffect(() => {
    let active = true;
    getBonus()
      .then((data) => active && setBonus(data ?? { coupons: [], transactions: [] }))
      .catch((error: unknown) => {
        console.error('Error fetching bonus:', error);
        if (active) setBonus({ coupons: [], transactions: [] });
      });
    return () => {
      active = false;
    };
  }, []);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="outlined" onClick={() => setTermsOpen(true)}>
          Terms
        </Button>
      </Box>
      {bonus === null ? (
        <Box sx={{ display: 'grid', placeItems: 'center', p: 4 }}>
          <CircularProgress aria-label="Loading bonus" />
        </Box>
      ) : (
        <>
          <Section title="Transactions">
            <DataTable label="Bonus transactions" columns={TRANSACTION_COLUMNS} rows={bonus.transactions} rowKey={(row) => row.tranNo} />
          </Section>
          <Section title="Coupons">
            <DataTable label="Bonus coupons" columns={COUPON_COLUMNS} rows={bonus.coupons} rowKey={(coupon) => coupon.id} />
          </Section>
        </>
      )}
      <BonusTermsDialog open={termsOpen} onClose={() => setTermsOpen(false)} />
    </Box>
  );
}
