//! NVIDIA fat binaries: a container of cubins and PTX for several
//! architectures (what `nvcc` embeds in host programs and
//! `cuModuleLoadFatBinary` takes). Layout (little-endian; the facts and
//! their sources are in `docs/cuda-driver.md`):
//!
//! * header, 16 bytes: magic `0xBA55ED50` (u32), version (u16), header
//!   size (u16), size of the entries that follow (u64);
//! * entries, back to back and 8-byte aligned, each a header of its own
//!   size (64 bytes or more) and a payload: kind (u16 at 0: 1 PTX, 2 ELF),
//!   header size (u32 at 4), stored payload size (u64 at 8, padded to 8),
//!   compressed size (u32 at 0x10), architecture as 10·major+minor (u32 at
//!   0x1c), flags (u64 at 0x28: 0x2000 a raw LZ4 block, 0x8000 a zstd
//!   frame), uncompressed size (u64 at 0x38).
//!
//! The wrapper `nvcc` registers with the runtime (`__fatBinC_Wrapper_t`)
//! is 24 bytes: magic `0x466243B1`, version (1; 2 lists prelinked fat
//! binaries instead), a pointer to the fat binary, a pointer.

use std::fmt;

/// A fat binary's magic.
pub const MAGIC: u32 = 0xBA55_ED50;

/// The magic of the wrapper `nvcc` registers with the runtime
/// (`__cudaFatBinaryWrapper`: magic, version, then a pointer to the fat
/// binary).
pub const WRAPPER_MAGIC: u32 = 0x4662_43b1;

/// Bytes of the container header.
pub const HEADER_LEN: usize = 16;

/// Entry kinds.
const KIND_PTX: u16 = 1;
const KIND_ELF: u16 = 2;

/// Entry flags of compressed payloads.
const FLAG_LZ4: u64 = 0x2000;
const FLAG_ZSTD: u64 = 0x8000;

/// The largest payload decompressed (a guard against a corrupt size).
const MAX_UNCOMPRESSED: u64 = 1 << 30;

/// Why a fat binary cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FatbinError(String);

impl fmt::Display for FatbinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "fat binary: {}", self.0)
    }
}

impl std::error::Error for FatbinError {}

fn err(msg: impl Into<String>) -> FatbinError {
    FatbinError(msg.into())
}

fn u16_at(b: &[u8], o: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(o..o + 2)?.try_into().ok()?))
}

fn u32_at(b: &[u8], o: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(o..o + 4)?.try_into().ok()?))
}

fn u64_at(b: &[u8], o: usize) -> Option<u64> {
    Some(u64::from_le_bytes(b.get(o..o + 8)?.try_into().ok()?))
}

/// The whole container's length, from its header.
pub fn total_len(header: &[u8]) -> Result<usize, FatbinError> {
    if u32_at(header, 0) != Some(MAGIC) {
        return Err(err("bad magic"));
    }
    let hlen = u16_at(header, 6).ok_or_else(|| err("short header"))? as u64;
    let body = u64_at(header, 8).ok_or_else(|| err("short header"))?;
    usize::try_from(hlen + body).map_err(|_| err("size too large"))
}

/// How an entry's payload is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    None,
    /// A raw LZ4 block.
    Lz4,
    /// A zstd frame.
    Zstd,
}

/// One entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry<'a> {
    /// 1 PTX, 2 ELF.
    pub kind: u16,
    /// 10·major + minor.
    pub arch: u32,
    /// How the payload is stored.
    pub compression: Compression,
    /// The payload as stored (a compressed one without its padding).
    pub payload: &'a [u8],
    /// Its size uncompressed (for compressed payloads).
    pub uncompressed: u64,
}

