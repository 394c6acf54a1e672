//! A baseline JPEG decoder that gives libjpeg-turbo's pixels bit for bit (its default decode,
//! which Pillow, and so onnx's ImageDecoder reference, uses): Huffman-coded sequential DCT
//! (SOF0 / SOF1) and progressive (SOF2: spectral selection and successive approximation, EOB
//! runs) Huffman coding, 8-bit samples, interleaved or one-component scans, restart intervals; the
//! accurate integer inverse DCT (`jidctint.c`, `jpeg_idct_islow`), "fancy" (triangle-filter)
//! chroma upsampling for 2x1 and 2x2 subsampling (`jdsample.c`), and YCbCr -> RGB through
//! libjpeg's fixed-point tables (`jdcolor.c`). The pure-Rust decoders of the `image` crate
//! follow stb_image's rounding, 1 away from libjpeg-turbo's in places.
//!
//! Refused with an error naming the feature: lossless, hierarchical and arithmetic-coded JPEG,
//! 12-bit samples, 4-component (CMYK / YCCK) images and sampling other than 1x1, 2x1 and 2x2
//! per chroma component. Checked against libjpeg-turbo 2.1.5's own decode of images it encoded
//! (odd sizes, 4:4:4 / 4:2:2 / 4:2:0, gray, restart intervals, progressive): the same bytes.

/// The natural (row-major) index of the k-th coefficient in zigzag order.
const NATURAL_ORDER: [usize; 64] = [
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20,
    13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59,
    52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

/// The most pixels decoded (the coefficients of every block are kept until the last scan).
const MAX_PIXELS: usize = 1 << 24;

/// A decoded image: `components` is 1 (gray) or 3 (RGB), `pixels` row-major interleaved.
pub(crate) struct Image {
    pub width: usize,
    pub height: usize,
    pub components: usize,
    pub pixels: Vec<u8>,
}

#[derive(Clone, Default)]
struct Huffman {
    /// For each code length 1..=16: the largest code (-1: none), the first code and where its
    /// symbols start in `values`.
    max_code: [i32; 17],
    min_code: [i32; 17],
    first_index: [usize; 17],
    values: Vec<u8>,
}

impl Huffman {
    fn new(counts: &[u8; 16], values: Vec<u8>) -> Self {
        let mut h = Huffman {
            values,
            ..Default::default()
        };
        let (mut code, mut k) = (0i32, 0usize);
        for len in 1..=16 {
            let n = counts[len - 1] as usize;
            h.first_index[len] = k;
            h.min_code[len] = code;
            code += n as i32;
            k += n;
            h.max_code[len] = if n > 0 { code - 1 } else { -1 };
            code <<= 1;
        }
        h
    }
}

struct Component {
    id: u8,
    h: usize,
    v: usize,
    quant: usize,
    /// Blocks across and down in the component's plane (whole MCUs).
    blocks_w: usize,
    blocks_h: usize,
    plane: Vec<u8>,
    /// Each block's quantized coefficients (natural order), filled by the scans.
    coefficients: Vec<[i32; 64]>,
    dc_table: usize,
    ac_table: usize,
    prediction: i32,
}

struct Bits<'a> {
    data: &'a [u8],
    pos: usize,
    buffer: u32,
    count: u32,
    /// A marker was reached: the rest reads as zeros (as libjpeg does).
    at_marker: bool,
}

