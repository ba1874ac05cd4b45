// The secure-auth feature's public surface, used by app/ only.
export { SecureAuthPanel } from './components/secure-auth-panel';
