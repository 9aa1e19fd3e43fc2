import { sniffDocument, type DocumentKind } from './document-type.js';

// The kept CV goes back to its owner as the file it was: named as they named it, made safe to
// put in a header and on a disk, with the type its content shows (never the type the upload said).

const CONTENT_TYPES: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
};

const MAX_NAME_CHARS = 120;

/** The document's MIME type, from its bytes. */
export const keptCvContentType = (content: Buffer): string => {
  const kind = sniffDocument(content);
  return kind ? CONTENT_TYPES[kind] : 'application/octet-stream';
};

/**
 * A name to keep the file under: the last part of the path a browser sent, without control
 * characters, quotes or slashes, at most 120 characters, ending in the extension of what the
 * file is ('cv' plus it when nothing usable is left).
 */
export function safeCvFileName(sent: string, content: Buffer): string {
  const extension = sniffDocument(content) ?? 'pdf';
  const base = (sent.split(/[/\\]/).pop() ?? '')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}"*:<>?|]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const stem = base.replace(/\.(pdf|docx?|odt|rtf|txt)$/i, '').trim() || 'cv';
  return `${[...stem].slice(0, MAX_NAME_CHARS - extension.length - 1).join('')}.${extension}`;
}