impl Bits<'_> {
    fn bit(&mut self) -> u32 {
        if self.count == 0 {
            let mut byte = 0u8;
            if !self.at_marker && self.pos < self.data.len() {
                byte = self.data[self.pos];
                if byte == 0xff {
                    match self.data.get(self.pos + 1) {
                        Some(0) => self.pos += 2,
                        _ => {
                            self.at_marker = true;
                            byte = 0;
                        }
                    }
                } else {
                    self.pos += 1;
                }
            } else {
                self.at_marker = true;
            }
            self.buffer = u32::from(byte);
            self.count = 8;
        }
        self.count -= 1;
        (self.buffer >> self.count) & 1
    }

    fn bits(&mut self, n: u32) -> i32 {
        (0..n).fold(0, |v, _| (v << 1) | self.bit() as i32)
    }

    fn decode(&mut self, h: &Huffman) -> Result<u8, String> {
        let mut code = 0i32;
        for len in 1..=16 {
            code = (code << 1) | self.bit() as i32;
            if code <= h.max_code[len] {
                let i = h.first_index[len] + (code - h.min_code[len]) as usize;
                return h.values.get(i).copied().ok_or_else(bad_huffman);
            }
        }
        Err(bad_huffman())
    }

    /// `s` more bits, sign-extended as JPEG codes a coefficient of magnitude category `s`.
    fn extend(&mut self, s: u8) -> Result<i32, String> {
        if s == 0 {
            return Ok(0);
        }
        if s > 16 {
            return Err(format!("corrupt JPEG data: a coefficient of {s} bits"));
        }
        let v = self.bits(u32::from(s));
        Ok(if v < 1 << (s - 1) {
            v - (1 << s) + 1
        } else {
            v
        })
    }

    /// Skips to the restart marker that should come next (byte-aligned).
    fn restart(&mut self) {
        self.count = 0;
        self.at_marker = false;
        while self.pos + 1 < self.data.len() {
            if self.data[self.pos] == 0xff && (0xd0..=0xd7).contains(&self.data[self.pos + 1]) {
                self.pos += 2;
                return;
            }
            if self.data[self.pos] == 0xff && self.data[self.pos + 1] != 0 {
                return; // another marker: libjpeg resyncs; the data is damaged
            }
            self.pos += 1;
        }
    }
}

fn bad_huffman() -> String {
    "corrupt JPEG data: a Huffman code no table has".into()
}

fn u16_at(d: &[u8], i: usize) -> Result<usize, String> {
    match (d.get(i), d.get(i + 1)) {
        (Some(&a), Some(&b)) => Ok((usize::from(a) << 8) | usize::from(b)),
        _ => Err("truncated JPEG data".into()),
    }
}

