import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setPayloadKey } from '@/lib/payload-crypto';

// The key a served page would carry.
setPayloadKey('00'.repeat(32));

afterEach(() => {
  cleanup();
  localStorage.clear();
});
