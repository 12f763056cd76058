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
