//! LLVM-syntax printing of the gfx942 vector ALU: VOP1/VOP2/VOPC (with the 32-bit
//! literal), VOP3A/VOP3B, VOP3P, SDWA and DPP. Which operand kinds and modifier
//! bits each opcode accepts comes from the opcode table (probed from llvm-mc by
//! `gfx942_valu.py`); this file only knows how LLVM spells them.

use super::decode::{Gfx942ErrorKind, Inst};
use super::print::{bad, sreg, vreg, INLINE_F32};
use super::tables::{tables, Class, Operand};

type R<T> = Result<T, Gfx942ErrorKind>;

/// f16 bit patterns of the inline constants 240..=248 (0.5, -0.5, 1, -1, 2, -2, 4,
/// -4, 1/(2*pi)).
const INLINE_F16: [u32; 9] = [
    0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118,
];
/// High dwords of the f64 inline constants 240..=247 (their low dwords are 0).
const INLINE_F64_HI: [u32; 8] = [
    0x3fe0_0000,
    0xbfe0_0000,
    0x3ff0_0000,
    0xbff0_0000,
    0x4000_0000,
    0xc000_0000,
    0x4010_0000,
    0xc010_0000,
];

fn is64(o: &Operand) -> bool {
    matches!(o.ty.as_str(), "f64" | "b64") || (o.ty == "-" && o.count == 2)
}

/// An inline constant (128..=208, 240..=248) as LLVM prints it for operand `o`.
fn inline_const(v: u32, o: &Operand) -> Option<String> {
    match v {
        128..=192 => Some((v - 128).to_string()),
        193..=208 => Some(format!("-{}", v - 192)),
        240..=248 => Some(if o.ty == "i16" {
            format!("{:#x}", INLINE_F16[(v - 240) as usize])
        } else if v == 248 && is64(o) {
            "0.15915494309189532".into()
        } else {
            INLINE_F32[(v - 240) as usize].1.to_string()
        }),
        _ => None,
    }
}

/// An f16 literal as LLVM prints it: `s` when it is an inline integer
/// (-16..=64), else the inline float whose f16 encoding is `bits`, else
/// `bits` in hex.
fn int_or_f16(s: i32, bits: u32) -> String {
    if (-16..=64).contains(&s) {
        s.to_string()
    } else if let Some(k) = INLINE_F16.iter().position(|&x| x == bits) {
        INLINE_F32[k].1.to_string()
    } else {
        format!("{bits:#x}")
    }
}

/// A literal dword as LLVM prints it for an operand of type `ty`.
fn literal_typed(l: u32, ty: &str) -> String {
    match ty {
        "f16" => {
            let h = l & 0xffff;
            int_or_f16(h as u16 as i16 as i32, h)
        }
        // Packed halves: a value with a non-zero high half prints whole.
        "v2f16" => int_or_f16(l as i32, l),
        "i16" => {
            let s = l as i32;
            if (-16..=64).contains(&s) {
                s.to_string()
            } else if let Some((_, t)) = INLINE_F32.iter().find(|(b, _)| *b == l) {
                t.to_string()
            } else {
                format!("{:#x}", l & 0xffff)
            }
        }
        // The literal is the high dword of the double.
        "f64" => {
            if l == 0 {
                "0".into()
            } else if let Some(k) = INLINE_F64_HI.iter().position(|&x| x == l) {
                INLINE_F32[k].1.to_string()
            } else {
                format!("{l:#x}")
            }
        }
        // Zero-extended to 64 bits.
        "b64" => {
            if l <= 64 {
                l.to_string()
            } else {
                format!("{l:#x}")
            }
        }
        _ => super::print::literal(l, 1),
    }
}