/// Decodes a JPEG file.
pub(crate) fn decode(data: &[u8]) -> Result<Image, String> {
    if !data.starts_with(&[0xff, 0xd8]) {
        return Err("not a JPEG file (no SOI marker)".into());
    }
    let mut quant = [[0i32; 64]; 4];
    let mut dc_tables: [Option<Huffman>; 4] = Default::default();
    let mut ac_tables: [Option<Huffman>; 4] = Default::default();
    let mut components: Vec<Component> = Vec::new();
    let (mut width, mut height) = (0usize, 0usize);
    let (mut h_max, mut v_max) = (1usize, 1usize);
    let mut restart_interval = 0usize;
    let mut scans = 0;
    let mut progressive = false;
    let mut pos = 2;
    loop {
        // Markers may be preceded by fill bytes 0xff.
        while data.get(pos) == Some(&0xff) && data.get(pos + 1) == Some(&0xff) {
            pos += 1;
        }
        if data.get(pos) != Some(&0xff) {
            if scans > 0 {
                break; // data after the last scan without an EOI: done
            }
            return Err("corrupt JPEG data: expected a marker".into());
        }
        let marker = *data.get(pos + 1).ok_or("truncated JPEG data")?;
        pos += 2;
        match marker {
            0xd9 => break,
            0xd0..=0xd7 | 0x01 => continue,
            _ => {}
        }
        let len = u16_at(data, pos)?;
        let seg = data.get(pos + 2..pos + len).ok_or("truncated JPEG data")?;
        match marker {
            0xc0..=0xc2 => {
                progressive = marker == 0xc2;
                if !components.is_empty() {
                    return Err("corrupt JPEG data: a second frame header".into());
                }
                if seg.len() < 6 || seg[0] != 8 {
                    return Err(format!(
                        "{}-bit JPEG samples are not supported (8-bit only)",
                        seg.first().copied().unwrap_or(0)
                    ));
                }
                height = u16_at(seg, 1)?;
                width = u16_at(seg, 3)?;
                let n = usize::from(seg[5]);
                if width == 0 || height == 0 || width * height > MAX_PIXELS {
                    return Err(format!("a {width} x {height} JPEG is not supported"));
                }
                if n != 1 && n != 3 {
                    return Err(format!(
                        "JPEG images of {n} components are not supported (gray or YCbCr)"
                    ));
                }
                for k in 0..n {
                    let c = seg
                        .get(6 + 3 * k..9 + 3 * k)
                        .ok_or("truncated JPEG frame")?;
                    components.push(Component {
                        id: c[0],
                        h: usize::from(c[1] >> 4),
                        v: usize::from(c[1] & 15),
                        quant: usize::from(c[2] & 3),
                        blocks_w: 0,
                        blocks_h: 0,
                        plane: Vec::new(),
                        coefficients: Vec::new(),
                        dc_table: 0,
                        ac_table: 0,
                        prediction: 0,
                    });
                }
                h_max = components.iter().map(|c| c.h).max().unwrap_or(1);
                v_max = components.iter().map(|c| c.v).max().unwrap_or(1);
                for c in &components {
                    let chroma_ok = (c.h == h_max && c.v == v_max)
                        || (c.h == 1 && c.v == 1 && h_max == 2 && v_max <= 2);
                    if !(1..=2).contains(&c.h) || !(1..=2).contains(&c.v) || !chroma_ok {
                        return Err(format!(
                            "JPEG sampling {}x{} of {}x{} is not supported (4:4:4, 4:2:2, 4:2:0)",
                            c.h, c.v, h_max, v_max
                        ));
                    }
                }
                let (mcu_w, mcu_h) = (width.div_ceil(8 * h_max), height.div_ceil(8 * v_max));
                for c in &mut components {
                    c.blocks_w = mcu_w * c.h;
                    c.blocks_h = mcu_h * c.v;
                    c.plane = vec![0; c.blocks_w * c.blocks_h * 64];
                    c.coefficients = vec![[0; 64]; c.blocks_w * c.blocks_h];
                }
            }
            0xc6 | 0xca | 0xce => {
                return Err("differential or arithmetic progressive JPEG is not supported".into())
            }
            0xc3 | 0xc5 | 0xc7 | 0xcb | 0xcf => {
                return Err("lossless or hierarchical JPEG is not supported".into())
            }
            0xc9 | 0xcd => return Err("arithmetic-coded JPEG is not supported".into()),
            0xc4 => {
                let mut i = 0;
                while i < seg.len() {
                    let (class, id) = (seg[i] >> 4, usize::from(seg[i] & 3));
                    let counts: [u8; 16] = seg
                        .get(i + 1..i + 17)
                        .ok_or("truncated JPEG Huffman table")?
                        .try_into()
                        .map_err(|_| "truncated JPEG Huffman table")?;
                    let n: usize = counts.iter().map(|&c| usize::from(c)).sum();
                    let values = seg
                        .get(i + 17..i + 17 + n)
                        .ok_or("truncated JPEG Huffman table")?
                        .to_vec();
                    let table = Some(Huffman::new(&counts, values));
                    if class == 0 {
                        dc_tables[id] = table;
                    } else {
                        ac_tables[id] = table;
                    }
                    i += 17 + n;
                }
            }
            0xdb => {
                let mut i = 0;
                while i < seg.len() {
                    let (wide, id) = (seg[i] >> 4 != 0, usize::from(seg[i] & 3));
                    for k in 0..64 {
                        let q = if wide {
                            u16_at(seg, i + 1 + 2 * k)? as i32
                        } else {
                            i32::from(*seg.get(i + 1 + k).ok_or("truncated JPEG table")?)
                        };
                        quant[id][NATURAL_ORDER[k]] = q;
                    }
                    i += 1 + if wide { 128 } else { 64 };
                }
            }
            0xdd => restart_interval = u16_at(seg, 0)?,
            0xda => {
                if components.is_empty() {
                    return Err("corrupt JPEG data: a scan before the frame header".into());
                }
                let n = usize::from(*seg.first().ok_or("truncated JPEG scan")?);
                let mut in_scan = Vec::new();
                for k in 0..n {
                    let (id, tables) = (
                        *seg.get(1 + 2 * k).ok_or("truncated JPEG scan")?,
                        *seg.get(2 + 2 * k).ok_or("truncated JPEG scan")?,
                    );
                    let c = components
                        .iter()
                        .position(|c| c.id == id)
                        .ok_or("corrupt JPEG data: a scan of an unknown component")?;
                    components[c].dc_table = usize::from(tables >> 4) & 3;
                    components[c].ac_table = usize::from(tables & 15) & 3;
                    in_scan.push(c);
                }
                let mut bits = Bits {
                    data,
                    pos: pos + len,
                    buffer: 0,
                    count: 0,
                    at_marker: false,
                };
                let spectral = seg.get(1 + 2 * n..4 + 2 * n).ok_or("truncated JPEG scan")?;
                let band = Band {
                    progressive,
                    start: usize::from(spectral[0]),
                    end: usize::from(spectral[1]),
                    high: u32::from(spectral[2] >> 4),
                    low: u32::from(spectral[2] & 15),
                };
                if band.end > 63
                    || band.start > band.end
                    || band.low > 13
                    || (!progressive && (band.start != 0 || band.end != 63))
                    || (band.start > 0 && n != 1)
                {
                    return Err(format!(
                        "corrupt JPEG data: a scan of coefficients {} ..= {} (bits {} / {})",
                        band.start, band.end, band.high, band.low
                    ));
                }
                decode_scan(
                    &mut bits,
                    &mut components,
                    &in_scan,
                    (&dc_tables, &ac_tables),
                    band,
                    restart_interval,
                    (width, height, h_max, v_max),
                )?;
                scans += 1;
                // Past the entropy-coded data: the next marker that is no RST.
                let mut p = bits.pos;
                while p + 1 < data.len()
                    && !(data[p] == 0xff
                        && data[p + 1] != 0
                        && !(0xd0..=0xd7).contains(&data[p + 1]))
                {
                    p += 1;
                }
                pos = p;
                continue;
            }
            _ => {} // APPn, COM, DNL, ...: skipped
        }
        pos += len;
    }
    if scans == 0 {
        return Err("corrupt JPEG data: no scan".into());
    }
    for c in &mut components {
        let stride = c.blocks_w * 8;
        for (b, coef) in c.coefficients.iter().enumerate() {
            let (by, bx) = (b / c.blocks_w, b % c.blocks_w);
            let offset = by * 8 * stride + bx * 8;
            idct_islow(coef, &quant[c.quant], &mut c.plane[offset..], stride);
        }
    }
    Ok(to_pixels(&components, width, height, h_max, v_max))
}

