/** @jsxRuntime automatic */
/** @jsxImportSource react */
// These two pragmas (in every template) make the JSX compile alike under tsc, vitest and tsx, even
// where a tool's tsconfig does not cover the file (scripts/bench's covers only .ts files).
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MailPayload } from './mail-kinds.js';
import { MailRenderError } from './mail-render-error.js';
import { mailText } from './mail-text.js';
import { subjectOf } from './mail-wording.js';
import { AlertConfirmMail } from './templates/alert-confirm-mail.js';
import { AlertMail } from './templates/alert-mail.js';
import { AlertReminderMail } from './templates/alert-reminder-mail.js';
import { RegistrationAttemptMail } from './templates/registration-attempt-mail.js';
import { ResetPasswordMail } from './templates/reset-password-mail.js';
import { VerifyEmailMail } from './templates/verify-email-mail.js';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface RenderContext {
  siteName: string;
}

// What react-email's own render() puts first; mail clients read the page in standards mode by it.
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * Subject, HTML and plain text of a mail. The HTML comes from the react-email templates through
 * renderToStaticMarkup: synchronous, and twice as fast per mail as react-email's render() (0.7 ms
 * against 1.4 ms for a ten-ad alert), which streams and waits for Suspense we do not use. React
 * escapes every value. The text part is built by our own function from the same payload.
 */
export function renderMail(payload: MailPayload, context: RenderContext): RenderedMail {
  for (const url of linksOf(payload)) assertWebLink(url);
  return {
    subject: subjectOf(payload, context.siteName),
    html: DOCTYPE + renderToStaticMarkup(templateOf(payload, context.siteName)),
    text: mailText(payload, context.siteName),
  };
}

function templateOf(payload: MailPayload, siteName: string): ReactElement {
  switch (payload.kind) {
    case 'alert':
      return <AlertMail payload={payload} siteName={siteName} />;
    case 'alert-confirm':
      return <AlertConfirmMail payload={payload} siteName={siteName} />;
    case 'alert-reminder':
      return <AlertReminderMail payload={payload} siteName={siteName} />;
    case 'verify-email':
      return <VerifyEmailMail payload={payload} siteName={siteName} />;
    case 'reset-password':
      return <ResetPasswordMail payload={payload} siteName={siteName} />;
    case 'registration-attempt':
      return <RegistrationAttemptMail payload={payload} siteName={siteName} />;
    default:
      // A payload queued by a newer version, or damaged: say so rather than send a blank mail.
      throw new MailRenderError(`unknown mail kind: ${String((payload as { kind?: unknown }).kind)}`);
  }
}

/** Every link a mail carries. */
function linksOf(payload: MailPayload): string[] {
  switch (payload.kind) {
    case 'alert':
      return [
        payload.searchUrl,
        payload.manageUrl,
        payload.oneClickUnsubscribeUrl,
        ...payload.ads.map((ad) => ad.url),
      ];
    case 'alert-confirm':
      return [payload.confirmUrl];
    case 'alert-reminder':
      return [payload.searchUrl, payload.manageUrl, payload.oneClickUnsubscribeUrl, payload.keepUrl];
    case 'verify-email':
      return [payload.verifyUrl];
    case 'reset-password':
      return [payload.resetUrl];
    case 'registration-attempt':
      return [payload.loginUrl, payload.forgotPasswordUrl];
    default:
      return [];
  }
}

/** Links come from the payload only, and only to the web: a javascript: or data: link never goes out. */
function assertWebLink(url: unknown): void {
  if (typeof url === 'string' && /^https?:\/\/[^\s/]/i.test(url) && URL.canParse(url)) return;
  throw new MailRenderError(`not an http(s) link: ${String(url).slice(0, 80)}`);
}
