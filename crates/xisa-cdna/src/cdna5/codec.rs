//! CDNA 5 VGLOBAL words <-> [`Inst`], driven by the layout and opcode tables.

use thiserror::Error;

use crate::cdna5::rules::{tables, Class, Rule, WORD_BYTES};

/// SADDR value meaning "no scalar base" (`off`, SGPR_NULL).
pub const SADDR_OFF: u8 = 124;
/// SADDR value of VCC (`vcc_lo`/`vcc_hi`).
pub const SADDR_VCC: u8 = 106;
/// SADDR value of EXEC.
pub const SADDR_EXEC: u8 = 126;
/// First trap temporary (`ttmp0` = 108).
pub const SADDR_TTMP0: u8 = 108;

/// TH bit 0 on an atomic: return the pre-op value in VDST (`TH_ATOMIC_RETURN`).
pub const TH_RETURN: u8 = 1;

/// One decoded VGLOBAL atomic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Inst {
    /// Index of the rule in [`crate::cdna5::rules::Tables::rules`].
    pub rule: usize,
    /// First VGPR of the returned value (kept as encoded even when not returning).
    pub vdst: u8,
    /// First VGPR of the address: a 32-bit offset with SADDR, a 64-bit pair without.
    pub vaddr: u8,
    /// First VGPR of the data.
    pub vsrc: u8,
    /// Scalar base: an even SGPR (pair), VCC, an even TTMP, or [`SADDR_OFF`].
    pub saddr: u8,
    /// Temporal hint; bit 0 = return the pre-op value.
    pub th: u8,
    /// Coherence scope: 0 CU, 1 SE, 2 DEV, 3 SYS.
    pub scope: u8,
    /// SCALE_OFFSET: the VADDR offset is scaled by the access size (SADDR forms).
    pub scale_offset: bool,
    /// NV: non-volatile hint (no observable effect).
    pub nv: bool,
    /// Signed 24-bit immediate byte offset.
    pub ioffset: i32,
}

impl Inst {
    /// The instruction's rule.
    pub fn rule(&self) -> &'static Rule {
        &tables().rules[self.rule]
    }

    /// True when VDST is written: an atomic's pre-op value (TH bit 0; on
    /// loads that bit is a cache hint) or a load's data.
    pub fn returns(&self) -> bool {
        match self.rule().class {
            Class::Atomic(..) => self.th & TH_RETURN != 0,
            Class::Load { .. } => true,
            Class::Store { .. } | Class::Fence(_) => false,
        }
    }

    /// The instruction as its text gives it back: the fields the printer
    /// does not show (VDST of a non-returning atomic or a store, VSRC of a
    /// load, VADDR of a lane-id-addressed access, every operand field of a
    /// cache operation) zeroed, SADDR off.
    pub fn canonical(&self) -> Inst {
        let mut i = *self;
        if !i.returns() {
            i.vdst = 0;
        }
        if self.rule().by_lane_id() {
            i.vaddr = 0;
        }
        match self.rule().class {
            Class::Load { .. } => i.vsrc = 0,
            Class::Fence(_) => {
                i.vaddr = 0;
                i.vsrc = 0;
                i.saddr = SADDR_OFF;
                i.ioffset = 0;
                i.scale_offset = false;
            }
            _ => {}
        }
        i
    }

    /// True when SADDR names a scalar base.
    pub fn has_saddr(&self) -> bool {
        self.saddr != SADDR_OFF
    }

    /// Checks every field's range (an [`Inst`] built by hand may be anything).
    pub fn validate(&self) -> Result<(), FieldError> {
        let Some(rule) = tables().rules.get(self.rule) else {
            return Err(FieldError::Rule(self.rule));
        };
        let span = |what: &'static str, first: u8, n: u8| {
            if first as u32 + n as u32 > 256 {
                Err(FieldError::VgprRange {
                    what,
                    first,
                    count: n,
                })
            } else {
                Ok(())
            }
        };
        span("VSRC", self.vsrc, rule.data_regs)?;
        if self.returns() {
            span("VDST", self.vdst, rule.dst_regs)?;
        }
        if rule.has_address() {
            if !rule.by_lane_id() {
                span("VADDR", self.vaddr, if self.has_saddr() { 1 } else { 2 })?;
            }
            sreg_name(self.saddr)?;
        }
        if self.saddr == SADDR_EXEC {
            // EXEC as a 64-bit base is encodable; llvm-mc prints it. Kept.
        }
        if self.th > 7 {
            return Err(FieldError::Value("TH", self.th as i64));
        }
        if self.scope > 3 {
            return Err(FieldError::Value("SCOPE", self.scope as i64));
        }
        if !(-(1 << 23)..(1 << 23)).contains(&self.ioffset) {
            return Err(FieldError::Value("IOFFSET", self.ioffset as i64));
        }
        if self.scale_offset && !self.has_saddr() && rule.has_address() {
            return Err(FieldError::ScaleOffsetWithoutSaddr);
        }
        Ok(())
    }
}

/// A field value that cannot be encoded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FieldError {
    #[error("no rule {0}")]
    Rule(usize),
    #[error("{what} register range v{first}..v{} is beyond v255", *first as u32 + *count as u32 - 1)]
    VgprRange {
        what: &'static str,
        first: u8,
        count: u8,
    },
    #[error("SADDR {0} is not a 64-bit scalar operand (even s0..s104, vcc, even ttmp, exec or off/null)")]
    Saddr(u8),
    #[error("{0} value {1} out of range")]
    Value(&'static str, i64),
    #[error("SCALE_OFFSET needs a scalar base (SADDR is off)")]
    ScaleOffsetWithoutSaddr,
}

