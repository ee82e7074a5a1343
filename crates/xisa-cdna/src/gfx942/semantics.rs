//! What each gfx942 vector and scalar ALU mnemonic computes, as data:
//! `translation-rules/cdna/gfx942_alu_semantics.tsv` names, per mnemonic, the
//! lane computation ([`Kind`]), its IR operations ([`SemOp`]), IR types and
//! flags. Parsed once; the lifter (`lift/valu`, `lift/salu.rs`) dispatches on the parsed
//! row and never on the mnemonic's spelling.

use std::collections::HashMap;
use std::sync::OnceLock;

use xisa_ir::{BinOp, CvtOp, FBinOp, FCond, FUnOp, ICond, Type, UnOp};

/// `gfx942_alu_semantics.tsv`.
pub const SEMANTICS_TSV: &str =
    include_str!("../../../../translation-rules/cdna/gfx942_alu_semantics.tsv");

/// An enum whose members have table names: defines the enum with `ALL`
/// and `name()`.
macro_rules! table_enum {
    ($(#[$m:meta])* pub enum $ty:ident { $($(#[$doc:meta])* $v:ident = $name:literal,)* }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $ty {
            $($(#[$doc])* $v,)*
        }
        impl $ty {
            /// Every member.
            pub const ALL: &'static [$ty] = &[$($ty::$v,)*];
            /// Its name in the table.
            pub fn name(self) -> &'static str {
                match self {
                    $($ty::$v => $name,)*
                }
            }
        }
    };
}
pub(crate) use table_enum;

table_enum! {
    /// The lane computation of a row: one lifting function each.
    pub enum Kind {
        /// No operation.
        Nop = "nop",
        /// Copy of the source (`v_pk_mov_b32`: of the selected halves).
        Mov = "mov",
        /// Exchange of two VGPRs.
        Swap = "swap",
        /// The first active lane's value to an SGPR.
        ReadFirstLane = "readfirstlane",
        /// A chosen lane's value to an SGPR.
        ReadLane = "readlane",
        /// An SGPR to a chosen lane.
        WriteLane = "writelane",
        /// AGPR to VGPR.
        AccvgprRead = "accvgpr_read",
        /// VGPR or constant to AGPR.
        AccvgprWrite = "accvgpr_write",
        /// AGPR to AGPR.
        AccvgprMov = "accvgpr_mov",
        /// Add / subtract whose clamp saturates (unsigned, or `signed`).
        AddSat = "addsat",
        /// A binary integer op.
        Bin = "bin",
        /// A shift whose count is the first source (masked to the width).
        Shift = "shift",
        /// `op2(op1(x, y), z)` (shift counts masked).
        Tern = "tern",
        /// The median of three (op = min, max).
        Med3 = "med3",
        /// A product of 24-bit operands.
        Mul24 = "mul24",
        /// A 24-bit multiply-add.
        Mad24 = "mad24",
        /// A sum of absolute differences of `wN` elements, plus src2.
        Sad = "sad",
        /// A sum of absolute byte differences skipping src1's zero bytes,
        /// plus src2.
        Msad = "msad",
        /// Four byte-window SADs of a 64-bit src0 against src1, plus the
        /// u16 halves of src2, truncated to u16 and packed.
        QsadPk = "qsad_pk",
        /// `qsad_pk` skipping src1's zero bytes.
        MqsadPk = "mqsad_pk",
        /// Four masked byte-window SADs plus src2's four u32.
        MqsadU32 = "mqsad_u32",
        /// Bit-field extract.
        Bfe = "bfe",
        /// Bit-field insert.
        Bfi = "bfi",
        /// Bit-field mask.
        Bfm = "bfm",
        /// Funnel shift right of {src0, src1} by bits (or bytes: `w8`).
        Align = "align",
        /// A unary integer op.
        Un = "un",
        /// Find first bit (-1 when none).
        Ffb = "ffb",
        /// Population count plus src1.
        Bcnt = "bcnt",
        /// Count of set mask bits below the lane (low or `hi` half), plus src1.
        Mbcnt = "mbcnt",
        /// Per-lane select by a lane mask.
        Cndmask = "cndmask",
        /// Add / subtract writing the carry-out lane mask.
        AddCo = "addco",
        /// Add / subtract with carry-in and carry-out lane masks.
        AddCarry = "addcarry",
        /// 32x32-bit product plus a 64-bit addend, with a carry-out mask.
        Mad64 = "mad64",
        /// Byte permute.
        Perm = "perm",
        /// A binary float op.
        FBin = "fbin",
        /// Fused multiply-add (`acc`: the addend is vdst).
        Fma = "fma",
        /// Fma with a literal factor (or `addend`).
        Fmak = "fmak",
        /// A unary float op.
        FUn = "fun",
        /// Sine / cosine of an angle in revolutions.
        SinCos = "sincos",
        /// Fractional part.
        Fract = "fract",
        /// `x * 2^n`.
        Ldexp = "ldexp",
        /// The 53-bit segment of 2/pi for range reduction (`v_trig_preop_f64`).
        TrigPreop = "trig_preop",
        /// Cube-map face of the direction (src0, src1, src2), as a float.
        CubeId = "cubeid",
        /// The face's s coordinate (before the division by the major axis).
        CubeSc = "cubesc",
        /// The face's t coordinate.
        CubeTc = "cubetc",
        /// Twice the major axis (signed).
        CubeMa = "cubema",
        /// Mantissa in [0.5, 1).
        FrexpMant = "frexp_mant",
        /// Exponent.
        FrexpExp = "frexp_exp",
        /// Division scaling step (the division sequence is lifted whole).
        DivScale = "div_scale",
        /// Division fix-up step: numerator / denominator.
        DivFixup = "div_fixup",
        /// A numeric conversion.
        Cvt = "cvt",
        /// Float to integer rounding down (`half`: to nearest, halves up).
        CvtFloor = "cvt_floor",
        /// An unsigned byte to f32.
        CvtUbyte = "cvt_ubyte",
        /// gfx942 fp8 / bf8 bytes (`fp8a` / `bf8a`) to f32: byte 0, or
        /// (`w16`) bytes 0 and 1 to a register pair.
        CvtF8 = "cvt_f8",
        /// Two f32 (src0, src1) to two gfx942 fp8 / bf8 bytes (`fp8a` /
        /// `bf8a`), written to the 16-bit half of vdst op_sel[3] selects.
        CvtPkF8 = "cvt_pk_f8",
        /// src0 and src1 as normalised i16 (`signed`) / u16, packed.
        CvtPknorm = "cvt_pknorm",
        /// src0 as a u8 into byte src1[1:0] of src2 (`acc`: of vdst).
        CvtPkU8 = "cvt_pk_u8",
        /// Two f32 to packed f16, rounding toward zero.
        CvtPkrtz = "cvt_pkrtz",
        /// Two f16 halves packed.
        Pack16 = "pack16",
        /// Packed f16 fma accumulating into vdst.
        PkFmac = "pk_fmac",
        /// Integer dot product of `wN` elements plus src2 (`acc`: vdst).
        Dot = "dot",
        /// f16 pair dot product plus an f32 addend (`acc`: vdst), in the
        /// ISA's order: `((src2 + lo * lo) + hi * hi)`, each sum rounded.
        FDot = "fdot",
        /// f32 fma of f32 or f16 sources; an f16 result writes a half.
        FmaMix = "fma_mix",
        /// Two i32 (`signed`) or u32 saturated to 16 bits and packed.
        CvtPkSat = "cvt_pk_sat",
        /// A product of 16-bit halves (selected by op_sel) plus a 32-bit src2.
        Mad16 = "mad16",
        /// The two i16 halves of src0 saturated to u8, in the low two bytes.
        SatPkU8 = "sat_pk_u8",
        /// Per byte: (src0 + src1 + the byte's low bit of src2) / 2.
        LerpU8 = "lerp_u8",
        /// f32 product with 0 * anything = +0 (DX9 rules).
        MulLegacy = "mul_legacy",
        /// The signed 4-bit value in src0's low bits, / 16, as f32.
        CvtOff = "cvt_off",
        /// Matrix fused multiply-add of the whole wave (`mM,nN,kK,blkB`).
        Mfma = "mfma",
        /// Sparse (4:2) matrix multiply-accumulate into D (`mM,nN,kK,blk1`).
        Smfmac = "smfmac",
        /// Compare to a lane mask.
        Cmp = "cmp",
        /// Compare to a lane mask, also written to EXEC.
        Cmpx = "cmpx",
        /// Float class test to a lane mask.
        Class = "class",
        /// Float class test, also written to EXEC.
        Classx = "classx",
        /// Scalar add / subtract; SCC the carry (or, `signed`, the overflow).
        SAddSub = "s_addsub",
        /// Scalar add / subtract with SCC as carry in and out.
        SAddc = "s_addc",
        /// Scalar min / max; SCC = whether src0 was chosen.
        SMinMax = "s_minmax",
        /// SCC ? src0 : src1.
        SCselect = "s_cselect",
        /// A logical op (sources `inv0` / `inv1`, result `not` inverted).
        SLogic = "s_logic",
        /// `src0 op (src1 & (width - 1))`.
        SShift = "s_shift",
        /// Bit-field mask.
        SBfm = "s_bfm",
        /// A binary op without SCC.
        SBin = "s_bin",
        /// Bit-field extract (offset and width packed in src1).
        SBfe = "s_bfe",
        /// |src0 - src1|.
        SAbsdiff = "s_absdiff",
        /// `(src0 << N) + src1`; SCC the carry out of 32 bits.
        SLshlAdd = "s_lshl_add",
        /// Two 16-bit halves packed.
        SPack = "s_pack",
        /// Copy.
        SMov = "s_mov",
        /// Copy when SCC.
        SCmov = "s_cmov",
        /// A unary op.
        SUn = "s_un",
        /// Whole-quad mode mask.
        SWqm = "s_wqm",
        /// One bit per quad.
        SQuadmask = "s_quadmask",
        /// Each bit of a 32-bit source twice, into 64 bits.
        SBitrep = "s_bitrep",
        /// Count of one (or, `inv0`, zero) bits.
        SBcnt = "s_bcnt",
        /// Find first bit (-1 when none).
        SFfb = "s_ffb",
        /// Sign extension of the low bits.
        SSext = "s_sext",
        /// Sets (`or`) or clears (`and` with `inv1`) one bit of sdst.
        SBitset = "s_bitset",
        /// sdst = EXEC (or, `wr`, the new EXEC); EXEC = op(src0, EXEC).
        SSaveexec = "s_saveexec",
        /// The address of the next instruction.
        SGetpc = "s_getpc",
        /// Relative scalar register read (`s[ssrc0 + M0]`).
        SMovrels = "s_movrels",
        /// Relative scalar register write (`s[sdst + M0]`).
        SMovreld = "s_movreld",
        /// A field of a hardware register (`hwreg`) to sdst.
        SGetreg = "s_getreg",
        /// A field of a hardware register from a constant (`k`) or sdst.
        SSetreg = "s_setreg",
        /// VGPR index mode on, with its index and mode bits.
        SGprIdxOn = "s_gpr_idx_on",
        /// VGPR index mode: a new index.
        SGprIdxIdx = "s_gpr_idx_idx",
        /// VGPR index mode: new mode bits.
        SGprIdxMode = "s_gpr_idx_mode",
        /// VGPR index mode off.
        SGprIdxOff = "s_gpr_idx_off",
        /// A call through an SGPR pair, the return address to sdst (lifted with
        /// the callee in code objects).
        SCall = "s_call",
        /// A return through an SGPR pair (lifted in code objects).
        SRet = "s_ret",
        /// A compare into SCC.
        SCmp = "s_cmp",
        /// A bit test into SCC (`not`: the bit is 0).
        SBitcmp = "s_bitcmp",
        /// sdst = the sign-extended 16-bit immediate.
        SMovk = "s_movk",
        /// The same when SCC.
        SCmovk = "s_cmovk",
        /// A compare of sdst with the immediate (sign- or zero-extended).
        SCmpk = "s_cmpk",
        /// sdst op= the sign-extended immediate (add: SCC the overflow).
        SAddk = "s_addk",
        /// Unconditional branch.
        SBranch = "s_branch",
        /// Branch when `SCC`, `VCC` (`vcc`) or `EXEC` compares (op) with 0.
        SCbranch = "s_cbranch",
        /// End of the program.
        SEnd = "s_end",
        /// Trap.
        STrap = "s_trap",
        /// Workgroup barrier.
        SBarrier = "s_barrier",
        /// A wait on the memory counters (no effect on its own; the control-flow
        /// analysis of `lift/waitcnt.rs` reads it).
        SWaitcnt = "s_waitcnt",
        /// No effect in xisa: waits (every access completes at once),
        /// scheduling and performance hints.
        SHint = "s_hint",
        /// A wait for a while (`s_sleep`): where a wave polls for the host,
        /// so the host answers its hostcalls here.
        SSleep = "s_sleep",
        /// A message to the host or the graphics pipeline (`s_sendmsg`):
        /// only the interrupt is lifted (no effect).
        SSendmsg = "s_sendmsg",
    }
}

/// The IR operations a row names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SemOp {
    /// None named.
    None,
    /// An integer binary op.
    Int(BinOp),
    /// Two integer binary ops.
    Int2(BinOp, BinOp),
    /// A float binary op.
    Float(FBinOp),
    /// Two float binary ops.
    Float2(FBinOp, FBinOp),
    /// An integer unary op.
    Un(UnOp),
    /// A float unary op.
    FUn(FUnOp),
    /// A conversion.
    Cvt(CvtOp),
    /// An integer compare.
    ICmp(ICond),
    /// A float compare.
    FCmp(FCond),
    /// A compare that is always `true` / `false`.
    Const(bool),
}

