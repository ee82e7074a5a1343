//! What each gfx942 memory mnemonic does, as data:
//! `translation-rules/cdna/gfx942_mem_semantics.tsv` names, per SMEM, DS,
//! FLAT / GLOBAL / SCRATCH and MUBUF mnemonic, the access ([`Access`]), the
//! data it moves (an IR element kind and count, or an IR atomic op and type)
//! and flags. Parsed once; `lift/mem.rs` dispatches on the parsed row and
//! never on the mnemonic's spelling.

use std::collections::HashMap;
use std::sync::OnceLock;

use xisa_ir::{AtomOp, AtomType, MemKind};

use super::semantics::{find, parse_table, table_enum};

/// `gfx942_mem_semantics.tsv`.
pub const MEM_SEMANTICS_TSV: &str =
    include_str!("../../../../translation-rules/cdna/gfx942_mem_semantics.tsv");

table_enum! {
    /// What a memory row does: one lifting path each.
    pub enum Access {
        /// A vector (or LDS) load of one address per lane.
        Load = "load",
        /// A vector (or LDS) store of one address per lane.
        Store = "store",
        /// A vector (or LDS) atomic of one address per lane.
        Atomic = "atomic",
        /// Two LDS loads at two offsets.
        Read2 = "read2",
        /// Two LDS stores at two offsets.
        Write2 = "write2",
        /// Two LDS exchanges at two offsets, both old values returned.
        Wrxchg2 = "wrxchg2",
        /// An LDS read-modify-write the IR has no atomic for.
        DsRmw = "ds_rmw",
        /// `ds_condxchg32_rtn_b64`: two conditional 32-bit exchanges.
        DsCondxchg = "ds_condxchg",
        /// Wave-level LDS counter increment.
        DsAppend = "ds_append",
        /// Wave-level LDS counter decrement.
        DsConsume = "ds_consume",
        /// Forward lane permute.
        DsPermute = "ds_permute",
        /// Backward lane permute.
        DsBpermute = "ds_bpermute",
        /// Lane swizzle by pattern.
        DsSwizzle = "ds_swizzle",
        /// A scalar load.
        SLoad = "s_load",
        /// A scalar store.
        SStore = "s_store",
        /// A scalar atomic.
        SAtomic = "s_atomic",
        /// No effect in xisa (scalar cache discards, address probes).
        SHint = "s_hint",
        /// Cache write-back: a release fence at the sc bits' scope.
        Wbl2 = "wbl2",
        /// Cache invalidate: an acquire fence at the sc bits' scope.
        Inv = "inv",
        /// A 64-bit time counter into `sdata` (`s_memtime`, `s_memrealtime`).
        STime = "s_time",
    }
}

table_enum! {
    /// The LDS read-modify-writes with no IR atomic of their own (CDNA3 ISA,
    /// "LDS Instructions"): `tmp = MEM[addr]; MEM[addr] = f(tmp, DATA, DATA2)`.
    pub enum Rmw {
        /// `DATA - tmp`.
        RSub = "rsub",
        /// `(tmp & !DATA) | DATA2`.
        MskOr = "mskor",
        /// `tmp >= DATA ? tmp - DATA : tmp + DATA2` (32-bit only).
        Wrap = "wrap",
        /// `tmp == DATA ? DATA2 : tmp`, compared as floats (IEEE equality:
        /// +0 equals -0, a NaN equals nothing).
        FCmpst = "fcmpst",
    }
}

/// The data a row moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Data {
    /// None named.
    None,
    /// `count` elements of `kind`.
    Mem(MemKind, u8),
    /// An IR atomic.
    Atom(AtomOp, AtomType),
    /// An LDS read-modify-write, 64-bit or not.
    Rmw(Rmw, bool),
}

/// A row's flags (`-` in the table: all clear).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MemFlags {
    /// A 16-bit result written to one half of the VGPR.
    pub d16: bool,
    /// The high half (loaded into, or stored from).
    pub hi: bool,
    /// A DS atomic returns the old value.
    pub rtn: bool,
    /// read2 / write2 offsets count 64 elements.
    pub st64: bool,
    /// A scalar access through the V# descriptor at sbase.
    pub buffer: bool,
    /// A cache operation that orders both ways at device scope whatever
    /// its cache bits (`buffer_wbinvl1*`, which has none).
    pub device: bool,
}