impl Entry<'_> {
    /// The payload, decompressed.
    pub fn data(&self) -> Result<Vec<u8>, FatbinError> {
        let what = |e: &dyn fmt::Display| err(format!("sm_{} entry: {e}", self.arch));
        if self.compression != Compression::None && self.uncompressed > MAX_UNCOMPRESSED {
            return Err(what(&format!("{} bytes uncompressed", self.uncompressed)));
        }
        let n = self.uncompressed as usize;
        let out = match self.compression {
            Compression::None => return Ok(self.payload.to_vec()),
            Compression::Lz4 => {
                let mut out = vec![0u8; n];
                let got = lz4_flex::block::decompress_into(self.payload, &mut out)
                    .map_err(|e| what(&e))?;
                out.truncate(got);
                out
            }
            Compression::Zstd => {
                use std::io::Read;
                let mut dec =
                    ruzstd::decoding::StreamingDecoder::new(self.payload).map_err(|e| what(&e))?;
                let mut out = Vec::with_capacity(n);
                (&mut dec)
                    .take(MAX_UNCOMPRESSED)
                    .read_to_end(&mut out)
                    .map_err(|e| what(&e))?;
                out
            }
        };
        if out.len() != n {
            return Err(what(&format!(
                "decompressed to {} bytes, its header says {n}",
                out.len()
            )));
        }
        Ok(out)
    }
}

/// The entries of a fat binary.
pub fn entries(b: &[u8]) -> Result<Vec<Entry<'_>>, FatbinError> {
    let total = total_len(b)?;
    let b = b
        .get(..total)
        .ok_or_else(|| err("shorter than its header says"))?;
    let mut at = u16_at(b, 6).ok_or_else(|| err("short header"))? as usize;
    let mut out = Vec::new();
    while at < b.len() {
        let e = &b[at..];
        let trunc = || err(format!("entry at {at}: truncated"));
        let kind = u16_at(e, 0).ok_or_else(trunc)?;
        let hsize = u32_at(e, 4).ok_or_else(trunc)? as usize;
        let size = u64_at(e, 8).ok_or_else(trunc)?;
        let csize = u32_at(e, 0x10).ok_or_else(trunc)? as u64;
        let arch = u32_at(e, 0x1c).ok_or_else(trunc)?;
        let flags = u64_at(e, 0x28).ok_or_else(trunc)?;
        let uncompressed = u64_at(e, 0x38).ok_or_else(trunc)?;
        if hsize < 0x40 {
            return Err(err(format!("entry at {at}: a {hsize}-byte header")));
        }
        let compression = if flags & FLAG_ZSTD != 0 {
            Compression::Zstd
        } else if flags & FLAG_LZ4 != 0 {
            Compression::Lz4
        } else {
            Compression::None
        };
        let stored = if compression == Compression::None {
            size
        } else {
            csize.min(size)
        };
        let payload = usize::try_from(stored)
            .ok()
            .and_then(|n| e.get(hsize..hsize.checked_add(n)?))
            .ok_or_else(|| err(format!("entry at {at}: payload past the end")))?;
        out.push(Entry {
            kind,
            arch,
            compression,
            payload,
            uncompressed,
        });
        at = usize::try_from(size)
            .ok()
            .and_then(|n| at.checked_add(hsize)?.checked_add(n))
            .ok_or_else(|| err("size overflow"))?;
    }
    Ok(out)
}

/// Code for one architecture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Code {
    /// An ELF cubin.
    Cubin(Vec<u8>),
    /// PTX text.
    Ptx(String),
}

/// The code to run on an `sm` device: its cubin, else the PTX of the
/// newest architecture not above it (to compile). `None` when neither
/// exists.
pub fn pick(b: &[u8], sm: u32) -> Result<Option<Code>, FatbinError> {
    let es = entries(b)?;
    if let Some(e) = es.iter().find(|e| e.kind == KIND_ELF && e.arch == sm) {
        return Ok(Some(Code::Cubin(e.data()?)));
    }
    let ptx = es
        .iter()
        .filter(|e| e.kind == KIND_PTX && e.arch <= sm)
        .max_by_key(|e| e.arch);
    let Some(e) = ptx else { return Ok(None) };
    let data = e.data()?;
    // PTX payloads end in NUL padding.
    let text = data.split(|&c| c == 0).next().unwrap_or_default();
    let text = std::str::from_utf8(text).map_err(|_| err("PTX that is not UTF-8"))?;
    Ok(Some(Code::Ptx(text.to_string())))
}

