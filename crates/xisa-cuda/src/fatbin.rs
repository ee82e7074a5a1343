//! NVIDIA fat binaries: a container of cubins and PTX for several
//! architectures (what `nvcc` embeds in host programs and
//! `cuModuleLoadFatBinary` takes). Layout (little-endian):
//!
//! * header, 16 bytes: magic `0xBA55ED50` (u32), version (u16), header
//!   size (u16), size of the entries that follow (u64);
//! * entries, back to back: a header of its own size (at least 64 bytes):
//!   kind (u16 at 0: 1 PTX, 2 ELF), header size (u32 at 4), payload size
//!   (u64 at 8), flags (u64 at 0x30), the architecture as 10·major+minor
//!   (u32 at 0x1c), the uncompressed size (u64 at 0x38) for compressed
//!   payloads; the payload follows the header.

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

/// The entry flag of a compressed payload.
const FLAG_COMPRESSED: u64 = 0x2000;

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

/// One entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry<'a> {
    /// 1 PTX, 2 ELF.
    pub kind: u16,
    /// 10·major + minor.
    pub arch: u32,
    /// Whether the payload is compressed.
    pub compressed: bool,
    /// The payload as stored.
    pub payload: &'a [u8],
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
        let kind = u16_at(e, 0).ok_or_else(|| err(format!("entry at {at}: truncated")))?;
        let hsize = u32_at(e, 4).ok_or_else(|| err(format!("entry at {at}: truncated")))? as usize;
        let size = u64_at(e, 8).ok_or_else(|| err(format!("entry at {at}: truncated")))? as usize;
        let arch = u32_at(e, 0x1c).ok_or_else(|| err(format!("entry at {at}: truncated")))?;
        let flags = u64_at(e, 0x30).ok_or_else(|| err(format!("entry at {at}: truncated")))?;
        let payload = e
            .get(
                hsize
                    ..hsize
                        .checked_add(size)
                        .ok_or_else(|| err("size overflow"))?,
            )
            .ok_or_else(|| err(format!("entry at {at}: payload past the end")))?;
        if hsize == 0 {
            return Err(err(format!("entry at {at}: zero-sized header")));
        }
        out.push(Entry {
            kind,
            arch,
            compressed: flags & FLAG_COMPRESSED != 0,
            payload,
        });
        at += hsize + size;
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
        if e.compressed {
            return Err(err(format!(
                "the sm_{sm} cubin is compressed, which this driver cannot read yet"
            )));
        }
        return Ok(Some(Code::Cubin(e.payload.to_vec())));
    }
    let ptx = es
        .iter()
        .filter(|e| e.kind == KIND_PTX && e.arch <= sm)
        .max_by_key(|e| e.arch);
    let Some(e) = ptx else { return Ok(None) };
    if e.compressed {
        return Err(err(format!(
            "the PTX for sm_{} is compressed, which this driver cannot read yet",
            e.arch
        )));
    }
    let text = e.payload.split(|&c| c == 0).next().unwrap_or_default();
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
                format!(
                    "sm_{} {kind}{}",
                    e.arch,
                    if e.compressed { " (compressed)" } else { "" }
                )
            })
            .collect::<Vec<_>>()
            .join(", "),
        Err(e) => e.to_string(),
    }
}
