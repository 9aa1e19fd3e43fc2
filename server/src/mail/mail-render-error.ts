/**
 * A payload that cannot become a mail (an unknown kind, a link that is not http(s)): retrying will
 * not help. Its own module so the sender can recognise it without loading the templates.
 */
export class MailRenderError extends Error {
  override name = 'MailRenderError';
}
