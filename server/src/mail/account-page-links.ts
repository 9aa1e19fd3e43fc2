import { PAGES } from '@jobbportalen/contracts';

/** Links to the account's pages that need no token (the mail links with tokens are in mail-links.ts). */
export interface AccountPageLinks {
  login: string;
  forgotPassword: string;
}

/** The account's pages, absolute from the mails' base URL (mailBaseUrl). */
export function accountPageLinks(baseUrl: string): AccountPageLinks {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    login: `${base}${PAGES.login.path}`,
    forgotPassword: `${base}${PAGES.forgotPassword.path}`,
  };
}
