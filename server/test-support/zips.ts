/**
 * Zips built byte by byte for tests of the import file checks: a plain archive, and bombs whose parts
 * inflate to hundreds of megabytes from a few hundred kilobytes, with honest or lying sizes.
 */
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

export interface ZipPart {
  name: string;
  /** Deflated bytes of the part. */
  compressed: Buffer;
  crc: number;
  /** The size written in the headers: the real one, or a lie. */
  declaredSize: number;
}

export function deflatedPart(name: string, content: string | Buffer): ZipPart {
  const bytes = Buffer.from(content);
  return { name, compressed: deflateRawSync(bytes), crc: crc32(bytes), declaredSize: bytes.length };
}

/** `size` zero bytes, deflated a chunk at a time so the test never holds them (300 MB of zeros deflate to ~300 KB). */
export async function deflatedZeros(name: string, size: number, declaredSize = size): Promise<ZipPart> {
  const chunk = Buffer.alloc(1024 * 1024);
  const deflate = createDeflateRaw({ level: 9 });
  const output: Buffer[] = [];
  deflate.on('data', (data: Buffer) => output.push(data));
  const finished = new Promise<void>((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  for (let written = 0; written < size; written += chunk.length) {
    const piece = chunk.subarray(0, Math.min(chunk.length, size - written));
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await finished;
  return { name, compressed: Buffer.concat(output), crc, declaredSize };
}

/** A zip (deflate, no extra fields, no data descriptors) of the parts, in order. */
export function buildZip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0, 10); // time, date
    local.writeUInt32LE(part.crc >>> 0, 14);
    local.writeUInt32LE(part.compressed.length, 18);
    local.writeUInt32LE(part.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // needed
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(part.crc >>> 0, 16);
    central.writeUInt32LE(part.compressed.length, 20);
    central.writeUInt32LE(part.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    // extra, comment, disk, internal and external attributes stay 0
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.compressed);
    centrals.push(central, name);
    offset += local.length + name.length + part.compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
