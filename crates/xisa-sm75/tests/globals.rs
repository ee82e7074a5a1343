//! Issue #11, module-scope data: `__device__` globals (`.nv.global`,
//! `.nv.global.init`) reached through relocated `c[0x4]` words, a pointer
//! initialised with another global's address, `__constant__` data (bank 3)
//! read and written by name, on both engines (`tests/cuda/globals.cu`).

mod common;

use std::path::PathBuf;

use common::{opts, ENGINES};
use xisa::{ArgSpec, Device, Engine, Module};

fn module() -> Module {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/cuda/globals.cubin");
    Module::from_file(&p, None).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn i32s(b: &[u8]) -> Vec<i32> {
    b.chunks_exact(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Launches `kernel(out, i)` as one block of `block` threads on `dev` and
/// returns `out` (one word per thread).
fn run_indexed(dev: &Device, m: &Module, kernel: &str, e: Engine, block: u32, i: i32) -> Vec<u8> {
    let out = dev.alloc(4 * u64::from(block)).unwrap();
    dev.launch(
        m,
        kernel,
        &opts(e, 1, block),
        &[ArgSpec::Ptr(out), ArgSpec::I32(i)],
    )
    .unwrap_or_else(|err| panic!("{kernel} ({e}): {err}"));
    dev.read(out, 4 * block as usize).unwrap()
}

/// `atomicAdd(&counter, 1)` hands out tickets 0..N in the first launch and
/// N..2N in the second: the global persists across launches on a device,
/// and a new device starts from zero again.
#[test]
fn counter_persists_across_launches() {
    let m = module();
    for e in ENGINES {
        let dev = Device::new().unwrap();
        let g = dev.global(&m, "counter").unwrap();
        assert_eq!(g.size, 4);
        assert_ne!(g.addr, 0);
        for round in 0..2 {
            let out = dev.alloc(4 * 128).unwrap();
            dev.launch(&m, "count", &opts(e, 2, 64), &[ArgSpec::Ptr(out)])
                .unwrap_or_else(|err| panic!("{e}: {err}"));
            let mut t = i32s(&dev.read(out, 4 * 128).unwrap());
            t.sort();
            let want: Vec<i32> = (128 * round..128 * (round + 1)).collect();
            assert_eq!(t, want, "{e}: round {round}");
        }
        assert_eq!(
            dev.read_global(&m, "counter").unwrap(),
            256i32.to_le_bytes()
        );
        // Set by name, then counted on.
        dev.write_global(&m, "counter", &1000i32.to_le_bytes())
            .unwrap();
        let out = dev.alloc(4).unwrap();
        dev.launch(&m, "count", &opts(e, 1, 1), &[ArgSpec::Ptr(out)])
            .unwrap();
        assert_eq!(i32s(&dev.read(out, 4).unwrap()), [1000]);
        let fresh = Device::new().unwrap();
        assert_eq!(fresh.read_global(&m, "counter").unwrap(), [0; 4]);
    }
}

/// The initialised table and `tp = &table[2]` (an R_CUDA_G64 relocation
/// with addend 8 in `.rela.nv.global.init`).
#[test]
fn initialised_table_and_pointer() {
    let m = module();
    let table = [3, 1, 4, 1, 5, 9, 2, 6];
    for e in ENGINES {
        let dev = Device::new().unwrap();
        let tg = dev.global(&m, "table").unwrap();
        let taddr = tg.addr;
        assert_eq!(tg.size, 32);
        let tp = dev.read_global(&m, "tp").unwrap();
        assert_eq!(u64::from_le_bytes(tp.try_into().unwrap()), taddr + 8);
        for i in [0, 3, 7] {
            let got = i32s(&run_indexed(&dev, &m, "lookup", e, 32, i));
            let want: Vec<i32> = (0..32)
                .map(|t| table[((t + i) & 7) as usize] * 10 + table[2 + (t & 1) as usize])
                .collect();
            assert_eq!(got, want, "{e}: i = {i}");
        }
        // Writing the table by name changes what the kernel reads.
        let new: Vec<u8> = (10..18i32).flat_map(|v| v.to_le_bytes()).collect();
        dev.write_global(&m, "table", &new).unwrap();
        let want: Vec<i32> = (0..8).map(|t| (10 + t) * 10 + 12 + (t & 1)).collect();
        assert_eq!(i32s(&run_indexed(&dev, &m, "lookup", e, 8, 0)), want, "{e}");
    }
}

/// `__constant__ float scale[4]`: register-indexed `LDC c[0x3][R]` and
/// immediate `c[0x3][0x4]` reads; writing it by name changes both.
#[test]
fn constant_bank_3_by_name() {
    let m = module();
    let f32s = |b: &[u8]| -> Vec<f32> {
        b.chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
            .collect()
    };
    for e in ENGINES {
        let dev = Device::new().unwrap();
        let g = dev.global(&m, "scale").unwrap();
        // Bank 3 lives in guest memory after the globals (CUDA gives
        // `__constant__` data a device address).
        let counter = dev.global(&m, "counter").unwrap();
        assert!(g.addr > counter.addr, "{:#x}", g.addr);
        let run = |i: i32| f32s(&run_indexed(&dev, &m, "scaled", e, 8, i));
        let s = [1.0f32, 2.0, 3.0, 4.0];
        let want: Vec<f32> = (0..8).map(|t| s[(t + 1) & 3] * s[1]).collect();
        assert_eq!(run(1), want, "{e}");
        let s2 = [0.5f32, -3.0, 8.0, 0.25];
        let bytes: Vec<u8> = s2.iter().flat_map(|v| v.to_le_bytes()).collect();
        dev.write_global(&m, "scale", &bytes).unwrap();
        assert_eq!(dev.read_global(&m, "scale").unwrap(), bytes);
        let want: Vec<f32> = (0..8).map(|t| s2[(t + 2) & 3] * s2[1]).collect();
        assert_eq!(run(2), want, "{e}");
        // Wrong sizes are refused, naming the symbol.
        let err = dev.write_global(&m, "scale", &[0; 12]).unwrap_err();
        assert!(err.to_string().contains("scale"), "{err}");
    }
}

/// A `__device__ float *` the host sets to a buffer; the kernel stores
/// through it. A 64-bit atomic array in `.nv.global` starts at zero.
#[test]
fn host_set_pointer_and_zeroed_array() {
    let m = module();
    for e in ENGINES {
        let dev = Device::new().unwrap();
        let buf = dev.alloc(4 * 100).unwrap();
        dev.write_global(&m, "dptr", &buf.to_le_bytes()).unwrap();
        dev.launch(&m, "through_ptr", &opts(e, 2, 64), &[ArgSpec::I32(100)])
            .unwrap_or_else(|err| panic!("{e}: {err}"));
        let got = dev.read(buf, 400).unwrap();
        for t in 0..100 {
            let v = f32::from_le_bytes(got[4 * t..4 * t + 4].try_into().unwrap());
            assert_eq!(v, 0.5 * t as f32, "{e}: {t}");
        }
        assert_eq!(dev.read_global(&m, "big").unwrap(), [0; 32]);
        let v = 1u64 << 40;
        for _ in 0..2 {
            dev.launch(&m, "accumulate", &opts(e, 1, 64), &[ArgSpec::U64(v)])
                .unwrap();
        }
        let got = dev.read_global(&m, "big").unwrap();
        for j in 0..4u64 {
            let want: u64 = 2
                * (0..64u64)
                    .filter(|t| t & 3 == j)
                    .map(|t| v + t)
                    .sum::<u64>();
            let g = u64::from_le_bytes(got[8 * j as usize..8 * j as usize + 8].try_into().unwrap());
            assert_eq!(g, want, "{e}: big[{j}]");
        }
    }
}

/// Unknown names list what the module has.
#[test]
fn unknown_global() {
    let m = module();
    let dev = Device::new().unwrap();
    let err = dev.global(&m, "nope").unwrap_err().to_string();
    for n in ["counter", "table", "tp", "dptr", "big", "scale"] {
        assert!(err.contains(n), "{err}");
    }
}

/// The loader's view: the data sections, symbols and relocations.
#[test]
fn loader_reads_module_data() {
    use xisa_sm75::loader::{rtype, DataSection};
    let bytes =
        std::fs::read(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/cuda/globals.cubin"))
            .unwrap();
    let c = xisa_sm75::loader::load(&bytes).unwrap();
    let d = &c.data;
    assert_eq!(d.symbol("table").unwrap().section, DataSection::GlobalInit);
    assert_eq!(d.symbol("counter").unwrap().section, DataSection::Global);
    assert_eq!(d.symbol("scale").unwrap().section, DataSection::Bank(3));
    assert!(d
        .relocs
        .iter()
        .any(|r| r.target == DataSection::Bank(4) && r.rtype == rtype::R_CUDA_64));
    let g64 = d
        .relocs
        .iter()
        .find(|r| r.target == DataSection::GlobalInit)
        .unwrap();
    assert_eq!(
        (g64.rtype, g64.addend, g64.symbol.as_str()),
        (rtype::R_CUDA_G64, Some(8), "table")
    );
    let m = d.materialize(0x1_0000_0000).unwrap();
    let table_off = d.symbol("table").unwrap().offset;
    let tp = u64::from_le_bytes(m.globals[0..8].try_into().unwrap());
    assert_eq!(tp, 0x1_0000_0000 + table_off + 8);
    // Every kernel places banks 3 and 4 after its parameters, then the
    // word holding bank 3's generic address (c[0x0][0x50]).
    let cw = xisa_sm75::loader::CONST_WINDOW_WORD;
    for k in &c.kernels {
        let banks: Vec<u32> = k.live_banks.iter().map(|b| b.bank).collect();
        assert_eq!(banks, [3, 4, cw], "{}", k.name);
    }
    // The data block: the globals, then banks 3 and 4 (256-aligned), then
    // that word, which holds bank 3's address.
    let b3 = d.bank_offset(3).unwrap();
    assert!(b3 >= d.global_layout().1 && b3.is_multiple_of(256));
    let (_, off, word) = m.banks.iter().find(|b| b.0 == cw).unwrap();
    assert_eq!(*off, d.bank_offset(cw).unwrap());
    assert_eq!(
        u64::from_le_bytes(word[..].try_into().unwrap()),
        0x1_0000_0000 + b3
    );
}

/// Issue #11: an OpenCL C kernel (`tests/cuda/local_arg.cl`, clang-19 →
/// libclc → llc-19 → ptxas) whose `__local float *` parameter is 64 bits
/// (clang's nvptx64 ABI): `local:N` passes the shared-memory offset in it.
#[test]
fn local_pointer_in_a_64_bit_parameter() {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/cuda/local_arg.cubin");
    let m = Module::from_file(&p, None).unwrap();
    let k = m.kernel("reverse_local").unwrap();
    let last = *k.params.last().unwrap();
    assert_eq!(
        k.reg_type(last),
        Some(xisa::ir::Type::I64),
        "64-bit __local pointer"
    );
    let n = 4 * 64usize;
    let x: Vec<f32> = (0..n).map(|i| i as f32 * 0.25 - 7.0).collect();
    for e in ENGINES {
        let dev = Device::new().unwrap();
        let rep = dev
            .launch(
                &m,
                "reverse_local",
                &opts(e, 4, 64),
                &[
                    ArgSpec::Bytes(x.iter().flat_map(|v| v.to_le_bytes()).collect()),
                    ArgSpec::Zeros(4 * n as u64),
                    ArgSpec::Local(4 * 64),
                ],
            )
            .unwrap_or_else(|err| panic!("{e}: {err}"));
        let b = rep.buffers[1].unwrap();
        let got = dev.read(b.addr, 4 * n).unwrap();
        for g in 0..n {
            let (wg, l) = (g / 64, g % 64);
            let want = x[wg * 64 + 63 - l] * 2.0;
            let v = f32::from_le_bytes(got[4 * g..4 * g + 4].try_into().unwrap());
            assert_eq!(v, want, "{e}: out[{g}]");
        }
    }
}

/// `globals.cubin` with relocation type 99 written into the entry of
/// relocation section `section` that patches offset `at`.
fn with_bad_reloc(section: &str, at: u64) -> Vec<u8> {
    use object::{Object, ObjectSection};
    let mut bytes =
        std::fs::read(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/cuda/globals.cubin"))
            .unwrap();
    let (off, size, ent) = {
        let f = object::File::parse(&*bytes).unwrap();
        let s = f.section_by_name(section).unwrap();
        let (off, size) = s.file_range().unwrap();
        (
            off as usize,
            size as usize,
            if section.starts_with(".rela") { 24 } else { 16 },
        )
    };
    let i = (off..off + size)
        .step_by(ent)
        .find(|&e| u64::from_le_bytes(bytes[e..e + 8].try_into().unwrap()) == at)
        .unwrap();
    bytes[i + 8..i + 12].copy_from_slice(&99u32.to_le_bytes());
    bytes
}

/// Relocation types xisa does not apply: in a module bank, reading the
/// word traps in a block naming the type and symbol (other kernels still
/// run); in a global's initial value, the module's first launch is an
/// error naming the section, type, offset and symbol.
#[test]
fn unsupported_relocations_are_named() {
    let bytes = with_bad_reloc(".rel.nv.constant4", 0);
    let m = Module::from_bytes(&bytes, "bad4", None).unwrap();
    let dev = Device::new().unwrap();
    let out = dev.alloc(4 * 8).unwrap();
    for e in [Engine::Jit, Engine::JitWave] {
        let err = dev
            .launch(&m, "count", &opts(e, 1, 1), &[ArgSpec::Ptr(out)])
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("reloc_type99_address_of_counter"),
            "{e}: {err}"
        );
    }
    dev.launch(
        &m,
        "lookup",
        &opts(Engine::Jit, 1, 8),
        &[ArgSpec::Ptr(out), ArgSpec::I32(0)],
    )
    .unwrap();

    let bytes = with_bad_reloc(".rela.nv.global.init", 0);
    let m = Module::from_bytes(&bytes, "badinit", None).unwrap();
    let dev = Device::new().unwrap();
    let err = dev
        .launch(
            &m,
            "lookup",
            &opts(Engine::Jit, 1, 8),
            &[ArgSpec::Ptr(out), ArgSpec::I32(0)],
        )
        .unwrap_err()
        .to_string();
    for want in [".rela.nv.global.init", "type 99", "offset 0x0", "\"table\""] {
        assert!(err.contains(want), "{want}: {err}");
    }
}
