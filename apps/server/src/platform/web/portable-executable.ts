import { open } from 'node:fs/promises';

/** Where the DOS header keeps the offset of the PE header (`e_lfanew`). */
const PE_OFFSET_FIELD = 0x3c;
/** The DOS header's size: the PE header cannot start inside it. */
const DOS_HEADER_BYTES = 0x40;

/**
 * Whether the file at `path` is a Windows PE image: the DOS header's `MZ`, and at the offset it
 * names (`e_lfanew`, inside the file) the `PE\0\0` signature. A renamed text or ZIP file fails
 * the first check; a bare DOS stub or a truncated file fails the second.
 */
export async function isPortableExecutable(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    if (size < DOS_HEADER_BYTES + 4) return false;
    const dos = Buffer.alloc(DOS_HEADER_BYTES);
    await file.read(dos, 0, DOS_HEADER_BYTES, 0);
    if (dos.toString('latin1', 0, 2) !== 'MZ') return false;
    const peOffset = dos.readUInt32LE(PE_OFFSET_FIELD);
    if (peOffset < DOS_HEADER_BYTES || peOffset > size - 4) return false;
    const signature = Buffer.alloc(4);
    await file.read(signature, 0, 4, peOffset);
    return signature.equals(Buffer.from('PE\0\0', 'latin1'));
  } finally {
    await file.close();
  }
}