/// A row's flags (`-` in the table: all clear).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Flags {
    /// The first two sources are swapped.
    pub rev: bool,
    /// The result is inverted.
    pub not: bool,
    /// Signed operands.
    pub signed: bool,
    /// Accumulates into vdst.
    pub acc: bool,
    /// fmaak: the literal is the addend.
    pub addend: bool,
    /// The high half / byte select.
    pub hi: bool,
    /// Adds 0.5 before rounding down.
    pub half: bool,
    /// The VOP3-only 16-bit form with op_sel.
    pub opsel: bool,
    /// A gfx8 16-bit VOP3 op under its gfx9 `_legacy` name: no op_sel, the
    /// result zero-extended into vdst (`legacy16`).
    pub legacy16: bool,
    /// Element width in bits (`wN`); 0 when not given.
    pub width: u32,
    /// The source byte (`byteN`).
    pub byte: u32,
    /// SCC = result != 0.
    pub scc: bool,
    /// Source 0 / 1 inverted.
    pub inv: [bool; 2],
    /// The high half of source 0 / 1.
    pub hi_half: [bool; 2],
    /// saveexec: sdst gets the new EXEC.
    pub wr: bool,
    /// A shift amount (`shN`).
    pub shift: u32,
    /// A branch on VCC.
    pub vcc: bool,
    /// The value is the instruction's 32-bit literal (`k`).
    pub k: bool,
    /// Matrix shape (`mM,nN,kK,blkB`): rows, columns, reduction length and
    /// blocks of an MFMA (all 0 elsewhere).
    pub mat: [u32; 4],
    /// MFMA f32 sources are rounded to xf32 (`xf32`).
    pub xf32: bool,
    /// 8-bit float formats of an MFMA's A and B sources (`fp8a` / `bf8a`,
    /// `fp8b` / `bf8b`).
    pub f8: [Option<F8>; 2],
}

