/** The OLE2 container cannot be read. */
export class OleFormatError extends Error {
  override name = 'OleFormatError';
}

const END_OF_CHAIN = 0xfffffffe;
const FREE_SECTOR = 0xffffffff;
const FIB_MAGIC = 0xa5ec;
const FIB_ENCRYPTED = 0x0100;

interface DirectoryEntry {
  name: string;
  type: number;
  startSector: number;
  size: number;
}

/**
 * Reads just enough of an OLE2 (Compound File) container to list its streams and read the first
 * sector of one: header, FAT (from the header's 109 DIFAT slots, which cover files far above our
 * 5 MB limit) and the directory chain. Every chain walk is bounded, so a looping FAT cannot hang.
 */
class OleReader {
  readonly sectorSize: number;
  private readonly fat: number[] = [];

  constructor(private readonly bytes: Buffer) {
    if (bytes.length < 512) throw new OleFormatError('shorter than an OLE2 header');
    const shift = bytes.readUInt16LE(0x1e);
    if (shift !== 9 && shift !== 12) throw new OleFormatError(`sector shift ${shift}`);
    this.sectorSize = 1 << shift;
    const fatSectors = Math.min(bytes.readUInt32LE(0x2c), 109);
    for (let i = 0; i < fatSectors; i++) {
      const sector = bytes.readUInt32LE(0x4c + i * 4);
      if (sector === FREE_SECTOR) break;
      const start = this.offsetOf(sector);
      for (let at = start; at < start + this.sectorSize; at += 4) this.fat.push(bytes.readUInt32LE(at));
    }
  }

  offsetOf(sector: number): number {
    const offset = (sector + 1) * this.sectorSize;
    if (offset + this.sectorSize > this.bytes.length) throw new OleFormatError('sector beyond the file');
    return offset;
  }

  *chain(start: number): Generator<number> {
    let sector = start;
    for (let steps = 0; sector !== END_OF_CHAIN; steps++) {
      if (steps > this.fat.length || sector >= this.fat.length)
        throw new OleFormatError('broken sector chain');
      yield sector;
      sector = this.fat[sector] ?? END_OF_CHAIN;
    }
  }

  directory(): DirectoryEntry[] {
    const entries: DirectoryEntry[] = [];
    for (const sector of this.chain(this.bytes.readUInt32LE(0x30))) {
      const start = this.offsetOf(sector);
      for (let at = start; at < start + this.sectorSize; at += 128) {
        const nameLength = Math.min(this.bytes.readUInt16LE(at + 0x40), 64);
        entries.push({
          name: this.bytes.toString('utf16le', at, at + Math.max(0, nameLength - 2)),
          type: this.bytes.readUInt8(at + 0x42),
          startSector: this.bytes.readUInt32LE(at + 0x74),
          size: this.bytes.readUInt32LE(at + 0x78),
        });
      }
    }
    return entries;
  }
}

/**
 * Whether an OLE2 Word file is password protected: an encrypted OOXML package (a .docx saved with
 * a password is an OLE2 file with an EncryptedPackage stream), or a Word 97–2003 file whose FIB
 * has fEncrypted set. word-extractor would read the encrypted bytes as if they were text.
 */
export function isEncryptedWordFile(bytes: Buffer): boolean {
  const reader = new OleReader(bytes);
  const entries = reader.directory();
  if (entries.some((entry) => entry.name === 'EncryptedPackage')) return true;
  const word = entries.find((entry) => entry.name === 'WordDocument' && entry.type === 2);
  if (!word) throw new OleFormatError('no WordDocument stream');
  // A FIB lives at the start of the stream; a stream below 4096 bytes sits in the mini stream and
  // is too small to be a real Word document anyway.
  if (word.size < 4096) throw new OleFormatError('WordDocument stream too small');
  const fib = reader.offsetOf(word.startSector);
  if (bytes.readUInt16LE(fib) !== FIB_MAGIC) throw new OleFormatError('no Word FIB');
  return (bytes.readUInt16LE(fib + 0x0a) & FIB_ENCRYPTED) !== 0;
}
