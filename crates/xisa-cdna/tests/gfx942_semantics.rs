//! The gfx942 ALU semantics table (`gfx942_alu_semantics.tsv`) against the
//! opcode table generated from LLVM: one row per vector and scalar ALU
//! mnemonic, no row for a mnemonic LLVM does not know, and every row parsed
//! into IR operations.
//! (That its not-lifted rows are refused with their reason is checked by
//! `gfx942_lift_coverage.rs`, which lifts every row.)

use std::collections::BTreeSet;

use xisa_cdna::gfx942::memsem::{self, Access, Data};
use xisa_cdna::gfx942::semantics::{self, base, Kind, SemOp};
use xisa_cdna::gfx942::tables;

/// The base mnemonics of the vector and scalar ALU rows of the opcode table.
fn alu_mnemonics() -> BTreeSet<String> {
    let t = tables();
    t.opcodes
        .iter()
        .filter(|o| {
            let f = t.formats[o.format].name.as_str();
            f.starts_with("VOP") || matches!(f, "SOP1" | "SOP2" | "SOPC" | "SOPK" | "SOPP")
        })
        .map(|o| base(&o.mnemonic).to_string())
        .collect()
}

/// The table's mnemonics are exactly LLVM's.
fn same_mnemonics(table: impl IntoIterator<Item = String>, llvm: BTreeSet<String>) {
    let table: BTreeSet<String> = table.into_iter().collect();
    let missing: Vec<_> = llvm.difference(&table).collect();
    let unknown: Vec<_> = table.difference(&llvm).collect();
    assert!(missing.is_empty(), "mnemonics without a row: {missing:?}");
    assert!(
        unknown.is_empty(),
        "rows LLVM has no opcode for: {unknown:?}"
    );
}

#[test]
fn one_row_per_alu_mnemonic() {
    let table = semantics::parse(semantics::SEMANTICS_TSV).expect("the table parses");
    same_mnemonics(table.into_keys(), alu_mnemonics());
}

#[test]
fn rows_name_the_operations_their_kind_needs() {
    for (m, row) in semantics::semantics() {
        let Ok(s) = row else { continue };
        let ok = match s.kind {
            Kind::Bin
            | Kind::Shift
            | Kind::AddSat
            | Kind::Mul24
            | Kind::AddCo
            | Kind::AddCarry
            | Kind::SAddSub
            | Kind::SAddc
            | Kind::SMinMax
            | Kind::SLogic
            | Kind::SShift
            | Kind::SBin
            | Kind::SBitset
            | Kind::SSaveexec
            | Kind::SAddk => matches!(s.op, SemOp::Int(_)),
            Kind::Tern | Kind::Med3 => matches!(s.op, SemOp::Int2(..) | SemOp::Float2(..)),
            Kind::FBin => matches!(s.op, SemOp::Float(_)),
            Kind::FUn | Kind::SinCos => matches!(s.op, SemOp::FUn(_)),
            Kind::Un | Kind::Ffb | Kind::SUn | Kind::SFfb => matches!(s.op, SemOp::Un(_)),
            Kind::Cvt => matches!(s.op, SemOp::Cvt(_)),
            Kind::Cmp | Kind::Cmpx => {
                matches!(s.op, SemOp::ICmp(_) | SemOp::FCmp(_) | SemOp::Const(_))
            }
            Kind::SCmp | Kind::SCmpk | Kind::SCbranch => matches!(s.op, SemOp::ICmp(_)),
            _ => s.op == SemOp::None,
        };
        assert!(ok, "{m}: kind {} with {:?}", s.kind.name(), s.op);
        if matches!(s.kind, Kind::Sad | Kind::Dot) {
            assert!(s.flags.width > 0, "{m}: no element width");
        }
    }
}

#[test]
fn bad_rows_are_reported_with_their_line() {
    for (text, want) in [
        (
            "v_x\tbin\tfrob\ti32\t-",
            "line 1: `frob` is not an operation of kind `bin`",
        ),
        ("v_x\tbin\tadd\ti33\t-", "line 1: unknown type `i33`"),
        ("# c\nv_x\tzap\t-\ti32\t-", "line 2: unknown kind `zap`"),
        ("v_x\tbin\tadd\ti32\tfast", "line 1: unknown flag `fast`"),
        ("v_x\tbin\tadd", "line 1: 3 columns"),
        ("v_x\t-\twhy\nv_x\t-\twhy", "line 2: `v_x` twice"),
    ] {
        assert_eq!(semantics::parse(text).unwrap_err(), want);
    }
}

/// The mnemonics of the SMEM, DS, FLAT / GLOBAL / SCRATCH and MUBUF rows.
fn mem_mnemonics() -> BTreeSet<String> {
    let t = tables();
    t.opcodes
        .iter()
        .filter(|o| {
            matches!(
                t.formats[o.format].name.as_str(),
                "SMEM" | "DS" | "FLAT" | "MUBUF"
            )
        })
        .map(|o| o.mnemonic.clone())
        .collect()
}

#[test]
fn one_row_per_memory_mnemonic() {
    let table = memsem::parse(memsem::MEM_SEMANTICS_TSV).expect("the table parses");
    same_mnemonics(table.into_keys(), mem_mnemonics());
}

/// Each memory row's data agrees with what the ISA's description says of
/// its size: the dword count of a load/store's register operand, the width
/// of an atomic's data (64-bit atomics and `_x2` / `_b64` / `_f64` names).
#[test]
fn memory_rows_move_what_their_operands_hold() {
    let t = tables();
    let mut checked = 0;
    for o in &t.opcodes {
        let Some(Ok(s)) = memsem::mem_row(&o.mnemonic) else {
            continue;
        };
        let vdst_or_data = o
            .operands
            .iter()
            .find(|p| {
                matches!(
                    p.field.as_str(),
                    "vdst" | "vdata" | "sdata" | "data" | "data0"
                )
            })
            .map(|p| p.count);
        match s.data {
            Data::Mem(kind, n) if s.access != Access::Read2 && s.access != Access::Write2 => {
                let dwords = (kind.bytes() * u32::from(n)).div_ceil(4);
                assert_eq!(vdst_or_data, Some(dwords), "{}: {kind:?} x {n}", o.mnemonic);
                checked += 1;
            }
            Data::Atom(_, ty) => {
                let wide = ty.bytes() == 8;
                let named = o.mnemonic.ends_with("_x2") || o.mnemonic.ends_with("64");
                assert_eq!(wide, named, "{}: {ty:?}", o.mnemonic);
                checked += 1;
            }
            _ => {}
        }
    }
    assert!(checked > 300, "only {checked} rows checked");
}

#[test]
fn bad_memory_rows_are_reported_with_their_line() {
    for (text, want) in [
        (
            "x\tload\tb33x1\t-",
            "line 1: `b33x1` is not data of access `load`",
        ),
        (
            "x\tatomic\tfadd.b32\t-",
            "line 1: `fadd.b32` is not data of access `atomic`",
        ),
        ("x\tload\t-\t-", "line 1: access `load` needs data"),
        (
            "x\tinv\tb32x1\t-",
            "line 1: `b32x1` is not data of access `inv`",
        ),
        ("x\tload\tb32x1\tfast", "line 1: unknown flag `fast`"),
        ("# c\nx\tzap\t-\t-", "line 2: unknown access `zap`"),
    ] {
        assert_eq!(memsem::parse(text).unwrap_err(), want);
    }
}