/// An 8-bit float format of gfx942 (the "FNUZ" variants: one NaN, 0x80, no
/// infinities, no negative zero).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum F8 {
    /// E4M3, exponent bias 8.
    Fp8,
    /// E5M2, exponent bias 16.
    Bf8,
}

impl F8 {
    /// Mantissa bits.
    pub fn mantissa(self) -> u32 {
        match self {
            F8::Fp8 => 3,
            F8::Bf8 => 2,
        }
    }
    /// Exponent bias.
    pub fn bias(self) -> u32 {
        match self {
            F8::Fp8 => 8,
            F8::Bf8 => 16,
        }
    }
}

/// One lifted row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sem {
    /// The lane computation.
    pub kind: Kind,
    /// Its IR operations.
    pub op: SemOp,
    /// The operation's (destination) lane type.
    pub ty: Type,
    /// The source lane type (`ty` unless the row gives `dst/src`).
    pub src: Type,
    /// Flags.
    pub flags: Flags,
}

impl Sem {
    /// Reads or writes a float value.
    pub fn is_float(&self) -> bool {
        self.ty.is_float() || self.src.is_float()
    }
}

/// A row: its semantics, or why the mnemonic is not lifted.
pub type Row = Result<Sem, String>;

/// The parsed table, by base mnemonic.
pub fn semantics() -> &'static HashMap<String, Row> {
    static T: OnceLock<HashMap<String, Row>> = OnceLock::new();
    T.get_or_init(|| {
        parse(SEMANTICS_TSV).unwrap_or_else(|e| panic!("gfx942_alu_semantics.tsv: {e}"))
    })
}

