//! LLVM-syntax printing of decoded gfx942 instructions (the text
//! `llvm-mc-19 --disassemble --mcpu=gfx942` prints).

use super::decode::{Gfx942ErrorKind, Inst};
use super::tables::{tables, Class, Operand};

type R<T> = Result<T, Gfx942ErrorKind>;

/// The error for a field value the instruction cannot have.
pub(super) fn bad(i: &Inst, field: &str, value: u64) -> Gfx942ErrorKind {
    Gfx942ErrorKind::InvalidField {
        mnemonic: i.opcode.mnemonic.clone(),
        field: field.to_string(),
        value,
    }
}

/// `v5`, `v[4:5]` (or `a..` for AGPRs); `None` past v255.
pub fn vreg(class: char, n: u32, count: u32) -> Option<String> {
    if n + count > 256 {
        return None;
    }
    Some(if count == 1 {
        format!("{class}{n}")
    } else {
        format!("{class}[{n}:{}]", n + count - 1)
    })
}

/// Inline float constants of the 8/9-bit source encoding 240..=248.
pub const INLINE_F32: [(u32, &str); 9] = [
    (0x3f00_0000, "0.5"),
    (0xbf00_0000, "-0.5"),
    (0x3f80_0000, "1.0"),
    (0xbf80_0000, "-1.0"),
    (0x4000_0000, "2.0"),
    (0xc000_0000, "-2.0"),
    (0x4080_0000, "4.0"),
    (0xc080_0000, "-4.0"),
    (0x3e22_f983, "0.15915494"),
];

fn tuple(prefix: &str, n: u32, count: u32) -> String {
    if count == 1 {
        format!("{prefix}{n}")
    } else {
        format!("{prefix}[{n}:{}]", n + count - 1)
    }
}

/// A literal constant as LLVM prints it for an operand of `count` dwords.
pub fn literal(v: u32, count: u32) -> String {
    // A 64-bit operand's literal is zero-extended: no negative integers.
    if count == 2 {
        return if v <= 64 {
            v.to_string()
        } else {
            format!("{v:#x}")
        };
    }
    let s = v as i32;
    if (-16..=64).contains(&s) {
        return s.to_string();
    }
    if count == 1 {
        if let Some((_, t)) = INLINE_F32.iter().find(|(b, _)| *b == v) {
            return t.to_string();
        }
    }
    format!("{v:#x}")
}

/// A scalar operand (SGPR, special register, inline constant or literal) of
/// `count` dwords; `None` if the value is not a valid operand.
pub fn sreg(v: u32, count: u32, lit: Option<u32>) -> Option<String> {
    let align = |n: u32| match count {
        1 => n,
        2 => n & !1,
        _ => n & !3,
    };
    // 64-bit special registers must be even-aligned (LLVM rejects exec_hi as 64-bit).
    let pair = |lo: &str, hi: &str, full: &str, odd: bool| -> Option<String> {
        Some(match (count, odd) {
            (1, false) => lo.to_string(),
            (1, true) => hi.to_string(),
            (2, false) => full.to_string(),
            _ => return None,
        })
    };
    match v {
        0..=101 => {
            let n = align(v);
            Some(tuple("s", n, count))
        }
        102 | 103 => pair(
            "flat_scratch_lo",
            "flat_scratch_hi",
            "flat_scratch",
            v == 103,
        ),
        104 | 105 => pair("xnack_mask_lo", "xnack_mask_hi", "xnack_mask", v == 105),
        106 | 107 => pair("vcc_lo", "vcc_hi", "vcc", v == 107),
        108..=123 => {
            let n = align(v - 108);
            (n + count <= 16).then(|| tuple("ttmp", n, count))
        }
        124 if count == 1 => Some("m0".into()),
        125 => Some("null".into()),
        126 | 127 => pair("exec_lo", "exec_hi", "exec", v == 127),
        128..=192 => Some((v - 128).to_string()),
        193..=208 => Some(format!("-{}", v - 192)),
        235 => Some("src_shared_base".into()),
        236 => Some("src_shared_limit".into()),
        237 => Some("src_private_base".into()),
        238 => Some("src_private_limit".into()),
        239 => Some("src_pops_exiting_wave_id".into()),
        248 if count == 2 => Some("0.15915494309189532".into()),
        240..=248 => Some(INLINE_F32[(v - 240) as usize].1.to_string()),
        251 => Some("src_vccz".into()),
        252 => Some("src_execz".into()),
        253 => Some("src_scc".into()),
        255 => lit.map(|l| literal(l, count)),
        _ => None,
    }
}