/// A 9-bit (or, for SDWA with the s bit, 8-bit scalar) source value, checked
/// against what the operand accepts.
fn src_value(i: &Inst, o: &Operand, v: u32) -> R<String> {
    let acc = o.accept.as_str();
    let err = || bad(i, &o.field, v as u64);
    if v >= 256 {
        if !acc.contains('v') {
            return Err(err());
        }
        let c = if o.class == Class::ASrc { 'a' } else { 'v' };
        return vreg(c, v - 256, o.count).ok_or_else(err);
    }
    if v == 255 {
        // v_madmk/v_madak/v_fmamk/v_fmaak: src0 may share the K literal.
        if !acc.contains('l') && !i.opcode.operands.iter().any(|o| o.class == Class::K) {
            return Err(err());
        }
        return i.literal.map(|l| literal_typed(l, &o.ty)).ok_or_else(err);
    }
    if let Some(c) = inline_const(v, o) {
        return if acc.contains('c') { Ok(c) } else { Err(err()) };
    }
    // m0, null, exec and the src_* registers are probed separately from SGPRs:
    // some operands take null but no SGPR (v_swap_b32), SGPRs but not exec,
    // src_vccz but no SGPR (v_accvgpr_read_b32).
    let need = match v {
        254 => 'd',
        124 => 'm',
        125 => 'n',
        126 | 127 => 'e',
        235..=239 | 251..=253 => 'x',
        _ => 's',
    };
    if !acc.contains(need) {
        return Err(err());
    }
    if v == 254 {
        // LDS direct reads one dword.
        return if o.count == 1 {
            Ok("src_lds_direct".into())
        } else {
            Err(err())
        };
    }
    sreg(v, o.count, None).ok_or_else(err)
}

/// How LLVM treats `field` = `bit`: printed (true), ignored (false), or rejected.
fn modbit(i: &Inst, field: &str, bit: u32) -> R<bool> {
    match i.opcode.modifier(field, bit) {
        Some('p') => Ok(true),
        Some('i') => Ok(false),
        _ => Err(bad(i, field, bit as u64)),
    }
}

/// Applies neg/abs/sext source modifiers the way LLVM prints them.
fn with_mods(s: String, neg: bool, abs: bool, sext: bool, is_imm: bool) -> String {
    let mut s = s;
    if sext {
        s = format!("sext({s})");
    }
    if abs {
        s = format!("|{s}|");
    }
    if neg {
        // `neg(1)` for a bare constant, `-v1` / `-|v1|` otherwise.
        s = if is_imm && !abs {
            format!("neg({s})")
        } else {
            format!("-{s}")
        };
    }
    s
}

fn is_imm_text(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_digit() || c == '-')
}

fn list(bits: &[u32]) -> String {
    let v: Vec<String> = bits.iter().map(|b| b.to_string()).collect();
    format!("[{}]", v.join(","))
}

fn omod_text(v: u32) -> &'static str {
    match v {
        1 => "mul:2",
        2 => "mul:4",
        _ => "div:2",
    }
}

const SEL: [&str; 7] = [
    "BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD",
];
const UNUSED: [&str; 3] = ["UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE"];

/// Prints a VALU instruction's operands and modifiers.
pub fn print(i: &Inst, ops: &mut Vec<String>, mods: &mut Vec<String>) -> R<()> {
    let t = tables();
    let fmt = t.formats[i.opcode.format].name.as_str();
    match fmt {
        "VOP1" | "VOP2" | "VOPC" => plain(i, ops),
        "VOP3A" | "VOP3B" => vop3(i, ops, mods, fmt == "VOP3B"),
        "VOP3P" => vop3p(i, ops, mods),
        "VOP3P_MAI" => mai(i, ops, mods),
        f if f.ends_with("_SDWA") => sdwa(i, ops, mods),
        f if f.ends_with("_DPP") => dpp(i, ops, mods),
        _ => Err(bad(i, "format", 0)),
    }
}

/// Operands without modifiers (register, fixed, K, sources).
fn simple_operand(i: &Inst, o: &Operand) -> R<String> {
    let v = i.get(&o.field);
    match o.class {
        Class::V | Class::A => {
            let c = if o.class == Class::A { 'a' } else { 'v' };
            vreg(c, v, o.count).ok_or_else(|| bad(i, &o.field, v as u64))
        }
        // SGPR destinations: no constants.
        Class::S if (128..=208).contains(&v) || (240..=248).contains(&v) || v == 255 => {
            Err(bad(i, &o.field, v as u64))
        }
        Class::S => sreg(v, o.count, None).ok_or_else(|| bad(i, &o.field, v as u64)),
        Class::Fixed => Ok(o.field.clone()),
        // LLVM prints the K constant in hex whatever its type.
        Class::K => i
            .literal
            .map(|l| format!("{l:#x}"))
            .ok_or_else(|| bad(i, "imm", 0)),
        Class::Src | Class::ASrc => src_value(i, o, v),
        Class::Imm | Class::HwReg => Ok(format!("{v:#x}")),
    }
}