type Tables<'a> = (&'a [Option<Huffman>; 4], &'a [Option<Huffman>; 4]);

/// What a scan codes: coefficients `start ..= end` (zigzag order); progressive refinement
/// scans (`high` > 0) add bit `low`, first scans code the values shifted left by `low`.
#[derive(Clone, Copy)]
struct Band {
    progressive: bool,
    start: usize,
    end: usize,
    high: u32,
    low: u32,
}

fn decode_scan<'t>(
    bits: &mut Bits,
    components: &mut [Component],
    in_scan: &[usize],
    (dc_tables, ac_tables): Tables<'t>,
    band: Band,
    restart_interval: usize,
    (width, height, h_max, v_max): (usize, usize, usize, usize),
) -> Result<(), String> {
    for &c in in_scan {
        components[c].prediction = 0;
    }
    // Interleaved: MCUs of every component's h x v blocks; one component: its own blocks.
    let units: Vec<(usize, usize, usize)> = if in_scan.len() == 1 {
        let c = &components[in_scan[0]];
        let bw = (width * c.h).div_ceil(h_max).div_ceil(8);
        let bh = (height * c.v).div_ceil(v_max).div_ceil(8);
        (0..bh)
            .flat_map(|y| (0..bw).map(move |x| (in_scan[0], y, x)))
            .collect()
    } else {
        let (mcu_w, mcu_h) = (width.div_ceil(8 * h_max), height.div_ceil(8 * v_max));
        let mut units = Vec::new();
        for my in 0..mcu_h {
            for mx in 0..mcu_w {
                for &c in in_scan {
                    let (h, v) = (components[c].h, components[c].v);
                    for by in 0..v {
                        for bx in 0..h {
                            units.push((c, my * v + by, mx * h + bx));
                        }
                    }
                }
            }
        }
        units
    };
    let per_mcu = if in_scan.len() == 1 {
        1
    } else {
        in_scan
            .iter()
            .map(|&c| components[c].h * components[c].v)
            .sum()
    };
    let mut eob_run = 0u32;
    for (k, &(c, by, bx)) in units.iter().enumerate() {
        if restart_interval > 0 && k > 0 && k % (restart_interval * per_mcu) == 0 {
            bits.restart();
            eob_run = 0;
            for &c in in_scan {
                components[c].prediction = 0;
            }
        }
        let comp = &mut components[c];
        let table = |tables: &'t [Option<Huffman>; 4], i: usize, what: &str| {
            tables[i]
                .as_ref()
                .ok_or_else(|| format!("corrupt JPEG data: a missing {what} Huffman table"))
        };
        let block = by * comp.blocks_w + bx;
        let coef = comp
            .coefficients
            .get_mut(block)
            .ok_or("corrupt JPEG data: a block outside the image")?;
        if band.start == 0 {
            // DC (and, in a sequential scan, the AC coefficients after it).
            if band.high == 0 {
                let dc = table(dc_tables, comp.dc_table, "DC")?;
                let s = bits.decode(dc)?;
                comp.prediction = comp.prediction.wrapping_add(bits.extend(s)?);
                coef[0] = comp.prediction.wrapping_shl(band.low);
            } else if bits.bit() != 0 {
                coef[0] |= 1 << band.low;
            }
            if band.progressive {
                continue;
            }
            let ac = table(ac_tables, comp.ac_table, "AC")?;
            let mut i = 1;
            while i < 64 {
                let rs = bits.decode(ac)?;
                let (r, s) = (usize::from(rs >> 4), rs & 15);
                if s == 0 {
                    if r != 15 {
                        break;
                    }
                    i += 16;
                    continue;
                }
                i += r;
                if i > 63 {
                    return Err("corrupt JPEG data: a coefficient past the block".into());
                }
                coef[NATURAL_ORDER[i]] = bits.extend(s)?;
                i += 1;
            }
            continue;
        }
        let ac = table(ac_tables, comp.ac_table, "AC")?;
        if band.high == 0 {
            ac_first(bits, ac, coef, band, &mut eob_run)?;
        } else {
            ac_refine(bits, ac, coef, band, &mut eob_run)?;
        }
    }
    Ok(())
}