/// The row of `mnemonic` (with or without its `_e32`/`_e64`/`_sdwa`/`_dpp`
/// suffix); `None` when the table has none.
pub fn row(mnemonic: &str) -> Option<&'static Row> {
    semantics().get(base(mnemonic))
}

/// `mnemonic` without its encoding suffix.
pub fn base(mnemonic: &str) -> &str {
    ["_e32", "_e64", "_sdwa", "_dpp"]
        .iter()
        .find_map(|s| mnemonic.strip_suffix(s))
        .unwrap_or(mnemonic)
}

/// The member of `all` whose table name is `s`.
pub(crate) fn find<T: Copy>(all: &[T], name: impl Fn(T) -> &'static str, s: &str) -> Option<T> {
    all.iter().copied().find(|&x| name(x) == s)
}

fn op_of(kind: Kind, s: &str, ty: Type) -> Result<SemOp, String> {
    if s == "-" {
        return Ok(SemOp::None);
    }
    let bad = || format!("`{s}` is not an operation of kind `{}`", kind.name());
    Ok(match kind {
        Kind::Cmp | Kind::Cmpx | Kind::SCmp | Kind::SCmpk | Kind::SCbranch => match s {
            "true" => SemOp::Const(true),
            "false" => SemOp::Const(false),
            _ if ty.is_float() => SemOp::FCmp(find(&FCond::ALL, FCond::name, s).ok_or_else(bad)?),
            _ => SemOp::ICmp(find(&ICond::ALL, ICond::name, s).ok_or_else(bad)?),
        },
        Kind::Cvt => SemOp::Cvt(find(&CvtOp::ALL, CvtOp::name, s).ok_or_else(bad)?),
        Kind::Un | Kind::Ffb | Kind::SUn | Kind::SFfb => {
            SemOp::Un(find(&UnOp::ALL, UnOp::name, s).ok_or_else(bad)?)
        }
        Kind::FUn | Kind::SinCos => SemOp::FUn(find(&FUnOp::ALL, FUnOp::name, s).ok_or_else(bad)?),
        _ => {
            let parts: Vec<&str> = s.split(',').collect();
            if ty.is_float() {
                let f = |p: &str| find(&FBinOp::ALL, FBinOp::name, p).ok_or_else(bad);
                match parts[..] {
                    [a] => SemOp::Float(f(a)?),
                    [a, b] => SemOp::Float2(f(a)?, f(b)?),
                    _ => return Err(bad()),
                }
            } else {
                let i = |p: &str| find(&BinOp::ALL, BinOp::name, p).ok_or_else(bad);
                match parts[..] {
                    [a] => SemOp::Int(i(a)?),
                    [a, b] => SemOp::Int2(i(a)?, i(b)?),
                    _ => return Err(bad()),
                }
            }
        }
    })
}