/// The assembly name of a SADDR value.
pub fn sreg_name(s: u8) -> Result<String, FieldError> {
    Ok(match s {
        0..=105 if s.is_multiple_of(2) => format!("s[{}:{}]", s, s + 1),
        SADDR_VCC => "vcc".into(),
        108..=123 if s.is_multiple_of(2) => format!("ttmp[{}:{}]", s - 108, s - 107),
        SADDR_OFF => "off".into(),
        SADDR_EXEC => "exec".into(),
        _ => return Err(FieldError::Saddr(s)),
    })
}

/// Why bytes do not decode.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("offset {offset:#x}: {kind}")]
pub struct DecodeError {
    /// Byte offset of the instruction.
    pub offset: usize,
    pub kind: DecodeErrorKind,
}

/// The kinds of [`DecodeError`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DecodeErrorKind {
    #[error("truncated instruction: {0} bytes left, a VGLOBAL instruction has 12")]
    Truncated(usize),
    #[error("not a VGLOBAL instruction: bits 31:24 are {0:#04x}, expected 0xee")]
    NotVglobal(u64),
    #[error("unassigned bits set: {0:#x}")]
    Unassigned(u128),
    #[error("opcode {0} is not a VGLOBAL instruction xisa decodes (atomics, loads, stores, cache operations)")]
    UnknownOpcode(u8),
    #[error("SVE is set: scratch-only bit on a global instruction")]
    Sve,
    #[error("{0}")]
    Field(#[from] FieldError),
}

/// Decodes one 96-bit word (three little-endian dwords).
pub fn decode_word(word: u128) -> Result<Inst, DecodeErrorKind> {
    let t = tables();
    let l = &t.layout;
    if word & l.fixed_mask() != l.fixed_bits() {
        return Err(DecodeErrorKind::NotVglobal(((word >> 24) & 0xff) as u64));
    }
    let stray = word & !l.assigned();
    if stray != 0 {
        return Err(DecodeErrorKind::Unassigned(stray));
    }
    let g = |n: &str| l.field(n).get(word);
    let op = g("OP") as u8;
    let rule = t.by_opcode(op).ok_or(DecodeErrorKind::UnknownOpcode(op))?;
    if g("SVE") != 0 {
        return Err(DecodeErrorKind::Sve);
    }
    let inst = Inst {
        rule,
        vdst: g("VDST") as u8,
        vaddr: g("VADDR") as u8,
        vsrc: g("VSRC") as u8,
        saddr: g("SADDR") as u8,
        th: g("TH") as u8,
        scope: g("SCOPE") as u8,
        scale_offset: g("SCALE_OFFSET") != 0,
        nv: g("NV") != 0,
        ioffset: l.field("IOFFSET").get_signed(word) as i32,
    };
    inst.validate()?;
    Ok(inst)
}

/// Decodes one instruction from the start of `bytes` (`offset`: its position, for
/// messages).
pub fn decode(bytes: &[u8], offset: usize) -> Result<Inst, DecodeError> {
    let err = |kind| DecodeError { offset, kind };
    if bytes.len() < WORD_BYTES {
        return Err(err(DecodeErrorKind::Truncated(bytes.len())));
    }
    let mut b = [0u8; 16];
    b[..WORD_BYTES].copy_from_slice(&bytes[..WORD_BYTES]);
    decode_word(u128::from_le_bytes(b)).map_err(err)
}

/// Decodes a whole program of consecutive instructions.
pub fn decode_program(bytes: &[u8]) -> Result<Vec<Inst>, DecodeError> {
    let mut v = Vec::with_capacity(bytes.len() / WORD_BYTES);
    let mut off = 0;
    while off < bytes.len() {
        v.push(decode(&bytes[off..], off)?);
        off += WORD_BYTES;
    }
    Ok(v)
}

/// Encodes one instruction as a 96-bit word.
pub fn encode_word(inst: &Inst) -> Result<u128, FieldError> {
    inst.validate()?;
    let t = tables();
    let l = &t.layout;
    let rule = inst.rule();
    let mut w = l.fixed_bits();
    for (name, v) in [
        ("OP", rule.opcode as u64),
        ("VDST", inst.vdst as u64),
        ("VADDR", inst.vaddr as u64),
        ("VSRC", inst.vsrc as u64),
        ("SADDR", inst.saddr as u64),
        ("TH", inst.th as u64),
        ("SCOPE", inst.scope as u64),
        ("SCALE_OFFSET", inst.scale_offset as u64),
        ("NV", inst.nv as u64),
        ("IOFFSET", inst.ioffset as u32 as u64),
    ] {
        w = l.field(name).set(w, v);
    }
    Ok(w)
}

/// Encodes one instruction as 12 little-endian bytes.
pub fn encode(inst: &Inst) -> Result<[u8; WORD_BYTES], FieldError> {
    let w = encode_word(inst)?.to_le_bytes();
    let mut b = [0u8; WORD_BYTES];
    b.copy_from_slice(&w[..WORD_BYTES]);
    Ok(b)
}

/// Encodes a program.
pub fn encode_program(insts: &[Inst]) -> Result<Vec<u8>, FieldError> {
    let mut v = Vec::with_capacity(insts.len() * WORD_BYTES);
    for i in insts {
        v.extend_from_slice(&encode(i)?);
    }
    Ok(v)
}