/// A progressive scan's first pass over AC coefficients `start ..= end` of one block
/// (`decode_mcu_AC_first`).
fn ac_first(
    bits: &mut Bits,
    ac: &Huffman,
    coef: &mut [i32; 64],
    band: Band,
    eob_run: &mut u32,
) -> Result<(), String> {
    if *eob_run > 0 {
        *eob_run -= 1;
        return Ok(());
    }
    let mut k = band.start;
    while k <= band.end {
        let rs = bits.decode(ac)?;
        let (r, s) = (usize::from(rs >> 4), rs & 15);
        if s != 0 {
            k += r;
            if k > 63 {
                return Err("corrupt JPEG data: a coefficient past the block".into());
            }
            coef[NATURAL_ORDER[k]] = bits.extend(s)?.wrapping_shl(band.low);
        } else if r == 15 {
            k += 15;
        } else {
            *eob_run = (1u32 << r) + bits.bits(r as u32) as u32 - 1;
            break;
        }
        k += 1;
    }
    Ok(())
}

/// A progressive scan's refinement pass (successive approximation) over AC coefficients
/// `start ..= end` of one block (`decode_mcu_AC_refine`).
fn ac_refine(
    bits: &mut Bits,
    ac: &Huffman,
    coef: &mut [i32; 64],
    band: Band,
    eob_run: &mut u32,
) -> Result<(), String> {
    let (p1, m1) = (1i32 << band.low, -1i32 << band.low);
    let refine = |bits: &mut Bits, c: &mut i32| {
        if bits.bit() != 0 && *c & p1 == 0 {
            *c += if *c >= 0 { p1 } else { m1 };
        }
    };
    let mut k = band.start;
    if *eob_run == 0 {
        while k <= band.end {
            let rs = bits.decode(ac)?;
            let (mut r, s) = (i32::from(rs >> 4), rs & 15);
            let mut value = 0;
            if s != 0 {
                value = if bits.bit() != 0 { p1 } else { m1 };
            } else if r != 15 {
                *eob_run = (1u32 << r) + bits.bits(r as u32) as u32;
                break;
            }
            // Past the already-nonzero coefficients (refining them) and r zero ones.
            while k <= band.end {
                let c = &mut coef[NATURAL_ORDER[k]];
                if *c != 0 {
                    refine(bits, c);
                } else {
                    r -= 1;
                    if r < 0 {
                        break;
                    }
                }
                k += 1;
            }
            if value != 0 {
                if k > band.end {
                    return Err("corrupt JPEG data: a coefficient past the band".into());
                }
                coef[NATURAL_ORDER[k]] = value;
            }
            k += 1;
        }
    }
    if *eob_run > 0 {
        while k <= band.end {
            let c = &mut coef[NATURAL_ORDER[k]];
            if *c != 0 {
                refine(bits, c);
            }
            k += 1;
        }
        *eob_run -= 1;
    }
    Ok(())
}