fn flags_of(s: &str) -> Result<Flags, String> {
    let mut f = Flags::default();
    if s == "-" {
        return Ok(f);
    }
    for w in s.split(',') {
        let num = |p: &str| w.strip_prefix(p).and_then(|n| n.parse::<u32>().ok());
        match w {
            "rev" => f.rev = true,
            "not" => f.not = true,
            "signed" => f.signed = true,
            "acc" => f.acc = true,
            "addend" => f.addend = true,
            "hi" => f.hi = true,
            "half" => f.half = true,
            "opsel" => f.opsel = true,
            "legacy16" => f.legacy16 = true,
            "scc" => f.scc = true,
            "inv0" => f.inv[0] = true,
            "inv1" => f.inv[1] = true,
            "hi0" => f.hi_half[0] = true,
            "hi1" => f.hi_half[1] = true,
            "wr" => f.wr = true,
            "vcc" => f.vcc = true,
            "k" => f.k = true,
            "xf32" => f.xf32 = true,
            "fp8a" => f.f8[0] = Some(F8::Fp8),
            "bf8a" => f.f8[0] = Some(F8::Bf8),
            "fp8b" => f.f8[1] = Some(F8::Fp8),
            "bf8b" => f.f8[1] = Some(F8::Bf8),
            _ => {
                if let Some(n) = num("w") {
                    f.width = n;
                } else if let Some(n) = num("byte") {
                    f.byte = n;
                } else if let Some(n) = num("sh") {
                    f.shift = n;
                } else if let Some(n) = num("blk") {
                    f.mat[3] = n;
                } else if let Some(n) = num("m") {
                    f.mat[0] = n;
                } else if let Some(n) = num("n") {
                    f.mat[1] = n;
                } else if let Some(n) = num("k") {
                    f.mat[2] = n;
                } else {
                    return Err(format!("unknown flag `{w}`"));
                }
            }
        }
    }
    Ok(f)
}