fn operand(i: &Inst, o: &Operand, class_override: Option<char>) -> R<String> {
    let v = i.get(&o.field);
    let s = match o.class {
        Class::V | Class::A => {
            let c = class_override.unwrap_or(if o.class == Class::A { 'a' } else { 'v' });
            vreg(c, v, o.count)
        }
        Class::S => sreg(v, o.count, i.literal),
        Class::Imm => Some(format!("{v:#x}")),
        Class::HwReg => {
            let (id, off, size) = (v & 0x3f, v >> 6 & 0x1f, (v >> 11) + 1);
            let name = tables()
                .hwreg
                .get(&id)
                .cloned()
                .unwrap_or_else(|| id.to_string());
            Some(if off == 0 && size == 32 {
                format!("hwreg({name})")
            } else {
                format!("hwreg({name}, {off}, {size})")
            })
        }
        // s_setreg_imm32_b32's literal, spelled as LLVM spells a 32-bit one.
        Class::K => i.literal.map(|l| literal(l, 1)),
        // VALU classes are printed by `valu.rs`.
        Class::Src | Class::ASrc | Class::Fixed => None,
    };
    s.ok_or_else(|| bad(i, &o.field, v as u64))
}

/// Fields of `fields` not used by the opcode must be zero.
fn unused_zero(i: &Inst, fields: &[&str]) -> R<()> {
    for f in fields {
        if !i.opcode.operands.iter().any(|o| o.field == *f) && i.get(f) != 0 {
            return Err(bad(i, f, i.get(f) as u64));
        }
    }
    Ok(())
}

/// Prints one instruction in LLVM's syntax.
pub fn print_inst(i: &Inst) -> R<String> {
    let t = tables();
    let fmt = t.formats[i.opcode.format].name.as_str();
    let mut ops: Vec<String> = Vec::new();
    let mut mods: Vec<String> = Vec::new();
    match fmt {
        "SOP1" | "SOP2" | "SOPC" | "SOPK" => {
            if i.opcode.raw {
                return Err(bad(i, "op", i.get("op") as u64));
            }
            // These read SGPRs only: no constants or literals.
            const REG_ONLY: [&str; 5] = [
                "s_setpc_b64",
                "s_rfe_b64",
                "s_movrels_b32",
                "s_movrels_b64",
                "s_cbranch_join",
            ];
            // (the src_* special registers are accepted)
            let s0 = i.get("ssrc0");
            if REG_ONLY.contains(&i.opcode.mnemonic.as_str())
                && s0 >= 128
                && !matches!(s0, 235..=239 | 251..=253)
            {
                return Err(bad(i, "ssrc0", i.get("ssrc0") as u64));
            }
            for o in &i.opcode.operands {
                if o.class == Class::Imm {
                    let v = i.get(&o.field);
                    ops.push(
                        if i.opcode.mnemonic.starts_with("s_cbranch")
                            || i.opcode.mnemonic == "s_call_b64"
                        {
                            v.to_string()
                        } else if i.opcode.mnemonic == "s_set_gpr_idx_on" {
                            gpr_idx(v)
                        } else {
                            format!("{v:#x}")
                        },
                    );
                } else {
                    ops.push(operand(i, o, None)?);
                }
            }
        }
        "SOPP" => sopp(i, &mut ops)?,
        "SMEM" => smem(i, &mut ops, &mut mods)?,
        "DS" => ds(i, &mut ops, &mut mods)?,
        "FLAT" => flat(i, &mut ops, &mut mods)?,
        "MUBUF" => mubuf(i, &mut ops, &mut mods)?,
        f if f.starts_with("VOP") => super::valu::print(i, &mut ops, &mut mods)?,
        _ => return Err(bad(i, "format", 0)),
    }
    let mut s = i.opcode.mnemonic.clone();
    if !ops.is_empty() {
        s.push(' ');
        s.push_str(&ops.join(", "));
    }
    for m in mods {
        s.push(' ');
        s.push_str(&m);
    }
    Ok(s)
}