/// libjpeg's post-IDCT range limit: the 10-bit wrap of `x`, then 128 added and clamped.
fn range_limit(x: i64) -> u8 {
    let v = (x & 1023) as i32;
    let s = if v >= 512 { v - 1024 } else { v };
    (s + 128).clamp(0, 255) as u8
}

/// `jpeg_idct_islow` (libjpeg's `jidctint.c`): the accurate integer inverse DCT.
fn idct_islow(coef: &[i32; 64], quant: &[i32; 64], out: &mut [u8], stride: usize) {
    const CONST_BITS: i64 = 13;
    const PASS1_BITS: i64 = 2;
    let descale = |x: i64, n: i64| (x + (1 << (n - 1))) >> n;
    // The even and odd parts of one 1-D pass, over 8 values `z` (already dequantized).
    let pass = |z: [i64; 8]| -> [i64; 8] {
        let z1 = (z[2] + z[6]) * 4433;
        let tmp2 = z1 + z[6] * -15137;
        let tmp3 = z1 + z[2] * 6270;
        let tmp0 = (z[0] + z[4]) << CONST_BITS;
        let tmp1 = (z[0] - z[4]) << CONST_BITS;
        let (tmp10, tmp13, tmp11, tmp12) = (tmp0 + tmp3, tmp0 - tmp3, tmp1 + tmp2, tmp1 - tmp2);
        let (t0, t1, t2, t3) = (z[7], z[5], z[3], z[1]);
        let (z1, z2, z3, z4) = (t0 + t3, t1 + t2, t0 + t2, t1 + t3);
        let z5 = (z3 + z4) * 9633;
        let (t0, t1, t2, t3) = (t0 * 2446, t1 * 16819, t2 * 25172, t3 * 12299);
        let (z1, z2) = (z1 * -7373, z2 * -20995);
        let (z3, z4) = (z3 * -16069 + z5, z4 * -3196 + z5);
        let (t0, t1, t2, t3) = (t0 + z1 + z3, t1 + z2 + z4, t2 + z2 + z3, t3 + z1 + z4);
        [
            tmp10 + t3,
            tmp11 + t2,
            tmp12 + t1,
            tmp13 + t0,
            tmp13 - t0,
            tmp12 - t1,
            tmp11 - t2,
            tmp10 - t3,
        ]
    };
    let mut work = [0i64; 64];
    for col in 0..8 {
        let z: [i64; 8] = std::array::from_fn(|row| {
            i64::from(coef[row * 8 + col]) * i64::from(quant[row * 8 + col])
        });
        let r = pass(z);
        for row in 0..8 {
            work[row * 8 + col] = descale(r[row], CONST_BITS - PASS1_BITS);
        }
    }
    for row in 0..8 {
        let z: [i64; 8] = std::array::from_fn(|col| work[row * 8 + col]);
        let r = pass(z);
        for col in 0..8 {
            out[row * stride + col] = range_limit(descale(r[col], CONST_BITS + PASS1_BITS + 3));
        }
    }
}