/// One lifted memory row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemSem {
    /// What it does.
    pub access: Access,
    /// What it moves.
    pub data: Data,
    /// Flags.
    pub flags: MemFlags,
}

/// A row: its semantics, or why the mnemonic is not lifted.
pub type MemRow = Result<MemSem, String>;

/// The parsed table, by mnemonic.
pub fn mem_semantics() -> &'static HashMap<String, MemRow> {
    static T: OnceLock<HashMap<String, MemRow>> = OnceLock::new();
    T.get_or_init(|| {
        parse(MEM_SEMANTICS_TSV).unwrap_or_else(|e| panic!("gfx942_mem_semantics.tsv: {e}"))
    })
}

/// The row of `mnemonic`; `None` when the table has none.
pub fn mem_row(mnemonic: &str) -> Option<&'static MemRow> {
    mem_semantics().get(mnemonic)
}

fn data_of(access: Access, s: &str) -> Result<Data, String> {
    let bad = || format!("`{s}` is not data of access `{}`", access.name());
    let data = match access {
        _ if s == "-" => Data::None,
        Access::Load
        | Access::Store
        | Access::Read2
        | Access::Write2
        | Access::SLoad
        | Access::SStore => {
            let (k, n) = s.rsplit_once('x').ok_or_else(bad)?;
            let kind = find(&MemKind::ALL, MemKind::name, k).ok_or_else(bad)?;
            Data::Mem(kind, n.parse().map_err(|_| bad())?)
        }
        Access::Atomic | Access::SAtomic | Access::Wrxchg2 => {
            let (o, t) = s.split_once('.').ok_or_else(bad)?;
            let op = find(&AtomOp::ALL, AtomOp::name, o).ok_or_else(bad)?;
            let ty = find(&AtomType::ALL, AtomType::name, t).ok_or_else(bad)?;
            if !ty.supports(op) {
                return Err(bad());
            }
            Data::Atom(op, ty)
        }
        Access::DsRmw => {
            let (o, t) = s.split_once('.').ok_or_else(bad)?;
            let op = find(Rmw::ALL, Rmw::name, o).ok_or_else(bad)?;
            match t {
                "b32" => Data::Rmw(op, false),
                "b64" if op != Rmw::Wrap => Data::Rmw(op, true),
                _ => return Err(bad()),
            }
        }
        _ => return Err(bad()),
    };
    let needs_data = !matches!(
        access,
        Access::DsCondxchg
            | Access::DsAppend
            | Access::DsConsume
            | Access::DsPermute
            | Access::DsBpermute
            | Access::DsSwizzle
            | Access::SHint
            | Access::Wbl2
            | Access::Inv
            | Access::STime
    );
    if needs_data == (data == Data::None) {
        return Err(format!(
            "access `{}` {} data",
            access.name(),
            if needs_data { "needs" } else { "takes no" }
        ));
    }
    Ok(data)
}

fn flags_of(s: &str) -> Result<MemFlags, String> {
    let mut f = MemFlags::default();
    if s == "-" {
        return Ok(f);
    }
    for w in s.split(',') {
        match w {
            "d16" => f.d16 = true,
            "hi" => f.hi = true,
            "rtn" => f.rtn = true,
            "st64" => f.st64 = true,
            "buffer" => f.buffer = true,
            "device" => f.device = true,
            _ => return Err(format!("unknown flag `{w}`")),
        }
    }
    Ok(f)
}

fn parse_row(cols: &[&str]) -> Result<MemRow, String> {
    match cols {
        [_, "-", why] => Ok(Err(why.to_string())),
        [_, access, data, flags] => {
            let access = find(Access::ALL, Access::name, access)
                .ok_or(format!("unknown access `{access}`"))?;
            Ok(Ok(MemSem {
                access,
                data: data_of(access, data)?,
                flags: flags_of(flags)?,
            }))
        }
        _ => Err(format!("{} columns", cols.len())),
    }
}

/// Parses the table text.
pub fn parse(text: &str) -> Result<HashMap<String, MemRow>, String> {
    parse_table(text, parse_row)
}
