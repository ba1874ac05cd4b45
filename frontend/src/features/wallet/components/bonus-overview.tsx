import { useEffect, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { Bonus, Coupon } from '@/types';
import { formatDate, formatDateTime, formatFixed } from '@/utils/format';
import { getBonus } from '../api/get-bonus';
import { BonusTermsDialog } from './bonus-terms-dialog';

const COUPON_COLOURS: Record<Coupon['status'], 'success' | 'warning' | 'default'> = {
  Active: 'success',
  Pending: 'warning',
  Expired: 'default',
};

function Section({ title, label, head, children }: { title: string; label: string; head: string[]; children: ReactNode }) {
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="subtitle1" component="h2" fontWeight={600} gutterBottom>
        {title}
      </Typography>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {head.map((cell) => (
                <TableCell key={cell} sx={{ whiteSpace: 'nowrap' }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

function EmptyRow({ span }: { span: number }) {
  return (
    <TableRow>
      <TableCell colSpan={span} align="center">
        No data available
      </TableCell>
    </TableRow>
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
          <Section title="Transactions" label="Bonus transactions" head={['Date', 'Tran. No', 'Amount']}>
            {bonus.transactions.length === 0 ? (
              <EmptyRow span={3} />
            ) : (
              bonus.transactions.map((row) => (
                <TableRow key={row.tranNo}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.date)}</TableCell>
                  <TableCell>{row.tranNo}</TableCell>
                  <TableCell>₹{formatFixed(row.amount)}</TableCell>
                </TableRow>
              ))
            )}
          </Section>
          <Section
            title="Coupons"
            label="Bonus coupons"
            head={['Coupon Name', 'Coupon Amount', 'Depo Amount', 'Tran. No', 'Status', 'Given Date', 'Expire Date']}
          >
            {bonus.coupons.length === 0 ? (
              <EmptyRow span={7} />
            ) : (
              bonus.coupons.map((coupon) => (
                <TableRow key={coupon.id}>
                  <TableCell>{coupon.name}</TableCell>
                  <TableCell>₹{formatFixed(coupon.couponAmount)}</TableCell>
                  <TableCell>₹{formatFixed(coupon.depoAmount)}</TableCell>
                  <TableCell>{coupon.tranNo}</TableCell>
                  <TableCell>
                    <Chip size="small" label={coupon.status} color={COUPON_COLOURS[coupon.status]} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(coupon.givenDate)}</TableCell>
                  {/* The last millisecond of a UTC day: its calendar date, not the local one. */}
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(coupon.expireDate.slice(0, 10))}</TableCell>
                </TableRow>
              ))
            )}
          </Section>
        </>
      )}
      <BonusTermsDialog open={termsOpen} onClose={() => setTermsOpen(false)} />
    </Box>
  );
}