/// The component planes upsampled (libjpeg's fancy upsampling), color-converted and cropped.
fn to_pixels(
    components: &[Component],
    width: usize,
    height: usize,
    h_max: usize,
    v_max: usize,
) -> Image {
    let full: Vec<Vec<u8>> = components
        .iter()
        .map(|c| {
            let stride = c.blocks_w * 8;
            if c.h == h_max && c.v == v_max {
                return (0..height)
                    .flat_map(|y| c.plane[y * stride..y * stride + width].to_vec())
                    .collect();
            }
            // The component's real size (its plane is padded to whole MCUs).
            let (cw, ch) = (width.div_ceil(h_max), height.div_ceil(v_max));
            let row = |y: usize| &c.plane[y * stride..y * stride + cw];
            let mut out = vec![0u8; width * height];
            for y in 0..height {
                let line = &mut out[y * width..(y + 1) * width];
                let up: Vec<u8> = if v_max == 2 {
                    // h2v2: the nearer row weighs 3, the farther (above for even output rows,
                    // below for odd ones; the edge rows repeat) 1.
                    let near = y / 2;
                    let far = if y % 2 == 0 {
                        near.saturating_sub(1)
                    } else {
                        (near + 1).min(ch - 1)
                    };
                    h2v2_row(row(near), row(far))
                } else {
                    h2v1_row(row(y))
                };
                line.copy_from_slice(&up[..width]);
            }
            out
        })
        .collect();
    let pixels = if components.len() == 1 {
        full[0].clone()
    } else {
        ycc_to_rgb(&full[0], &full[1], &full[2])
    };
    Image {
        width,
        height,
        components: components.len(),
        pixels,
    }
}

/// `h2v2_fancy_upsample`: one output row from its nearer and farther input rows.
fn h2v2_row(near: &[u8], far: &[u8]) -> Vec<u8> {
    let n = near.len();
    let sum: Vec<i32> = near
        .iter()
        .zip(far)
        .map(|(&a, &b)| i32::from(a) * 3 + i32::from(b))
        .collect();
    let mut out = Vec::with_capacity(2 * n);
    if n == 1 {
        out.extend([((sum[0] * 4 + 8) >> 4) as u8, ((sum[0] * 4 + 7) >> 4) as u8]);
        return out;
    }
    for i in 0..n {
        let left = if i == 0 {
            (sum[0] * 4 + 8) >> 4
        } else {
            (sum[i] * 3 + sum[i - 1] + 8) >> 4
        };
        let right = if i == n - 1 {
            (sum[i] * 4 + 7) >> 4
        } else {
            (sum[i] * 3 + sum[i + 1] + 7) >> 4
        };
        out.extend([left as u8, right as u8]);
    }
    out
}