fn sopp(i: &Inst, ops: &mut Vec<String>) -> R<()> {
    let v = i.get("simm16");
    let mn = i.opcode.mnemonic.as_str();
    if mn == "s_waitcnt" {
        let vm = (v & 0xf) | ((v >> 14) & 3) << 4;
        let exp = (v >> 4) & 7;
        let lgkm = (v >> 8) & 0xf;
        let mut parts = Vec::new();
        if vm != 63 {
            parts.push(format!("vmcnt({vm})"));
        }
        if exp != 7 {
            parts.push(format!("expcnt({exp})"));
        }
        if lgkm != 15 {
            parts.push(format!("lgkmcnt({lgkm})"));
        }
        if parts.is_empty() {
            parts = vec![
                format!("vmcnt({vm})"),
                format!("expcnt({exp})"),
                format!("lgkmcnt({lgkm})"),
            ];
        }
        ops.push(parts.join(" "));
        return Ok(());
    }
    if i.opcode.operands.is_empty() {
        return if v == 0 {
            Ok(())
        } else {
            Err(bad(i, "simm16", v as u64))
        };
    }
    if mn == "s_set_gpr_idx_mode" {
        ops.push(gpr_idx(v));
        return Ok(());
    }
    if mn == "s_sendmsg" || mn == "s_sendmsghalt" {
        ops.push(sendmsg(v));
        return Ok(());
    }
    // LLVM omits s_endpgm's zero immediate.
    if mn == "s_endpgm" && v == 0 {
        return Ok(());
    }
    // Branch targets and s_endpgm: unsigned decimal; others hex above 64.
    let decimal = mn.starts_with("s_branch") || mn.starts_with("s_cbranch") || mn == "s_endpgm";
    if decimal || v <= 64 {
        ops.push(v.to_string());
    } else {
        ops.push(format!("{v:#x}"));
    }
    Ok(())
}

fn smem(i: &Inst, ops: &mut Vec<String>, mods: &mut Vec<String>) -> R<()> {
    // Rows without an address (s_memtime, s_dcache_inv, ...): LLVM ignores
    // every address and cache field but refuses the immediate-offset bit.
    let addressed = i.opcode.operands.iter().any(|o| o.field == "offset");
    if !addressed && i.get("imm") == 1 {
        return Err(bad(i, "imm", 1));
    }
    for o in &i.opcode.operands {
        let v = i.get(&o.field);
        match o.field.as_str() {
            // s_atc_probe*: an immediate, decimal up to 64, hex above
            "sdata" if o.class == Class::Imm => ops.push(if v <= 64 {
                v.to_string()
            } else {
                format!("{v:#x}")
            }),
            // SReg_32_XM0_XEXEC: no m0, exec_lo, exec_hi.
            "sdata"
                if (o.count == 1 && matches!(v, 124 | 126 | 127)) || (o.count == 2 && v == 126) =>
            {
                return Err(bad(i, "sdata", v as u64))
            }
            "sdata" => {
                let r = operand(i, o, None)?;
                // SGPR tuples of SMEM end at s103.
                if v < 102 && (v & !(o.count.min(4) - 1)) + o.count > 104 {
                    return Err(bad(i, "sdata", v as u64));
                }
                ops.push(r)
            }
            "sbase" => {
                ops.push(sreg(v * 2, o.count, None).ok_or_else(|| bad(i, "sbase", v as u64))?)
            }
            "offset" => {
                let imm = i.get("imm") == 1;
                let soe = i.get("soe") == 1;
                let off = i.get("offset");
                if soe {
                    let so = i.get("soffset");
                    ops.push(sreg(so, 1, None).ok_or_else(|| bad(i, "soffset", so as u64))?);
                    if imm && off != 0 {
                        mods.push(format!("offset:{}", hex_signed(off, 21)));
                    }
                } else if imm {
                    ops.push(hex_signed(off, 21));
                } else {
                    let so = off & 0x7f;
                    ops.push(sreg(so, 1, None).ok_or_else(|| bad(i, "offset", so as u64))?);
                }
            }
            _ => ops.push(operand(i, o, None)?),
        }
    }
    let data_reg = i
        .opcode
        .operands
        .iter()
        .any(|o| o.field == "sdata" && o.class == Class::S);
    if data_reg && addressed && i.get("glc") == 1 {
        mods.push("glc".into());
    }
    Ok(())
}

/// `0x1f` / `-0x1f` of a `bits`-wide two's complement field.
fn hex_signed(v: u32, bits: u32) -> String {
    let s = ((v << (32 - bits)) as i32) >> (32 - bits);
    if s < 0 {
        format!("-{:#x}", s.unsigned_abs())
    } else {
        format!("{s:#x}")
    }
}

