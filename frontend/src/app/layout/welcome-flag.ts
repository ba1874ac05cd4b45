// The once-per-browser flag of the welcome popup, read before its code is loaded.
export const WELCOME_FLAG_KEY = 'welcome-popup-shown';

export function welcomeAlreadyShown(): boolean {
  try {
    return localStorage.getItem(WELCOME_FLAG_KEY) === '1';
  } catch {
    return false;
  }
}
