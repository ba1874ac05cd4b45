import './lib/install-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CacheProvider } from '@emotion/react';
import { App } from './app';
import { styleCache } from './lib/style-nonce';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <CacheProvider value={styleCache()}>
      <App />
    </CacheProvider>
  </StrictMode>,
);
