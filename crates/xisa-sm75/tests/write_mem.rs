//! sm_75's memory writer (`write::write_mem`, the inverse of lifting):
//! every IR memory operation it writes, on vector addresses and on uniform
//! bases, assembles and lifts back (through the frontend, as a fragment) to
//! that operation on the given registers, with every data register's role
//! as `Written` states it; what it refuses is refused with a reason.

use xisa_frontend::{
    mem::mem_specs, read_mem, AddrShape, DataRole, Frontend, FrontendError, MemRegs, MemSpec,
};
use xisa_sm75::frontend::Sm75Frontend;

const VECTOR: MemRegs = MemRegs {
    addr: 10,
    data: 20,
    dst: 32,
    offset: 96,
    ubase: None,
};

const UNIFORM: MemRegs = MemRegs {
    addr: 7,
    data: 20,
    dst: 32,
    offset: -16,
    ubase: Some(4),
};

fn num(r: &str) -> u32 {
    r.trim_start_matches(char::is_alphabetic).parse().unwrap()
}

/// Writes every operation on `regs`; checks each written one; returns
/// (written, refused).
fn check(regs: &MemRegs) -> (usize, usize) {
    let f = Sm75Frontend;
    let (mut written, mut refused) = (0, 0);
    for spec in mem_specs() {
        let w = match f.write_mem(&spec, regs) {
            Ok(w) => w,
            Err(FrontendError::NoInstruction { why, .. }) => {
                assert!(!why.is_empty(), "{spec}");
                refused += 1;
                continue;
            }
            Err(e) => panic!("{spec}: {e}"),
        };
        written += 1;
        let m = f.load(&f.assemble(&w.text).unwrap()).unwrap();
        let k = m.lift("fragment").unwrap();
        let r = read_mem(&k).unwrap_or_else(|| panic!("{spec}: {} reads back nothing", w.text));
        assert_eq!(r.spec, spec, "{}", w.text);
        if matches!(spec, MemSpec::Fence { .. }) {
            continue;
        }
        assert_eq!(r.offset, regs.offset, "{}", w.text);
        let mut addr: Vec<String> = r.addr.clone();
        addr.sort();
        let mut want = match (regs.ubase, &r.shape) {
            (Some(u), AddrShape::PairPlusZext { .. }) => {
                vec![
                    format!("r{}", regs.addr),
                    format!("ur{u}"),
                    format!("ur{}", u + 1),
                ]
            }
            (None, AddrShape::Regs(_)) if r.addr.len() == 2 => {
                vec![format!("r{}", regs.addr), format!("r{}", regs.addr + 1)]
            }
            (None, AddrShape::Regs(_)) => vec![format!("r{}", regs.addr)],
            other => panic!("{}: address {other:?}", w.text),
        };
        want.sort();
        assert_eq!(addr, want, "{}", w.text);
        // Roles as written: the operand from `data`, a CAS's new value
        // after its compare value, the old value or loaded data at `dst` /
        // `data`.
        let value: Vec<(String, DataRole)> = r
            .value
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), DataRole::Value(i as u8)))
            .chain(
                r.compare
                    .iter()
                    .enumerate()
                    .map(|(i, n)| (n.clone(), DataRole::Compare(i as u8))),
            )
            .collect();
        assert_eq!(value, w.data, "{}", w.text);
        assert_eq!(r.returned, w.returned, "{}", w.text);
        let first = |v: &[String]| v.first().map(|n| num(n));
        match spec {
            MemSpec::Load(_) => assert_eq!(first(&r.returned), Some(regs.data), "{}", w.text),
            MemSpec::Store(_) => assert_eq!(first(&r.value), Some(regs.data), "{}", w.text),
            MemSpec::Atomic(a) => {
                let data = if r.compare.is_empty() {
                    &r.value
                } else {
                    &r.compare
                };
                assert_eq!(first(data), Some(regs.data), "{}", w.text);
                if a.returns {
                    assert_eq!(first(&r.returned), Some(regs.dst), "{}", w.text);
                } else {
                    assert!(r.returned.is_empty(), "{}", w.text);
                }
            }
            MemSpec::Fence { .. } => {}
        }
    }
    (written, refused)
}