fn plain(i: &Inst, ops: &mut Vec<String>) -> R<()> {
    // LLVM rejects operand fields an opcode does not have unless they are zero.
    // (An unused src0 is ignored: v_nop, v_clrexcp.)
    for f in ["vsrc1", "vdst"] {
        if i.opcode.operand(f).is_none() && i.get(f) != 0 {
            return Err(bad(i, f, i.get(f) as u64));
        }
    }
    for o in &i.opcode.operands {
        ops.push(simple_operand(i, o)?);
    }
    Ok(())
}

fn src_index(field: &str) -> Option<u32> {
    match field {
        "src0" => Some(0),
        "src1" => Some(1),
        "src2" => Some(2),
        _ => None,
    }
}

/// LLVM rejects VOP3/VOP3P source fields an opcode does not have unless zero.
fn unused_srcs_zero(i: &Inst) -> R<()> {
    for f in ["src0", "src1", "src2", "vdst"] {
        if i.opcode.operand(f).is_none() && i.get(f) != 0 {
            return Err(bad(i, f, i.get(f) as u64));
        }
    }
    Ok(())
}

fn vop3(i: &Inst, ops: &mut Vec<String>, mods: &mut Vec<String>, b: bool) -> R<()> {
    unused_srcs_zero(i)?;
    let (abs, neg) = (if b { 0 } else { i.get("abs") }, i.get("neg"));
    for k in 0..3 {
        for (name, v) in [("abs", abs), ("neg", neg)] {
            if v >> k & 1 == 1 && i.opcode.modifier(name, 1 << k) != Some('x') {
                modbit(i, name, 1 << k)?;
            }
        }
    }
    let mut nsrc = 0;
    for o in &i.opcode.operands {
        let s = simple_operand(i, o)?;
        match src_index(&o.field) {
            Some(k) => {
                nsrc += 1;
                let a = abs >> k & 1 == 1 && modbit(i, "abs", 1 << k)?;
                // Integer sources: LLVM reads the neg bit as sext.
                let x = neg >> k & 1 == 1 && i.opcode.modifier("neg", 1 << k) == Some('x');
                let n = !x && neg >> k & 1 == 1 && modbit(i, "neg", 1 << k)?;
                let imm = is_imm_text(&s);
                ops.push(with_mods(s, n, a, x, imm));
            }
            None => ops.push(s),
        }
    }
    if !b {
        let os = i.get("op_sel");
        let mut shown = false;
        for k in 0..4 {
            if os >> k & 1 == 1 && modbit(i, "op_sel", 1 << k)? {
                shown = true;
            }
        }
        if shown {
            // op_sel:[src0, src1, (src2,) dst]; LLVM's list length is probed
            // (v_cvt_sr_*: 4 entries for 2 sources).
            let n = i
                .opcode
                .flags
                .iter()
                .find_map(|f| f.strip_prefix("opsel_len=")?.parse::<u32>().ok())
                .map_or(nsrc, |n| n - 1);
            let mut bits: Vec<u32> = (0..n).map(|k| os >> k & 1).collect();
            bits.push(os >> 3 & 1);
            mods.push(format!("op_sel:{}", list(&bits)));
        }
    }
    if i.get("clamp") == 1 && modbit(i, "clamp", 1)? {
        mods.push("clamp".into());
    }
    let om = i.get("omod");
    if om != 0 && modbit(i, "omod", 1)? {
        mods.push(omod_text(om).into());
    }
    Ok(())
}

