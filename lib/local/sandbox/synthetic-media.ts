// local: synthetic media for the provider stand-ins — small, structurally valid files made in code (no
// binary fixtures), carrying a label so a test can tell which job produced which file.

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/**
 * An ISO BMFF (MP4) file: `ftyp` (isom, mp41), a `moov` with a movie header of `seconds` duration, and
 * an `mdat` holding the label. Players and `file` recognise it as MP4; it has no decodable track.
 */
export function syntheticMp4(label: string, seconds = 5): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp41', 'latin1'));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // timescale: ms
  mvhd.writeUInt32BE(seconds * 1000, 16); // duration
  mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
  mvhd.writeUInt16BE(0x0100, 24); // volume 1.0
  for (const [offset, value] of [[36, 0x00010000], [52, 0x00010000], [68, 0x40000000]] as const) mvhd.writeUInt32BE(value, offset); // unity matrix
  mvhd.writeUInt32BE(2, 96); // next track id
  return Buffer.concat([ftyp, box('moov', box('mvhd', mvhd)), box('mdat', Buffer.from(`synthetic video: ${label}`, 'utf8'))]);
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
  const header = Buffer.from([0xff, 0xfb, 0x90, 0x64]);
  const one = Buffer.concat([header, Buffer.alloc(MP3_FRAME_BYTES - header.length)]);
  const frames = Math.max(1, Math.round(seconds / MP3_FRAME_SECONDS));
  return Buffer.concat([id3, ...Array.from({ length: frames }, () => one)]);
}

/** Seconds of an MP3 of the frames syntheticMp3 writes (and about those of any 128 kbit/s MP3). */
export const mp3Seconds = (bytes: number) => (bytes / MP3_FRAME_BYTES) * MP3_FRAME_SECONDS;
