import type {
  AlertConfirmPayload,
  AlertMailPayload,
  AlertReminderPayload,
  MailPayload,
  RegistrationAttemptPayload,
  ResetPasswordPayload,
  VerifyEmailPayload,
} from './mail-kinds.js';
import {
  adPlace,
  alertHeadline,
  alertReason,
  CHANGE_FREQUENCY,
  confirmText,
  deadlineLine,
  fitLine,
  greeting,
  IGNORE_IF_NOT_YOU,
  moreLine,
  registrationAttemptText,
  reminderReason,
  reminderText,
  resetText,
  showAllLabel,
  UNSUBSCRIBE,
  verifyText,
} from './mail-wording.js';

/**
 * The plain-text part of a mail, built from the same payload and words as the HTML (not derived
 * from the HTML: that is slower and reads worse). Paragraphs are separated by a blank line; a
 * link stands on a line of its own so every client makes it clickable.
 */
export function mailText(payload: MailPayload, siteName: string): string {
  const blocks = blocksOf(payload, siteName);
  return `${blocks.map((lines) => lines.join('\n')).join('\n\n')}\n\n-- \n${siteName}\n`;
}

type Block = string[];

function blocksOf(payload: MailPayload, siteName: string): Block[] {
  switch (payload.kind) {
    case 'alert':
      return alertBlocks(payload, siteName);
    case 'alert-confirm':
      return confirmBlocks(payload);
    case 'alert-reminder':
      return reminderBlocks(payload);
    case 'verify-email':
      return verifyBlocks(payload, siteName);
    case 'reset-password':
      return resetBlocks(payload, siteName);
    case 'registration-attempt':
      return registrationAttemptBlocks(payload, siteName);
  }
}

function alertBlocks(payload: AlertMailPayload, siteName: string): Block[] {
  const ads = payload.ads.map((ad) => [
    ad.title,
    ...[
      adPlace(ad),
      ad.lastDate ? deadlineLine(ad.lastDate) : null,
      ad.reason ? fitLine(ad.reason) : null,
    ].filter((line): line is string => line !== null),
    ad.url,
  ]);
  return [
    [alertHeadline(payload, siteName)],
    ...ads,
    ...(payload.moreCount > 0 ? [[`${moreLine(payload.moreCount)}:`, payload.searchUrl]] : []),
    [`${showAllLabel(siteName)}:`, payload.searchUrl],
    [
      alertReason(payload),
      `${CHANGE_FREQUENCY}: ${payload.manageUrl}`,
      `${UNSUBSCRIBE}: ${payload.manageUrl}`,
    ],
  ];
}

function confirmBlocks(payload: AlertConfirmPayload): Block[] {
  return [
    [confirmText.heading],
    [confirmText.request(payload.summary, payload.frequency)],
    [`${confirmText.button}:`, payload.confirmUrl],
    [confirmText.nothingUntilConfirmed],
    [IGNORE_IF_NOT_YOU],
  ];
}

function reminderBlocks(payload: AlertReminderPayload): Block[] {
  return [
    [reminderText.heading],
    [reminderText.unused(payload.summary)],
    [reminderText.removal(payload.removeOn)],
    [`${reminderText.button}:`, payload.keepUrl],
    [reminderReason(payload.summary), `${UNSUBSCRIBE}: ${payload.manageUrl}`],
  ];
}

function verifyBlocks(payload: VerifyEmailPayload, siteName: string): Block[] {
  return [
    [greeting(payload.name)],
    [verifyText.body(siteName)],
    [`${verifyText.button}:`, payload.verifyUrl],
    [verifyText.notYou(siteName)],
  ];
}

function resetBlocks(payload: ResetPasswordPayload, siteName: string): Block[] {
  return [
    [greeting(payload.name)],
    [resetText.body(siteName)],
    [`${resetText.button}:`, payload.resetUrl],
    [resetText.validity],
    [IGNORE_IF_NOT_YOU],
  ];
}

function registrationAttemptBlocks(payload: RegistrationAttemptPayload, siteName: string): Block[] {
  return [
    [greeting(payload.name)],
    [registrationAttemptText.body(siteName)],
    [registrationAttemptText.ifYou],
    [`${registrationAttemptText.button}:`, payload.loginUrl],
    [registrationAttemptText.forgotPassword, payload.forgotPasswordUrl],
    [registrationAttemptText.notYou],
  ];
}