fn vop3p(i: &Inst, ops: &mut Vec<String>, mods: &mut Vec<String>) -> R<()> {
    unused_srcs_zero(i)?;
    // v_fma_mix*: neg_lo/neg_hi are the f32-style neg/abs of each source, and
    // op_sel_hi selects f16 sources (default 0, printed when set).
    let mix = i.opcode.mnemonic.contains("_mix");
    let hi_default = if i.opcode.has_flag("show=op_sel_hi") {
        0
    } else {
        1
    };
    let (nl, nh, os) = (i.get("neg_lo"), i.get("neg_hi"), i.get("op_sel"));
    let osh = i.get("op_sel_hi") | i.get("op_sel_hi2") << 2;
    let mut srcs = 0u32;
    let (mut any_nl, mut any_nh, mut any_os, mut any_osh) = (false, false, false, false);
    for k in 0..3 {
        if nl >> k & 1 == 1 && modbit(i, "neg_lo", 1 << k)? {
            any_nl = true;
        }
        if nh >> k & 1 == 1 && modbit(i, "neg_hi", 1 << k)? {
            any_nh = true;
        }
        if os >> k & 1 == 1 && modbit(i, "op_sel", 1 << k)? {
            any_os = true;
        }
        let (f, bit) = if k < 2 {
            ("op_sel_hi", 1 << k)
        } else {
            ("op_sel_hi2", 1)
        };
        // The probe cleared the default bit: a non-default value is what it tells.
        if (osh >> k & 1) != hi_default && modbit(i, f, bit)? {
            any_osh = true;
        }
    }
    for o in &i.opcode.operands {
        let s = simple_operand(i, o)?;
        match src_index(&o.field) {
            Some(k) if mix => {
                srcs += 1;
                let n = nl >> k & 1 == 1;
                let a = nh >> k & 1 == 1;
                let imm = is_imm_text(&s);
                ops.push(with_mods(s, n, a, false, imm));
            }
            Some(_) => {
                srcs += 1;
                ops.push(s);
            }
            None => ops.push(s),
        }
    }
    let bits = |v: u32| -> Vec<u32> { (0..srcs).map(|k| v >> k & 1).collect() };
    if any_os {
        mods.push(format!("op_sel:{}", list(&bits(os))));
    }
    if any_osh {
        mods.push(format!("op_sel_hi:{}", list(&bits(osh))));
    }
    if !mix {
        if any_nl {
            mods.push(format!("neg_lo:{}", list(&bits(nl))));
        }
        if any_nh {
            mods.push(format!("neg_hi:{}", list(&bits(nh))));
        }
    }
    if i.get("clamp") == 1 && modbit(i, "clamp", 1)? {
        mods.push("clamp".into());
    }
    Ok(())
}

fn mai(i: &Inst, ops: &mut Vec<String>, mods: &mut Vec<String>) -> R<()> {
    // acc_cd: the accumulator (vdst, and src2 when it is the C matrix) is in
    // AGPRs; acc bit k: source k's registers are AGPRs.
    let acc_cd = i.get("acc_cd") == 1 && modbit(i, "acc_cd", 1)?;
    let acc = i.get("acc");
    let cd = if acc_cd { 'a' } else { 'v' };
    let vdst_count = i.opcode.operand("vdst").map_or(0, |o| o.count);
    for o in &i.opcode.operands {
        let v = i.get(&o.field);
        let letter = match o.field.as_str() {
            "vdst" => cd,
            "src0" | "src1" => {
                let k = if o.field == "src0" { 1 } else { 2 };
                if acc & k != 0 && modbit(i, "acc", k)? {
                    'a'
                } else {
                    'v'
                }
            }
            // the C matrix follows acc_cd; v_smfmac's src2 is a VGPR index
            _ if o.count == vdst_count => cd,
            _ => 'v',
        };
        let s = if o.field == "vdst" {
            vreg(letter, v, o.count)
        } else if v >= 256 && o.accept.contains('v') {
            vreg(letter, v - 256, o.count)
        } else if matches!(v, 125 | 235..=239 | 251..=253) {
            // LLVM accepts null and the src_* special registers in any MFMA source.
            sreg(v, 1, None)
        } else if o.accept.contains('c') {
            inline_const(v, o)
        } else {
            None
        };
        ops.push(s.ok_or_else(|| bad(i, &o.field, v as u64))?);
    }
    for f in ["cbsz", "abid", "blgp"] {
        let v = i.get(f);
        if f == "blgp" && v != 0 && i.opcode.modifier(f, 1) == Some('n') {
            // f64 MFMA: the field is the neg bits of src0..src2
            mods.push(format!("neg:{}", list(&[v & 1, v >> 1 & 1, v >> 2 & 1])));
            continue;
        }
        if v != 0 && modbit(i, f, 1)? {
            mods.push(format!("{f}:{v}"));
        }
    }
    Ok(())
}

