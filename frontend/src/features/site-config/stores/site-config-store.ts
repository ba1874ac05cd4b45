import { create } from 'zustand';
import type { SiteConfig } from '@/types';
import { getDomainConfig } from '../api/get-domain-config';

/** The site title and favicon come from the configuration too. */
function applyToDocument(config: SiteConfig): void {
  if (config.title) document.title = config.title;
  if (config.favicon) {
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = config.favicon;
  }
}

type Status = 'idle' | 'loading' | 'ready' | 'error';

type SiteConfigState = {
  status: Status;
  config: SiteConfig | null;
  load: () => Promise<void>;
};

export const useSiteConfigStore = create<SiteConfigState>((set, get) => ({
  status: 'idle',
  config: null,
  load: async () => {
    if (get().status === 'loading' || get().status === 'ready') return;
    set({ status: 'loading' });
    try {
      const config = await getDomainConfig();
      set({ status: 'ready', config });
      applyToDocument(config);
    } catch (error) {
      console.error('Error fetching site configuration:', error);
      set({ status: 'error' });
    }
  },
}));

export const selectSiteConfig = (state: SiteConfigState) => state.config;
export const selectSiteConfigStatus = (state: SiteConfigState) => state.status;