fn parse_row(cols: &[&str]) -> Result<Row, String> {
    match cols {
        [_, "-", why] => Ok(Err(why.to_string())),
        [_, kind, op, ty, flags] => {
            let kind = find(Kind::ALL, Kind::name, kind).ok_or(format!("unknown kind `{kind}`"))?;
            let ty_of = |t: &str| Type::from_name(t).ok_or(format!("unknown type `{t}`"));
            let (ty, src) = match ty.split_once('/') {
                Some((d, s)) => (ty_of(d)?, ty_of(s)?),
                None => (ty_of(ty)?, ty_of(ty)?),
            };
            Ok(Ok(Sem {
                kind,
                op: op_of(kind, op, src)?,
                ty,
                src,
                flags: flags_of(flags)?,
            }))
        }
        _ => Err(format!("{} columns", cols.len())),
    }
}

/// Parses the table text.
pub fn parse(text: &str) -> Result<HashMap<String, Row>, String> {
    parse_table(text, parse_row)
}

/// Parses a tab-separated table keyed by its first column (`#` lines are
/// comments), each row by `row`; errors name the line.
pub(crate) fn parse_table<R>(
    text: &str,
    row: impl Fn(&[&str]) -> Result<R, String>,
) -> Result<HashMap<String, R>, String> {
    let mut out = HashMap::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        let r = row(&cols).map_err(|e| format!("line {}: {e}", n + 1))?;
        if out.insert(cols[0].to_string(), r).is_some() {
            return Err(format!("line {}: `{}` twice", n + 1, cols[0]));
        }
    }
    Ok(out)
}