/// `h2v1_fancy_upsample`: one output row from one input row.
fn h2v1_row(input: &[u8]) -> Vec<u8> {
    let n = input.len();
    let x: Vec<i32> = input.iter().map(|&v| i32::from(v)).collect();
    let mut out = Vec::with_capacity(2 * n);
    if n == 1 {
        out.extend([input[0], input[0]]);
        return out;
    }
    for i in 0..n {
        let left = if i == 0 {
            x[0]
        } else {
            (x[i] * 3 + x[i - 1] + 1) >> 2
        };
        let right = if i == n - 1 {
            x[i]
        } else {
            (x[i] * 3 + x[i + 1] + 2) >> 2
        };
        out.extend([left as u8, right as u8]);
    }
    out
}

/// `ycc_rgb_convert` with libjpeg's tables (16-bit fixed point).
fn ycc_to_rgb(y: &[u8], cb: &[u8], cr: &[u8]) -> Vec<u8> {
    const ONE_HALF: i64 = 1 << 15;
    let fix = |x: f64| (x * 65536.0 + 0.5) as i64;
    let (cr_r, cb_b, cr_g, cb_g) = (fix(1.40200), fix(1.77200), fix(0.71414), fix(0.34414));
    let mut out = Vec::with_capacity(3 * y.len());
    for ((&y, &cb), &cr) in y.iter().zip(cb).zip(cr) {
        let (y, cb, cr) = (i64::from(y), i64::from(cb) - 128, i64::from(cr) - 128);
        let r = y + ((cr_r * cr + ONE_HALF) >> 16);
        let g = y + ((-cb_g * cb + ONE_HALF - cr_g * cr) >> 16);
        let b = y + ((cb_b * cb + ONE_HALF) >> 16);
        out.extend([r, g, b].map(|v| v.clamp(0, 255) as u8));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Damaged and hostile data is an error, never a panic: every prefix of a header-only
    /// JPEG, random bytes after SOI, and huge coefficient categories.
    #[test]
    fn damaged_data_is_an_error() {
        // SOI, DQT (all 1), SOF0 8x8 gray, DHT DC (one 1-bit code -> category 200), DHT AC
        // (one 1-bit code -> EOB), SOS, data, EOI.
        let mut jpeg = vec![0xff, 0xd8, 0xff, 0xdb, 0, 67, 0];
        jpeg.extend([1u8; 64]);
        jpeg.extend([0xff, 0xc0, 0, 11, 8, 0, 8, 0, 8, 1, 1, 0x11, 0]);
        let mut dht = |class: u8, symbol: u8| {
            jpeg.extend([0xff, 0xc4, 0, 20, class << 4, 1]);
            jpeg.extend([0u8; 15]);
            jpeg.push(symbol);
        };
        dht(0, 200);
        dht(1, 0);
        jpeg.extend([0xff, 0xda, 0, 8, 1, 1, 0, 0, 63, 0, 0x00, 0xff, 0xd9]);
        let e = decode(&jpeg).err().unwrap_or_default();
        assert!(e.contains("a coefficient of 200 bits"), "{e}");
        for n in 0..jpeg.len() {
            let _ = decode(&jpeg[..n]);
        }
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..2000 {
            let mut data = vec![0xff, 0xd8];
            for _ in 0..64 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                data.push(if state.is_multiple_of(5) {
                    0xff
                } else {
                    (state >> 8) as u8
                });
            }
            let _ = decode(&data);
        }
        // A valid DC category: an 8x8 gray block of DC 0 decodes to mid-gray 128.
        let mut ok = jpeg.clone();
        let at = ok.iter().position(|&b| b == 200).unwrap();
        ok[at] = 0; // the DC table's one symbol: category 0
        let image = decode(&ok).unwrap();
        assert_eq!((image.width, image.height, image.components), (8, 8, 1));
        assert!(image.pixels.iter().all(|&p| p == 128));
    }
}