#[test]
fn written_operations_lift_back_on_their_registers() {
    let vector = check(&VECTOR);
    let uniform = check(&UNIFORM);
    println!("vector addresses: {vector:?}, uniform bases: {uniform:?}");
    // 338 of 1,420 operations on vector addresses (every relaxed global and
    // workgroup shared atomic sm_75 has, plain and strong accesses, MEMBAR);
    // 274 on uniform bases (global only; ATOMG.CAS has no uniform form).
    assert_eq!(vector, (338, 1082));
    assert_eq!(uniform, (274, 1146));
}

/// The operation whose IR text is `s`.
fn spec(s: &str) -> MemSpec {
    mem_specs()
        .into_iter()
        .find(|m| m.to_string() == s)
        .unwrap()
}

/// The forms ptxas writes for the common operations.
#[test]
fn common_operations_are_written_as_ptxas_does() {
    let f = Sm75Frontend;
    for (ir, sass) in [
        (
            "atom.global.add.b32.device",
            "RED.E.ADD.STRONG.GPU [R10+0x60], R20 ;",
        ),
        (
            "atom.global.add.b32.device.rtn",
            "ATOMG.E.ADD.STRONG.GPU PT, R32, [R10+0x60], R20 ;",
        ),
        (
            "atom.global.cas.b64.system.rtn",
            "ATOMG.E.CAS.64.STRONG.SYS PT, R32, [R10+0x60], R20, R22 ;",
        ),
        (
            "atom.shared.cas.b32.workgroup.rtn",
            "ATOMS.CAS R32, [R10+0x60], R20, R21 ;",
        ),
        (
            "atom.shared.add.b32.workgroup",
            "ATOMS.ADD RZ, [R10+0x60], R20 ;",
        ),
        ("ld.global.b32.weak.device", "LDG.E.SYS R20, [R10+0x60] ;"),
        (
            "ld.global.v4.b32.weak.device",
            "LDG.E.128.SYS R20, [R10+0x60] ;",
        ),
        (
            "st.global.b64.relaxed.device",
            "STG.E.64.STRONG.GPU [R10+0x60], R20 ;",
        ),
        ("ld.shared.u8.weak.device", "LDS.U8 R20, [R10+0x60] ;"),
        ("fence.seq_cst.device", "MEMBAR.SC.GPU ;"),
    ] {
        let w = f
            .write_mem(&spec(ir), &VECTOR)
            .unwrap_or_else(|e| panic!("{ir}: {e}"));
        assert_eq!(w.text, sass, "{ir}");
    }
}

/// Refusals say why: misaligned registers, missing operations, orders
/// MEMBAR does not name.
#[test]
fn refusals_name_the_reason() {
    let f = Sm75Frontend;
    let why = |ir: &str, regs: &MemRegs| match f.write_mem(&spec(ir), regs) {
        Err(FrontendError::NoInstruction { why, .. }) => why,
        other => panic!("{ir}: {other:?}"),
    };
    let odd = MemRegs { data: 21, ..VECTOR };
    assert!(why("st.global.b64.relaxed.device", &odd).contains("R21 is not aligned"));
    let odd = MemRegs { addr: 11, ..VECTOR };
    assert!(why("ld.global.b32.weak.device", &odd).contains("R11 is not aligned"));
    assert!(why("atom.global.sub.b32.device", &VECTOR).contains("no global sub atomic"));
    assert!(why("fence.acquire.device", &VECTOR).contains("MEMBAR"));
    assert!(why("ld.uniform.global.b32.weak.device", &VECTOR).contains("ULDC"));
    assert!(why("atom.shared.add.b32.device", &VECTOR).contains("workgroup scope only"));
}
