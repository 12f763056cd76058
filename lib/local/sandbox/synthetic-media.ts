// local: synthetic media for the provider stand-ins — small, structurally valid files made in code (no
// binary fixtures), carrying a label so a test can tell which job produced which file.

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

const fullBox = (type: string, ...payload: Buffer[]) => box(type, Buffer.alloc(4), ...payload);
const u32 = (...values: number[]) =>
  Buffer.concat(
    values.map((value) => {
      const b = Buffer.alloc(4);
      b.writeUInt32BE(value >>> 0);
      return b;
    }),
  );
const u16 = (...values: number[]) =>
  Buffer.concat(
    values.map((value) => {
      const b = Buffer.alloc(2);
      b.writeUInt16BE(value);
      return b;
    }),
  );
const UNITY_MATRIX = u32(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000);

/**
 * An ISO BMFF (MP4) file of `seconds` that browsers play: `ftyp` (isom, mp41), a `moov` with one
 * track of MP3 silence (the frames of syntheticMp3, as MPEG-4 object type 0x6B), and an `mdat` that
 * starts with the label, then the frames. A file with no decodable track is refused by players
 * ("no supported streams"), so the studio could not show generated video locally. No picture: an
 * encoded video frame cannot be made in a few lines.
 */
export function syntheticMp4(label: string, seconds = 5): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), u32(0x200), Buffer.from('isommp41', 'latin1'));
  const frames = Math.max(1, Math.round(seconds / MP3_FRAME_SECONDS));
  const samples = frames * 1152;
  const durationMs = Math.round((samples / 44_100) * 1000);
  const mvhd = fullBox(
    'mvhd',
    u32(0, 0, 1000, durationMs, 0x00010000),
    u16(0x0100, 0),
    u32(0, 0),
    UNITY_MATRIX,
    u32(0, 0, 0, 0, 0, 0),
    u32(2),
  );
  const tkhd = box('tkhd', u32(0x000003, 0, 0, 1, 0, durationMs, 0, 0), u16(0, 0, 0x0100, 0), UNITY_MATRIX, u32(0, 0));
  const mdhd = fullBox('mdhd', u32(0, 0, 44_100, samples), u16(0x55c4, 0));
  const hdlr = fullBox(
    'hdlr',
    u32(0),
    Buffer.from('soun', 'latin1'),
    u32(0, 0, 0),
    Buffer.from('SoundHandler\0', 'latin1'),
  );
  const dinf = box('dinf', fullBox('dref', u32(1), box('url ', u32(1))));
  const descriptor = (tag: number, ...payload: Buffer[]) => {
    const body = Buffer.concat(payload);
    return Buffer.concat([Buffer.from([tag, body.length]), body]);
  };
  const esds = fullBox(
    'esds',
    descriptor(
      0x03,
      u16(0),
      Buffer.from([0]),
      descriptor(0x04, Buffer.from([0x6b, 0x15, 0, 0x10, 0]), u32(128_000, 128_000)),
      descriptor(0x06, Buffer.from([2])),
    ),
  );
  const mp4a = box('mp4a', Buffer.alloc(6), u16(1), u32(0, 0), u16(2, 16, 0, 0), u32(44_100 * 0x10000), esds);
  const labelBytes = Buffer.from(`synthetic video: ${label}`, 'utf8');
  const frameBytes = syntheticMp3Frames(frames);
  const stbl = (chunkOffset: number) =>
    box(
      'stbl',
      fullBox('stsd', u32(1), mp4a),
      fullBox('stts', u32(1, frames, 1152)),
      fullBox('stsc', u32(1, 1, frames, 1)),
      fullBox('stsz', u32(MP3_FRAME_BYTES, frames)),
      fullBox('stco', u32(1, chunkOffset)),
    );
  const moov = (chunkOffset: number) =>
    box(
      'moov',
      mvhd,
      box('trak', tkhd, box('mdia', mdhd, hdlr, box('minf', fullBox('smhd', u32(0)), dinf, stbl(chunkOffset)))),
    );
  // The offset's value does not change moov's size, so one measuring pass gives it.
  const offset = ftyp.length + moov(0).length + 8 + labelBytes.length;
  return Buffer.concat([ftyp, moov(offset), box('mdat', labelBytes, frameBytes)]);
}

/** Bytes of one MPEG-1 Layer III frame at 128 kbit/s, 44.1 kHz (no padding): 144 × 128000 / 44100. */
const MP3_FRAME_BYTES = 417;
/** Seconds one such frame plays: 1152 samples at 44.1 kHz. */
export const MP3_FRAME_SECONDS = 1152 / 44_100;

/**
 * An MP3 of `seconds` of silence: an ID3v2.3 tag whose title is the label, then MPEG-1 Layer III frames
 * (128 kbit/s, 44.1 kHz, joint stereo) with empty side information, which decoders play as silence.
 */
export function syntheticMp3(label: string, seconds = 1): Buffer {
  const title = Buffer.concat([Buffer.from([0]), Buffer.from(label, 'latin1')]);
  const frame = Buffer.alloc(10);
  frame.write('TIT2', 0, 'latin1');
  frame.writeUInt32BE(title.length, 4);
  const tagBody = Buffer.concat([frame, title]);
  const size = tagBody.length;
  const syncsafe = Buffer.from([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
  const id3 = Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([3, 0, 0]), syncsafe, tagBody]);
  return Buffer.concat([id3, syntheticMp3Frames(Math.max(1, Math.round(seconds / MP3_FRAME_SECONDS)))]);
}

function syntheticMp3Frames(count: number): Buffer {
  const header = Buffer.from([0xff, 0xfb, 0x90, 0x64]);
  const one = Buffer.concat([header, Buffer.alloc(MP3_FRAME_BYTES - header.length)]);
  return Buffer.concat(Array.from({ length: count }, () => one));
}

/** Seconds of an MP3 of the frames syntheticMp3 writes (and about those of any 128 kbit/s MP3). */
export const mp3Seconds = (bytes: number) => (bytes / MP3_FRAME_BYTES) * MP3_FRAME_SECONDS;