/// The VOP1/VOP2/VOPC row of the same opcode (types of SDWA scalar sources).
fn base_row(i: &Inst) -> Option<&'static super::tables::Opcode> {
    let t = tables();
    let name = &t.formats[i.opcode.format].name;
    let base = name.split('_').next()?;
    t.opcode(t.format(base)?, "-", i.opcode.op)
}

fn sdwa(i: &Inst, ops: &mut Vec<String>, mods: &mut Vec<String>) -> R<()> {
    let base = base_row(i);
    for o in &i.opcode.operands {
        let k = match o.field.as_str() {
            "src0" => Some(0),
            "vsrc1" => Some(1),
            _ => None,
        };
        let s = match k {
            Some(k) => {
                let v = i.get(&o.field);
                let s_bit = i.get(&format!("s{k}"));
                let text = if s_bit == 1 {
                    modbit(i, &format!("s{k}"), 1)?;
                    // A scalar source: typed like the 32-bit form's source.
                    // (vsrc1 has no constants in the 32-bit form: src0's type)
                    let src = base
                        .and_then(|b| b.operand("src0"))
                        .filter(|b| b.class == Class::Src)
                        .cloned()
                        .unwrap_or(Operand {
                            field: o.field.clone(),
                            class: Class::Src,
                            count: o.count,
                            ty: "b32".into(),
                            accept: String::new(),
                        });
                    let so = Operand {
                        accept: "scmnedx".into(),
                        count: o.count,
                        ..src
                    };
                    src_value(i, &so, v)?
                } else {
                    vreg('v', v, o.count).ok_or_else(|| bad(i, &o.field, v as u64))?
                };
                let p = format!("src{k}_");
                let mut m = [false; 3];
                for (j, name) in ["neg", "abs", "sext"].iter().enumerate() {
                    let f = format!("{p}{name}");
                    if i.get(&f) == 1 {
                        m[j] = modbit(i, &f, 1)?;
                    }
                }
                let imm = is_imm_text(&text);
                with_mods(text, m[0], m[1], m[2], imm)
            }
            None if o.field == "sdst" => {
                if i.get("sd") == 1 {
                    let v = i.get("sdst");
                    let r = if v >= 128 { None } else { sreg(v, 2, None) };
                    r.ok_or_else(|| bad(i, "sdst", v as u64))?
                } else {
                    "vcc".into()
                }
            }
            None => simple_operand(i, o)?,
        };
        ops.push(s);
    }
    for f in ["b54", "b62", "s1"] {
        if f == "s1" && i.opcode.operands.iter().any(|o| o.field == "vsrc1") {
            continue;
        }
        if i.get(f) == 1 {
            modbit(i, f, 1)?;
        }
    }
    if !i.opcode.operands.iter().any(|o| o.field == "vsrc1") && i.get("src1_sel") != 0 {
        modbit(i, "src1_sel", 5)?;
    }
    for f in ["src1_neg", "src1_abs", "src1_sext"] {
        if i.get(f) == 1 && !i.opcode.operands.iter().any(|o| o.field == "vsrc1") {
            modbit(i, f, 1)?;
        }
    }
    if i.get("clamp") == 1 && modbit(i, "clamp", 1)? {
        mods.push("clamp".into());
    }
    let om = i.get("omod");
    if om != 0 && modbit(i, "omod", 1)? {
        mods.push(omod_text(om).into());
    }
    let du = i.get("dst_unused");
    // (3 is ignored: printed as the default UNUSED_PAD)
    let du = if du != 0 && modbit(i, "dst_unused", du)? {
        du
    } else {
        0
    };
    for key in ["dst_sel", "dst_unused", "src0_sel", "src1_sel"] {
        if !i.opcode.has_flag(&format!("show={key}")) {
            // Not printed (v_cvt_f32_fp8 & co): dst_sel must be DWORD.
            let fmt = &tables().formats[i.opcode.format];
            let has = fmt.fields.iter().any(|f| f.name == key);
            if has && key == "dst_sel" && i.get(key) != 6 {
                return Err(bad(i, key, i.get(key) as u64));
            }
            continue;
        }
        let v = if key == "dst_unused" { du } else { i.get(key) } as usize;
        let text = if key == "dst_unused" {
            UNUSED.get(v)
        } else {
            SEL.get(v)
        };
        mods.push(format!(
            "{key}:{}",
            text.ok_or_else(|| bad(i, key, v as u64))?
        ));
    }
    Ok(())
}

