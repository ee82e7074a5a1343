//! Binary codec: instruction words <-> [`Inst`], driven by the rules and the
//! layout file.

use thiserror::Error;

use crate::rules::{tables, Format, OperandKind, Rule, Slot, REGS_PER_FILE};

/// One decoded / parsed lsu instruction: the rule and the operand field values.
/// Fields the instruction has no operand for are 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Inst {
    /// Index into [`crate::rules::tables`]`().rules`.
    pub id: usize,
    /// First register of the `rd` operand.
    pub rd: u8,
    /// First register of the `rs1` operand.
    pub rs1: u8,
    /// First register of the `rs2` operand.
    pub rs2: u8,
    /// The signed 24-bit immediate.
    pub imm: i32,
    /// Cache-policy bits (layout file, `cpol` lines); 0 = the default policy.
    pub cpol: u8,
}

impl Inst {
    /// Instruction `id` with every operand 0 and the default cache policy.
    pub fn new(id: usize) -> Inst {
        Inst {
            id,
            rd: 0,
            rs1: 0,
            rs2: 0,
            imm: 0,
            cpol: 0,
        }
    }

    /// The instruction's rule (`None` for an out-of-range id).
    pub fn rule(&self) -> Option<&'static Rule> {
        tables().rules.get(self.id)
    }

    /// The value of an operand field.
    pub fn slot(&self, s: Slot) -> i64 {
        match s {
            Slot::Rd => self.rd as i64,
            Slot::Rs1 => self.rs1 as i64,
            Slot::Rs2 => self.rs2 as i64,
            Slot::Imm => self.imm as i64,
            Slot::Cpol => self.cpol as i64,
        }
    }
}

/// Smallest and largest signed 24-bit immediate.
pub const IMM_MIN: i32 = -(1 << 23);
/// Largest signed 24-bit immediate.
pub const IMM_MAX: i32 = (1 << 23) - 1;

/// Why a binary word does not decode.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DecodeErrorKind {
    #[error("truncated instruction: {have} bytes left, a word is {need}")]
    Truncated { have: usize, need: usize },
    #[error("undefined opcode {opcode:#x}")]
    UndefinedOpcode { opcode: u32 },
    #[error("undefined field values {fields} for opcode {opcode:#x} (format {format})")]
    UndefinedFields {
        opcode: u32,
        format: &'static str,
        fields: String,
    },
    #[error("{mnemonic}: field {field} must be 0 (the instruction has no such operand), found {value:#x}")]
    UnusedField {
        mnemonic: String,
        field: String,
        value: u32,
    },
    #[error("{mnemonic}: reserved bits set: {bits:#x}")]
    Reserved { mnemonic: String, bits: u128 },
    #[error("{mnemonic}: register range {prefix}{first}..+{count} goes past {prefix}{last}")]
    RegisterRange {
        mnemonic: String,
        prefix: char,
        first: u32,
        count: u8,
        last: u32,
    },
    #[error("{mnemonic}: undefined cache-policy value {value:#x} in {field}")]
    Cpol {
        mnemonic: String,
        field: String,
        value: u32,
    },
}

/// A decoding error at a byte offset of the input.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("offset {offset:#x}: {kind}")]
pub struct DecodeError {
    pub offset: usize,
    pub kind: DecodeErrorKind,
}

/// Bytes per instruction word.
pub fn word_bytes() -> usize {
    tables().layout.word_bytes()
}

/// Checks that a register operand's range fits its file.
pub(crate) fn check_range(rule: &Rule, slot: Slot, first: u32) -> Result<(), DecodeErrorKind> {
    if let Some(OperandKind::Reg { file, count, .. }) = rule.operand(slot).map(|o| o.kind) {
        if first + count as u32 > REGS_PER_FILE {
            return Err(DecodeErrorKind::RegisterRange {
                mnemonic: rule.mnemonic.clone(),
                prefix: file.prefix(),
                first,
                count,
                last: REGS_PER_FILE - 1,
            });
        }
    }
    Ok(())
}

/// Checks the cache-policy bits against the layout's value names.
pub(crate) fn check_cpol(rule: &Rule, cpol: u32) -> Result<(), DecodeErrorKind> {
    let t = tables();
    let mut known = 0u32;
    for f in &t.layout.cpol {
        let v = (cpol >> f.lo) & ((1 << f.width) - 1);
        known |= ((1 << f.width) - 1) << f.lo;
        if let Some(names) = &f.values {
            if v as usize > names.len() {
                return Err(DecodeErrorKind::Cpol {
                    mnemonic: rule.mnemonic.clone(),
                    field: f.name.clone(),
                    value: v,
                });
            }
        }
    }
    if cpol & !known != 0 {
        return Err(DecodeErrorKind::Cpol {
            mnemonic: rule.mnemonic.clone(),
            field: "cpol".into(),
            value: cpol & !known,
        });
    }
    Ok(())
}