fn ds(i: &Inst, ops: &mut Vec<String>, mods: &mut Vec<String>) -> R<()> {
    if i.opcode.raw {
        return Err(bad(i, "op", i.get("op") as u64));
    }
    // gfx942 has no GDS: LLVM ignores the bit.
    unused_zero(i, &["addr", "data0", "data1", "vdst"])?;
    let acc = i.get("acc") == 1;
    if i.opcode.mnemonic.contains("permute") && i.get("gds") == 1 {
        return Err(bad(i, "gds", 1));
    }
    for o in &i.opcode.operands {
        let c = if acc && o.field != "addr" { 'a' } else { 'v' };
        ops.push(operand(i, o, Some(c))?);
    }
    let (o0, o1) = (i.get("offset0"), i.get("offset1"));
    if i.opcode.mnemonic == "ds_swizzle_b32" {
        if let Some(m) = swizzle(o0 | o1 << 8) {
            mods.push(m);
        }
        return Ok(());
    }
    if i.opcode.off2 {
        if o0 != 0 {
            mods.push(format!("offset0:{o0}"));
        }
        if o1 != 0 {
            mods.push(format!("offset1:{o1}"));
        }
    } else if o0 | o1 << 8 != 0 {
        mods.push(format!("offset:{}", o0 | o1 << 8));
    }
    Ok(())
}

/// A VGPR-indexing mode (s_set_gpr_idx_on/_mode) as LLVM prints it:
/// `gpr_idx(SRC0,SRC1,SRC2,DST)` for the set bits, hex if other bits are set.
fn gpr_idx(v: u32) -> String {
    if v & !0xf != 0 {
        return format!("{v:#x}");
    }
    let names: Vec<&str> = ["SRC0", "SRC1", "SRC2", "DST"]
        .iter()
        .enumerate()
        .filter(|(k, _)| v >> k & 1 == 1)
        .map(|(_, n)| *n)
        .collect();
    format!("gpr_idx({})", names.join(","))
}

/// s_sendmsg's simm16 as LLVM prints it: message id bits 0..3, operation 4..6,
/// stream 8..9; symbolic when the table (probed from LLVM) knows the
/// combination (other bits ignored), else `sendmsg(id, op, stream)`, or plain
/// decimal when other bits are set.
fn sendmsg(v: u32) -> String {
    let (id, op, stream) = (v & 0xf, v >> 4 & 7, v >> 8 & 3);
    let t = tables();
    if let Some((m, o, takes)) = t.sendmsg_op.get(&(id, op)) {
        if *takes {
            return format!("sendmsg({m}, {o}, {stream})");
        }
        if stream == 0 {
            return format!("sendmsg({m}, {o})");
        }
    } else if let Some(m) = t.sendmsg.get(&id).filter(|_| op == 0 && stream == 0) {
        return format!("sendmsg({m})");
    }
    // (other bits are ignored for a valid message, as in LLVM's printSendMsg)
    if v & !0x37f != 0 {
        return v.to_string();
    }
    format!("sendmsg({id}, {op}, {stream})")
}

/// ds_swizzle_b32's offset as LLVM prints it (`AMDGPUInstPrinter::printSwizzle`).
fn swizzle(imm: u32) -> Option<String> {
    if imm == 0 {
        return None;
    }
    let body = if imm & 0xff00 == 0x8000 {
        let l: Vec<String> = (0..4).map(|k| (imm >> (2 * k) & 3).to_string()).collect();
        format!("QUAD_PERM,{}", l.join(","))
    } else if imm & 0x8000 == 0 {
        let (and, or, xor) = (imm & 0x1f, imm >> 5 & 0x1f, imm >> 10 & 0x1f);
        let group = 32 - and;
        if and == 0x1f && or == 0 && xor.count_ones() == 1 {
            format!("SWAP,{xor}")
        } else if and == 0x1f && or == 0 && xor > 0 && (xor + 1).is_power_of_two() {
            format!("REVERSE,{}", xor + 1)
        } else if group > 1 && group.is_power_of_two() && or < group && xor == 0 {
            format!("BROADCAST,{group},{or}")
        } else {
            // Each result bit: lane bit kept (p), inverted (i) or forced (0/1).
            let p0 = or ^ xor;
            let p1 = (and | or) ^ xor;
            let m: String = (0..5)
                .rev()
                .map(|b| match (p0 >> b & 1, p1 >> b & 1) {
                    (0, 0) => '0',
                    (1, 1) => '1',
                    (0, _) => 'p',
                    _ => 'i',
                })
                .collect();
            format!("BITMASK_PERM,\"{m}\"")
        }
    } else {
        return Some(format!("offset:{imm}"));
    };
    Some(format!("offset:swizzle({body})"))
}

fn cache_bits(i: &Inst, mods: &mut Vec<String>) {
    for b in ["sc0", "nt", "sc1"] {
        if i.get(b) == 1 {
            mods.push(b.into());
        }
    }
}

