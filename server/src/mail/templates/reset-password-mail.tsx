/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { ResetPasswordPayload } from '../mail-kinds.js';
import { greeting, IGNORE_IF_NOT_YOU, resetText } from '../mail-wording.js';
import { MailButton, MailLayout, Paragraph, SmallPrint } from './mail-layout.js';

/** 'Glömt lösenord?': a single-use link, valid for an hour. */
export function ResetPasswordMail({
  payload,
  siteName,
}: {
  payload: ResetPasswordPayload;
  siteName: string;
}) {
  return (
    <MailLayout
      siteName={siteName}
      preview={resetText.heading}
      heading={resetText.heading}
      footer={<SmallPrint>{IGNORE_IF_NOT_YOU}</SmallPrint>}
    >
      <Paragraph>{greeting(payload.name)}</Paragraph>
      <Paragraph>{resetText.body(siteName)}</Paragraph>
      <MailButton href={payload.resetUrl}>{resetText.button}</MailButton>
      <Paragraph>{resetText.validity}</Paragraph>
    </MailLayout>
  );
}
