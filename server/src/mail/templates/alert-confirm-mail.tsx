/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { AlertConfirmPayload } from '../mail-kinds.js';
import { confirmText, IGNORE_IF_NOT_YOU } from '../mail-wording.js';
import { MailButton, MailLayout, Paragraph, SmallPrint } from './mail-layout.js';

/** Double opt-in: a visitor's subscription sends nothing until this link is opened. */
export function AlertConfirmMail({ payload, siteName }: { payload: AlertConfirmPayload; siteName: string }) {
  return (
    <MailLayout
      siteName={siteName}
      preview={confirmText.request(payload.summary, payload.frequency)}
      heading={confirmText.heading}
      footer={<SmallPrint>{IGNORE_IF_NOT_YOU}</SmallPrint>}
    >
      <Paragraph>{confirmText.request(payload.summary, payload.frequency)}</Paragraph>
      <MailButton href={payload.confirmUrl}>{confirmText.button}</MailButton>
      <Paragraph>{confirmText.nothingUntilConfirmed}</Paragraph>
    </MailLayout>
  );
}
