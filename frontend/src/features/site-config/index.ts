export { SiteConfigError } from './components/site-config-error';
export { SiteLogo, FALLBACK_LOGO } from './components/site-logo';
export { useSiteConfigStore, selectSiteConfig, selectSiteConfigStatus } from './stores/site-config-store';