/// What a fat binary holds, for messages (`sm_80 cubin, sm_80 PTX`).
pub fn describe(b: &[u8]) -> String {
    match entries(b) {
        Ok(es) if es.is_empty() => "no entries".into(),
        Ok(es) => es
            .iter()
            .map(|e| {
                let kind = match e.kind {
                    KIND_ELF => "cubin",
                    KIND_PTX => "PTX",
                    _ => "entry",
                };
                let how = match e.compression {
                    Compression::None => "",
                    Compression::Lz4 => " (LZ4)",
                    Compression::Zstd => " (zstd)",
                };
                format!("sm_{} {kind}{how}", e.arch)
            })
            .collect::<Vec<_>>()
            .join(", "),
        Err(e) => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fat binary of `(kind, arch, flags, stored payload, uncompressed size)`.
    fn container(es: &[(u16, u32, u64, Vec<u8>, u64)]) -> Vec<u8> {
        let mut body = Vec::new();
        for (kind, arch, flags, payload, full) in es {
            let padded = payload.len().next_multiple_of(8);
            let mut h = vec![0u8; 0x40];
            h[0..2].copy_from_slice(&kind.to_le_bytes());
            h[2..4].copy_from_slice(&0x0101u16.to_le_bytes());
            h[4..8].copy_from_slice(&0x40u32.to_le_bytes());
            h[8..16].copy_from_slice(&(padded as u64).to_le_bytes());
            if *flags & (FLAG_LZ4 | FLAG_ZSTD) != 0 {
                h[0x10..0x14].copy_from_slice(&(payload.len() as u32).to_le_bytes());
                h[0x38..0x40].copy_from_slice(&full.to_le_bytes());
            }
            h[0x1c..0x20].copy_from_slice(&arch.to_le_bytes());
            h[0x28..0x30].copy_from_slice(&(flags | 0x11).to_le_bytes());
            body.extend_from_slice(&h);
            body.extend_from_slice(payload);
            body.resize(body.len().next_multiple_of(8), 0);
        }
        let mut out = MAGIC.to_le_bytes().to_vec();
        out.extend_from_slice(&1u16.to_le_bytes());
        out.extend_from_slice(&16u16.to_le_bytes());
        out.extend_from_slice(&(body.len() as u64).to_le_bytes());
        out.extend_from_slice(&body);
        out
    }

    #[test]
    fn picks_the_cubin_else_the_newest_older_ptx_decompressing() {
        let cubin: Vec<u8> = b"\x7fELF".iter().copied().cycle().take(5000).collect();
        let ptx = b".version 6.4\n.target sm_70\n// a kernel\n\0\0\0".to_vec();
        let lz4 = lz4_flex::block::compress(&cubin);
        let zstd = ruzstd::encoding::compress_to_vec(
            &ptx[..],
            ruzstd::encoding::CompressionLevel::Fastest,
        );
        let f = container(&[
            (KIND_ELF, 70, 0, b"\x7fELF-sm70".to_vec(), 0),
            (KIND_ELF, 75, FLAG_LZ4, lz4.clone(), cubin.len() as u64),
            (KIND_PTX, 80, 0, b".target sm_80".to_vec(), 0),
        ]);
        assert_eq!(total_len(&f).unwrap(), f.len());
        assert_eq!(pick(&f, 75).unwrap(), Some(Code::Cubin(cubin.clone())));
        assert_eq!(describe(&f), "sm_70 cubin, sm_75 cubin (LZ4), sm_80 PTX");
        let f = container(&[
            (KIND_PTX, 52, 0, b".version 5.0\n\0".to_vec(), 0),
            (KIND_PTX, 70, FLAG_ZSTD, zstd, ptx.len() as u64),
            (KIND_PTX, 80, 0, b".target sm_80".to_vec(), 0),
            (KIND_ELF, 80, 0, b"\x7fELF".to_vec(), 0),
        ]);
        let want = ".version 6.4\n.target sm_70\n// a kernel\n".to_string();
        assert_eq!(pick(&f, 75).unwrap(), Some(Code::Ptx(want)));
        let only_new = container(&[(KIND_ELF, 80, 0, b"\x7fELF".to_vec(), 0)]);
        assert_eq!(pick(&only_new, 75).unwrap(), None);
        // A size the payload does not decompress to is refused.
        let bad = container(&[(KIND_ELF, 75, FLAG_LZ4, lz4, 4999)]);
        assert!(pick(&bad, 75).unwrap_err().to_string().contains("4999"));
        // Truncated containers are refused, not read past.
        let f = container(&[(KIND_ELF, 75, 0, cubin, 0)]);
        assert!(entries(&f[..f.len() - 8]).is_err());
        assert!(entries(&f[..40]).is_err());
    }
}