fn flat(i: &Inst, ops: &mut Vec<String>, mods: &mut Vec<String>) -> R<()> {
    let v = i.opcode.variant.as_str();
    let acc = if i.get("acc") == 1 { 'a' } else { 'v' };
    let saddr = i.get("saddr");
    let sve = i.get("sve");
    let has_data = i
        .opcode
        .operands
        .iter()
        .any(|o| o.field == "vdst" || o.field == "data");
    if acc == 'a' && !has_data {
        return Err(bad(i, "acc", 1));
    }
    if v != "scratch" && sve != 0 {
        return Err(bad(i, "lds", sve as u64));
    }
    for o in &i.opcode.operands {
        match o.field.as_str() {
            "vdst" => {
                if !i.opcode.rtn || i.get("sc0") == 1 {
                    ops.push(operand(i, o, Some(acc))?);
                }
            }
            "data" => ops.push(operand(i, o, Some(acc))?),
            "addr" => {
                let a = i.get("addr");
                let s = match v {
                    "flat" => vreg('v', a, 2),
                    "global" => vreg('v', a, if saddr == 0x7f { 2 } else { 1 }),
                    _ if sve == 1 => vreg('v', a, 1),
                    _ => Some("off".into()),
                };
                ops.push(s.ok_or_else(|| bad(i, "addr", a as u64))?);
            }
            "saddr" => ops.push(if saddr == 0x7f {
                "off".into()
            } else {
                sreg(saddr, o.count, None).ok_or_else(|| bad(i, "saddr", saddr as u64))?
            }),
            _ => ops.push(operand(i, o, None)?),
        }
    }
    if v == "flat" && saddr != 0 {
        return Err(bad(i, "saddr", saddr as u64));
    }
    let off = i.get("offset");
    let off = if v == "flat" {
        off as i32
    } else {
        ((off << 19) as i32) >> 19
    };
    if off != 0 {
        mods.push(format!("offset:{off}"));
    }
    cache_bits(i, mods);
    Ok(())
}

fn mubuf(i: &Inst, ops: &mut Vec<String>, mods: &mut Vec<String>) -> R<()> {
    // buffer_wbl2/buffer_inv/buffer_wbinvl1*: no operands; LLVM (checked by the
    // oracle) ignores the offset, nt and the operand fields, rejects offen,
    // idxen, lds and acc, prints sc0/sc1 (rejects them on buffer_wbinvl1*).
    if i.opcode.operands.is_empty() {
        let mut reject = vec!["offen", "idxen", "lds", "acc"];
        if i.opcode.mnemonic.starts_with("buffer_wbinvl1") {
            reject.extend(["sc0", "sc1"]);
        }
        for f in reject {
            if i.get(f) != 0 {
                return Err(bad(i, f, i.get(f) as u64));
            }
        }
        for b in ["sc0", "sc1"] {
            if i.get(b) == 1 {
                mods.push(b.into());
            }
        }
        return Ok(());
    }
    let acc = if i.get("acc") == 1 { 'a' } else { 'v' };
    let (offen, idxen) = (i.get("offen"), i.get("idxen"));
    // LDS DMA exists for these loads only, with VGPR (not AGPR) data.
    const LDS_OK: [&str; 6] = [
        "buffer_load_dword",
        "buffer_load_ubyte",
        "buffer_load_sbyte",
        "buffer_load_ushort",
        "buffer_load_sshort",
        "buffer_load_format_x",
    ];
    if i.get("lds") == 1 && (acc == 'a' || !LDS_OK.contains(&i.opcode.mnemonic.as_str())) {
        return Err(bad(i, "lds", 1));
    }
    for o in &i.opcode.operands {
        let v = i.get(&o.field);
        match o.field.as_str() {
            "vdata" if i.get("lds") == 1 => {}
            "vdata" => ops.push(operand(i, o, Some(acc))?),
            "vaddr" => ops.push(match offen + idxen {
                0 => "off".into(),
                n => vreg('v', v, n).ok_or_else(|| bad(i, "vaddr", v as u64))?,
            }),
            "srsrc" => ops.push(sreg(v * 4, 4, None).ok_or_else(|| bad(i, "srsrc", v as u64))?),
            "soffset" => ops.push(sreg(v, 1, None).ok_or_else(|| bad(i, "soffset", v as u64))?),
            _ => ops.push(operand(i, o, None)?),
        }
    }
    if idxen == 1 {
        mods.push("idxen".into());
    }
    if offen == 1 {
        mods.push("offen".into());
    }
    let off = i.get("offset");
    if off != 0 {
        mods.push(format!("offset:{off}"));
    }
    cache_bits(i, mods);
    if i.get("lds") == 1 {
        mods.push("lds".into());
    }
    Ok(())
}
