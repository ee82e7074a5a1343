//! Generic pointers to `__constant__` data (`tests/cuda_corpus/const_ptr.cu`,
//! NVRTC for sm_75). ptxas makes PTX `cvta.const` out of `c[0x0][0x50]`,
//! the generic address of constant bank 3, which xisa read as an address
//! above all memory: a generic load through such a pointer faulted, and so
//! did every Numba kernel calling `print()` (its format strings are
//! `.const` data). The bank now lives in guest memory, at the address the
//! module's symbol has, and each launch copies it into the kernel's
//! parameter block. On both engines.

use std::path::PathBuf;
use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};
use xisa_testkit::le_values;

const N: usize = 16;
const CTAB: [i32; 8] = [11, 22, 33, 44, 55, 66, 77, 88];

fn module() -> Module {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("cuda_corpus/out/const_ptr.cubin");
    let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    Module::from_bytes(&bytes, "const_ptr.cubin", None).expect("load")
}

fn opts(e: Engine, threads: usize) -> LaunchOptions {
    LaunchOptions {
        block: [threads as u32, 1, 1],
        engine: e,
        ..LaunchOptions::default()
    }
}

/// One generic load reaching constant data in even lanes and global data in
/// odd ones; `__isConstant`/`__isGlobal` of each pointer; then the same
/// after the program overwrites the constant table by name (as
/// `cudaMemcpyToSymbol` does): the generic loads see the new values.
#[test]
fn generic_loads_of_constant_data() {
    let m = module();
    for e in [Engine::Jit, Engine::Interp] {
        let dev = Device::new().expect("device");
        let g: Vec<i32> = (0..N as i32).map(|t| 1000 + t).collect();
        let gb: Vec<u8> = g.iter().flat_map(|v| v.to_le_bytes()).collect();
        let run = |table: &[i32; 8]| {
            let out = dev.alloc((4 * N) as u64).expect("alloc");
            let flags = dev.alloc((4 * N) as u64).expect("alloc");
            let gin = dev.alloc(gb.len() as u64).expect("alloc");
            dev.write(gin, &gb).expect("write");
            let args = [ArgSpec::Ptr(out), ArgSpec::Ptr(flags), ArgSpec::Ptr(gin)];
            dev.launch(&m, "const_or_global", &opts(e, N), &args)
                .unwrap_or_else(|err| panic!("const_or_global ({e}): {err}"));
            let got: Vec<i32> = le_values(&dev.read(out, 4 * N).expect("read"));
            let want: Vec<i32> = (0..N)
                .map(|t| if t & 1 == 1 { g[t] } else { table[t & 7] })
                .collect();
            assert_eq!(got, want, "values ({e})");
            let fl: Vec<i32> = le_values(&dev.read(flags, 4 * N).expect("read"));
            let want: Vec<i32> = (0..N).map(|t| if t & 1 == 1 { 2 } else { 1 }).collect();
            assert_eq!(fl, want, "__isConstant | __isGlobal << 1 ({e})");
        };
        run(&CTAB);
        let t2 = [-1, -2, -3, -4, -5, -6, -7, -8];
        let b: Vec<u8> = t2.iter().flat_map(|v: &i32| v.to_le_bytes()).collect();
        dev.write_global(&m, "ctab", &b).expect("write ctab");
        run(&t2);
    }
}

/// `vprintf` with its format in the constant bank (Numba's `print()`).
#[test]
fn printf_with_a_constant_format() {
    let m = module();
    for e in [Engine::Jit, Engine::Interp] {
        let dev = Device::new().expect("device");
        let rep = dev
            .launch(&m, "print_const_format", &opts(e, 4), &[])
            .unwrap_or_else(|err| panic!("print_const_format ({e}): {err}"));
        let text = String::from_utf8(rep.stats.output).expect("utf-8");
        let want: String = (0..4)
            .map(|t| format!("lane {t} reads {}\n", CTAB[t]))
            .collect();
        assert_eq!(text, want, "{e}");
    }
}

/// `&ctab[i]` in device code is the address the device gives the symbol.
#[test]
fn the_generic_address_is_the_symbols() {
    let m = module();
    for e in [Engine::Jit, Engine::Interp] {
        let dev = Device::new().expect("device");
        let out = dev.alloc(8).expect("alloc");
        dev.launch(
            &m,
            "address_of",
            &opts(e, 1),
            &[ArgSpec::Ptr(out), ArgSpec::I32(3)],
        )
        .unwrap_or_else(|err| panic!("address_of ({e}): {err}"));
        let got = u64::from_le_bytes(dev.read(out, 8).unwrap().try_into().unwrap());
        let sym = dev.global(&m, "ctab").expect("ctab");
        assert_eq!(got, sym.addr + 12, "{e}");
        assert_eq!(
            dev.read_global(&m, "ctab").unwrap(),
            CTAB.iter()
                .flat_map(|v| v.to_le_bytes())
                .collect::<Vec<u8>>()
        );
    }
}
