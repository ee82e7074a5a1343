//! Where each instruction class's records lie in a rules file, found without
//! building the records: the decoder compiles a class's records the first
//! time it meets a word of that class, so that a process decoding a small
//! cubin does not pay for the whole ISA's tables. Shared by the build script
//! (which indexes the embedded files once, at build time) and
//! [`crate::rules::Rules::from_texts`].

use serde::Deserialize;
use serde_json::value::RawValue;

/// A class: the 12-bit opcode and bit 91, `opcode | bit91 << 12`.
pub type ClassKey = u16;

/// One entry of a file's index: a record (or a control entry) of a class at
/// byte range `[start, end)` of the file's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The class.
    pub class: ClassKey,
    /// First byte of the record's JSON text.
    pub start: u32,
    /// One past its last byte.
    pub end: u32,
    /// A control entry rather than an instruction record.
    pub control: bool,
}

#[derive(Deserialize)]
struct Outline<'a> {
    #[serde(borrow)]
    format: &'a str,
    /// Priority tier: records of a lower tier are tried first (hand-derived
    /// files are tier 0, the generated `isa.json` tier 1).
    #[serde(default)]
    tier: u32,
    #[serde(borrow)]
    instructions: Vec<&'a RawValue>,
    #[serde(default, borrow)]
    control: Vec<&'a RawValue>,
}

#[derive(Deserialize)]
struct MatchOnly {
    #[serde(rename = "match")]
    matches: Vec<Range>,
}

#[derive(Deserialize)]
struct Range {
    lo: u32,
    hi: u32,
    value: u64,
}

#[derive(Deserialize)]
struct ControlKey<'a> {
    opcode: &'a str,
    b91: u8,
}

/// The format tag every rules file carries.
pub const FORMAT: &str = "xisa-sm75-rules/1";

/// The file's tier and its index, in file order. A record whose match
/// leaves bit 91 open is listed under both of its classes; one that leaves
/// any opcode bit open is refused (every class must know its records).
pub fn index(text: &str) -> Result<(u32, Vec<Entry>), String> {
    let o: Outline = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if o.format != FORMAT {
        return Err(format!("unknown format {:?}", o.format));
    }
    let span = |r: &RawValue| -> Result<(u32, u32), String> {
        let start = r.get().as_ptr() as usize - text.as_ptr() as usize;
        let end = start + r.get().len();
        let start = u32::try_from(start).map_err(|_| "file too large".to_string())?;
        let end = u32::try_from(end).map_err(|_| "file too large".to_string())?;
        Ok((start, end))
    };
    let mut out = Vec::new();
    for r in &o.instructions {
        let m: MatchOnly = serde_json::from_str(r.get()).map_err(|e| e.to_string())?;
        let (mut mask, mut value) = (0u128, 0u128);
        for x in &m.matches {
            if x.lo >= x.hi || x.hi > 128 || x.hi - x.lo > 64 {
                return Err(format!("bad match range [{}, {})", x.lo, x.hi));
            }
            let w = x.hi - x.lo;
            let bits = if w == 128 {
                u128::MAX
            } else {
                (1u128 << w) - 1
            };
            mask |= bits << x.lo;
            value |= u128::from(x.value) << x.lo;
        }
        if mask & 0xfff != 0xfff {
            return Err(format!(
                "record at byte {} leaves opcode bits open",
                span(r)?.0
            ));
        }
        let op = (value & 0xfff) as u16;
        let b91s: &[u16] = if mask >> 91 & 1 == 1 {
            if value >> 91 & 1 == 1 {
                &[1]
            } else {
                &[0]
            }
        } else {
            &[0, 1]
        };
        let (start, end) = span(r)?;
        for &b in b91s {
            out.push(Entry {
                class: op | b << 12,
                start,
                end,
                control: false,
            });
        }
    }
    for r in &o.control {
        let c: ControlKey = serde_json::from_str(r.get()).map_err(|e| e.to_string())?;
        let op = u16::from_str_radix(c.opcode.trim_start_matches("0x"), 16)
            .ok()
            .filter(|&o| o < 0x1000)
            .ok_or_else(|| format!("control entry: bad opcode {:?}", c.opcode))?;
        let (start, end) = span(r)?;
        out.push(Entry {
            class: op | u16::from(c.b91 & 1) << 12,
            start,
            end,
            control: true,
        });
    }
    Ok((o.tier, out))
}
