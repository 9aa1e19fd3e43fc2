/** The OLE2 container cannot be read. */
export class OleFormatError extends Error {
  override name = 'OleFormatError';
}

const END_OF_CHAIN = 0xfffffffe;
const FREE_SECTOR = 0xffffffff;
/** Values from here up mark a sector as free, the end of a chain, or part of the FAT itself. */
const FIRST_SPECIAL = 0xfffffffa;
/** Mini sectors are 64 bytes in every version of the format. */
const MINI_SECTOR_SHIFT = 6;
/** 109 FAT sectors, all the header can point at, cover 7 MB of 512-byte sectors: above our 5 MB. */
const HEADER_FAT_SLOTS = 109;
const FIB_MAGIC = 0xa5ec;
const FIB_ENCRYPTED = 0x0100;

interface DirectoryEntry {
  name: string;
  type: number;
  startSector: number;
  size: number;
}

/**
 * Throws unless every link of an allocation table stays below `sectors` and no chain loops back
 * on itself: then any chain visits each real sector at most once, and what a reader allocates for
 * it is bounded by the file. (word-extractor sizes its buffers by chain length, and loops forever
 * on a chain of two sectors pointing at each other.)
 */
function assertChainsBounded(table: number[], sectors: number, what: string) {
  // 0: not seen, 1: on the chain being followed, 2: known to end.
  const state = new Uint8Array(table.length);
  for (let start = 0; start < table.length; start++) {
    const path: number[] = [];
    let at = start;
    while (at < table.length && state[at] === 0) {
      state[at] = 1;
      path.push(at);
      const next = table[at]!;
      if (next >= FIRST_SPECIAL) break;
      if (next >= sectors) throw new OleFormatError(`${what} points beyond the file`);
      if (state[next] === 1) throw new OleFormatError(`${what} has a loop`);
      at = next;
    }
    for (const sector of path) state[sector] = 2;
  }
}

/**
 * Reads just enough of an OLE2 (Compound File) container to list its streams and read the first
 * sector of one: header, FAT (from the header's 109 DIFAT slots, which cover files far above our
 * 5 MB limit) and the directory chain. Every chain walk is bounded, so a looping FAT cannot hang.
 * It also refuses the header counts and tables that make word-extractor, which trusts them,
 * allocate far more than the file holds: a 10 kB file claiming 200 000 FAT sectors had it fill
 * hundreds of megabytes.
 */
class OleReader {
  readonly sectorSize: number;
  /** Whole sectors after the header. */
  readonly sectors: number;
  private readonly fat: number[] = [];

  constructor(private readonly bytes: Buffer) {
    if (bytes.length < 512) throw new OleFormatError('shorter than an OLE2 header');
    const shift = bytes.readUInt16LE(0x1e);
    if (shift !== 9 && shift !== 12) throw new OleFormatError(`sector shift ${shift}`);
    this.sectorSize = 1 << shift;
    this.sectors = Math.floor(bytes.length / this.sectorSize) - 1;
    if (bytes.readUInt16LE(0x20) !== MINI_SECTOR_SHIFT)
      throw new OleFormatError(`mini sector shift ${bytes.readUInt16LE(0x20)}`);
    const declaredFatSectors = bytes.readUInt32LE(0x2c);
    if (declaredFatSectors > Math.min(HEADER_FAT_SLOTS, this.sectors))
      throw new OleFormatError(`${declaredFatSectors} FAT sectors`);
    if (bytes.readUInt32LE(0x40) > this.sectors) throw new OleFormatError('mini FAT larger than the file');
    for (let i = 0; i < declaredFatSectors; i++) {
      const sector = bytes.readUInt32LE(0x4c + i * 4);
      if (sector === FREE_SECTOR) break;
      const start = this.offsetOf(sector);
      for (let at = start; at < start + this.sectorSize; at += 4) this.fat.push(bytes.readUInt32LE(at));
    }
    assertChainsBounded(this.fat, this.sectors, 'the FAT');
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

  /** The mini FAT must stay inside the mini stream, whose size the root entry gives. */
  checkMiniFat(root: DirectoryEntry) {
    const miniFat: number[] = [];
    for (const sector of this.chain(this.bytes.readUInt32LE(0x3c))) {
      const start = this.offsetOf(sector);
      for (let at = start; at < start + this.sectorSize; at += 4) miniFat.push(this.bytes.readUInt32LE(at));
    }
    if (root.size > this.bytes.length) throw new OleFormatError('mini stream larger than the file');
    assertChainsBounded(miniFat, Math.ceil(root.size / (1 << MINI_SECTOR_SHIFT)), 'the mini FAT');
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
 * Throws OleFormatError for a container word-extractor must not be given (see OleReader).
 */
export function isEncryptedWordFile(bytes: Buffer): boolean {
  const reader = new OleReader(bytes);
  const entries = reader.directory();
  if (!entries[0]) throw new OleFormatError('no root entry');
  reader.checkMiniFat(entries[0]);
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