/// `dpp_ctrl` as LLVM prints it; `None` for the reserved values.
fn dpp_ctrl(c: u32) -> Option<String> {
    Some(match c {
        0..=0xff => format!(
            "quad_perm:[{},{},{},{}]",
            c & 3,
            c >> 2 & 3,
            c >> 4 & 3,
            c >> 6 & 3
        ),
        0x101..=0x10f => format!("row_shl:{}", c - 0x100),
        0x111..=0x11f => format!("row_shr:{}", c - 0x110),
        0x121..=0x12f => format!("row_ror:{}", c - 0x120),
        0x130 => "wave_shl:1".into(),
        0x134 => "wave_rol:1".into(),
        0x138 => "wave_shr:1".into(),
        0x13c => "wave_ror:1".into(),
        0x140 => "row_mirror".into(),
        0x141 => "row_half_mirror".into(),
        0x142 => "row_bcast:15".into(),
        0x143 => "row_bcast:31".into(),
        0x150..=0x15f => format!("row_newbcast:{}", c - 0x150),
        _ => return None,
    })
}

fn dpp(i: &Inst, ops: &mut Vec<String>, mods: &mut Vec<String>) -> R<()> {
    for o in &i.opcode.operands {
        let k = match o.field.as_str() {
            "src0" => Some(0),
            "vsrc1" => Some(1),
            _ => None,
        };
        let s = simple_operand(i, o)?;
        match k {
            Some(k) => {
                let mut m = [false; 2];
                let neg = format!("src{k}_neg");
                // Integer sources: LLVM reads the neg bit as sext.
                let x = i.get(&neg) == 1 && i.opcode.modifier(&neg, 1) == Some('x');
                for (j, name) in ["neg", "abs"].iter().enumerate() {
                    let f = format!("src{k}_{name}");
                    if i.get(&f) == 1 && !(x && j == 0) {
                        m[j] = modbit(i, &f, 1)?;
                    }
                }
                ops.push(with_mods(s, m[0], m[1], x, false));
            }
            None => ops.push(s),
        }
    }
    for f in ["src1_neg", "src1_abs"] {
        if i.get(f) == 1 && !i.opcode.operands.iter().any(|o| o.field == "vsrc1") {
            modbit(i, f, 1)?;
        }
    }
    if i.get("b49") != 0 {
        modbit(i, "b49", 1)?;
    }
    let c = i.get("dpp_ctrl");
    // Ops with 64-bit operands (the "DP ALU") take row_newbcast only.
    let dp = i
        .opcode
        .operands
        .iter()
        .any(|o| o.count == 2 && o.class != Class::Fixed);
    if dp && !(0x150..=0x15f).contains(&c) {
        return Err(bad(i, "dpp_ctrl", c as u64));
    }
    mods.push(dpp_ctrl(c).ok_or_else(|| bad(i, "dpp_ctrl", c as u64))?);
    mods.push(format!("row_mask:{:#x}", i.get("row_mask")));
    mods.push(format!("bank_mask:{:#x}", i.get("bank_mask")));
    if i.get("bound_ctrl") == 1 && modbit(i, "bound_ctrl", 1)? {
        mods.push("bound_ctrl:1".into());
    }
    Ok(())
}