/// Encodes an instruction into its word (the low `word_bits` bits).
/// An `Inst` with an out-of-range id encodes as 0 (it cannot come from the parser
/// or the decoder).
pub fn encode(inst: &Inst) -> u128 {
    let t = tables();
    let Some(rule) = inst.rule() else { return 0 };
    let mut w = 0u128;
    for p in &t.layout.fields[&rule.format] {
        let v = match p.name.as_str() {
            "rd" => inst.rd as u32,
            "rs1" => inst.rs1 as u32,
            "rs2" => inst.rs2 as u32,
            "imm" => inst.imm as u32,
            "cpol" => inst.cpol as u32,
            n => rule.field(n).unwrap_or(0),
        };
        // Operand fields of operands the instruction does not have stay 0.
        let used = match p.name.as_str() {
            "rd" => rule.operand(Slot::Rd).is_some(),
            "rs1" => rule.operand(Slot::Rs1).is_some(),
            "rs2" => rule.operand(Slot::Rs2).is_some(),
            "imm" => rule.operand(Slot::Imm).is_some(),
            "cpol" => rule.operand(Slot::Cpol).is_some(),
            _ => true,
        };
        if used {
            w = p.put(w, v);
        }
    }
    w
}

/// Decodes one word.
pub fn decode(word: u128) -> Result<Inst, DecodeErrorKind> {
    let t = tables();
    let formats = [Format::M, Format::Um, Format::Sys];
    let mut first_opcode = None;
    for f in formats {
        let Some(op_pos) = t.layout.field(f, "opcode") else {
            continue;
        };
        let opcode = op_pos.get(word);
        first_opcode.get_or_insert(opcode);
        let cands: Vec<(usize, &Rule)> = t
            .rules
            .iter()
            .enumerate()
            .filter(|(_, r)| r.format == f && r.field("opcode") == Some(opcode))
            .collect();
        if cands.is_empty() {
            continue;
        }
        let fixed: Vec<_> = t.layout.fields[&f]
            .iter()
            .filter(|p| p.name != "opcode" && !is_operand_field(&p.name))
            .collect();
        let Some(&(id, rule)) = cands
            .iter()
            .find(|(_, r)| fixed.iter().all(|p| r.field(&p.name) == Some(p.get(word))))
        else {
            let fields = fixed
                .iter()
                .map(|p| format!("{}={:#x}", p.name, p.get(word)))
                .collect::<Vec<_>>()
                .join(" ");
            return Err(DecodeErrorKind::UndefinedFields {
                opcode,
                format: f.name(),
                fields,
            });
        };
        let reserved = word & !t.layout.used_mask(f);
        if reserved != 0 {
            return Err(DecodeErrorKind::Reserved {
                mnemonic: rule.mnemonic.clone(),
                bits: reserved,
            });
        }
        let mut inst = Inst::new(id);
        for p in t.layout.fields[&f]
            .iter()
            .filter(|p| is_operand_field(&p.name))
        {
            let v = p.get(word);
            let slot = match p.name.as_str() {
                "rd" => Slot::Rd,
                "rs1" => Slot::Rs1,
                "rs2" => Slot::Rs2,
                "imm" => Slot::Imm,
                _ => Slot::Cpol,
            };
            if rule.operand(slot).is_none() {
                if v != 0 {
                    return Err(DecodeErrorKind::UnusedField {
                        mnemonic: rule.mnemonic.clone(),
                        field: p.name.clone(),
                        value: v,
                    });
                }
                continue;
            }
            match slot {
                Slot::Rd => inst.rd = v as u8,
                Slot::Rs1 => inst.rs1 = v as u8,
                Slot::Rs2 => inst.rs2 = v as u8,
                // Sign-extend the immediate from its field width.
                Slot::Imm => inst.imm = ((v << (32 - p.width)) as i32) >> (32 - p.width),
                Slot::Cpol => {
                    check_cpol(rule, v)?;
                    inst.cpol = v as u8;
                }
            }
            if matches!(slot, Slot::Rd | Slot::Rs1 | Slot::Rs2) {
                check_range(rule, slot, v)?;
            }
        }
        return Ok(inst);
    }
    Err(DecodeErrorKind::UndefinedOpcode {
        opcode: first_opcode.unwrap_or(0),
    })
}

fn is_operand_field(name: &str) -> bool {
    matches!(name, "rd" | "rs1" | "rs2" | "imm" | "cpol")
}

/// Decodes a whole program (consecutive little-endian words).
pub fn decode_program(bytes: &[u8]) -> Result<Vec<Inst>, DecodeError> {
    let n = word_bytes();
    let mut out = Vec::with_capacity(bytes.len() / n);
    for (i, chunk) in bytes.chunks(n).enumerate() {
        let offset = i * n;
        if chunk.len() < n {
            return Err(DecodeError {
                offset,
                kind: DecodeErrorKind::Truncated {
                    have: chunk.len(),
                    need: n,
                },
            });
        }
        let mut w = 0u128;
        for (k, &b) in chunk.iter().enumerate() {
            w |= (b as u128) << (8 * k);
        }
        out.push(decode(w).map_err(|kind| DecodeError { offset, kind })?);
    }
    Ok(out)
}

/// Encodes a program into little-endian words.
pub fn encode_program(insts: &[Inst]) -> Vec<u8> {
    let n = word_bytes();
    let mut out = Vec::with_capacity(insts.len() * n);
    for i in insts {
        out.extend_from_slice(&encode(i).to_le_bytes()[..n]);
    }
    out
}
