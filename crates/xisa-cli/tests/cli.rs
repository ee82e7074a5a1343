//! The real `xisa` binary on good and bad input: every failure is one
//! `error: ...` line on stderr, a non-zero exit, no panic, and no partial output
//! file; the bundled example and `exec` work under both engines.

use std::path::Path;
use std::process::Output;
use std::time::{Duration, Instant};

use serde_json::Value;

mod common;

use common::{failure, failure_with, success, text, xisa, xisa_with, Scratch, OOB, SPIN};

/// Command-line usage errors (clap's, and malformed option values): exit 2, first line `error: ...`,
/// then a usage hint.
fn usage_failure(out: &Output, what: &str) -> String {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{what}: exit status\n{err}");
    assert!(!err.contains("panicked"), "{what}: panic:\n{err}");
    let first = err.lines().next().unwrap_or("").to_string();
    assert!(first.starts_with("error: "), "{what}: {err}");
    first
}

const INC: &str = "kernel @inc(%p: i64, %n: i32) {
  reg %tid: i32, %a: i64, %v: i32, %q: i1
entry:
  %tid = special.tid.x
  %q = icmp.ult.i32 %tid, %n
  brc %q, body, done
body:
  %a = mulwide.u32 %tid, 4
  %a = add.i64 %a, %p
  %v = ld.global.b32 [%a]
  %v = add.i32 %v, 1
  st.global.b32 [%a], %v
  br done
done:
  exit
}
";

const TWO: &str = "kernel @first(%p: i64) {
entry:
  exit
}

kernel @second(%p: i64) {
entry:
  exit
}
";

#[test]
fn run_without_arguments_runs_the_example() {
    for engine in ["jit", "interp"] {
        let args: Vec<&str> = if engine == "jit" {
            vec!["run"]
        } else {
            vec!["run", "--engine", "interp"]
        };
        let out = xisa(&args);
        let so = text(&out.stdout);
        assert!(
            out.status.success(),
            "{engine}: {so}\n{}",
            text(&out.stderr)
        );
        assert!(
            so.contains("matches the host computation: yes"),
            "{engine}: {so}"
        );
        assert!(so.contains("checksum matches: yes"), "{engine}: {so}");
    }
}

#[test]
fn help_for_every_command() {
    for args in [
        &["--help"][..],
        &["run", "--help"],
        &["exec", "--help"],
        &["disasm", "--help"],
        &["asm", "--help"],
        &["lift", "--help"],
        &["port", "--help"],
        &["isas", "--help"],
        &["help"],
        &["--version"],
    ] {
        let out = xisa(args);
        assert!(out.status.success(), "xisa {args:?}: {}", text(&out.stderr));
        assert!(!out.stdout.is_empty(), "xisa {args:?}: no output");
    }
}

/// `xisa isas` lists the registry; an ISA without an assembler says so, and
/// an unknown ISA names the known ones.
/// Every example `xisa --help` shows runs as written, from the repository
/// root, with the files it names (before, they named files nobody had:
/// `k.xir`, `hist.cubin`). The `exec` line names placeholders and is
/// checked by the exec tests instead.
#[test]
fn help_examples_run_as_written() {
    let help = text(&xisa(&["--help"]).stdout);
    let body = help.split("Examples").nth(1).expect("an Examples section");
    let mut commands = Vec::new();
    let mut cur = String::new();
    for line in body.lines().skip(1) {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        cur.push_str(line.trim_end_matches('\\'));
        cur.push(' ');
        if !line.ends_with('\\') {
            commands.push(std::mem::take(&mut cur));
        }
    }
    let s = Scratch::new("cli", "examples");
    std::os::unix::fs::symlink(common::repo("../../tests"), s.path("tests")).expect("link");
    let bin = Path::new(common::XISA).parent().expect("bin dir");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut ran = 0;
    for c in commands.iter().filter(|c| !c.contains("FRAGMENT")) {
        let out = std::process::Command::new("sh")
            .args(["-c", c])
            .current_dir(s.dir())
            .env("PATH", &path)
            .output()
            .expect("sh");
        assert!(
            out.status.success(),
            "{c}\n{}{}",
            text(&out.stdout),
            text(&out.stderr)
        );
        ran += 1;
    }
    assert!(ran >= 8, "{ran} examples: {commands:?}");
}

/// A module whose kind cannot be detected is named in the error, with
/// why and what to do (`--isa`), for binary noise, an ELF file of an
/// unknown machine and text of no ISA.
#[test]
fn undetectable_modules_are_named() {
    let s = Scratch::new("cli", "detect");
    let mut elf = vec![0x7f, b'E', b'L', b'F', 2, 1, 1, 0];
    elf.resize(64, 0);
    elf[18] = 62; // EM_X86_64
    let cases: [(&str, Vec<u8>, &str); 3] = [
        (
            "noise.bin",
            vec![0xff, 0xfe, 0x00, 0x80],
            "not an ELF file and not UTF-8 text",
        ),
        ("host.so", elf, "ELF file for machine 62"),
        (
            "notes.txt",
            b"hello world\n".to_vec(),
            "cannot tell the ISA of a text",
        ),
    ];
    for (name, bytes, why) in cases {
        let p = s.write(name, bytes);
        let e = failure(&xisa(&["run", p.to_str().unwrap()]), name);
        assert!(
            e.contains(name) && e.contains("cannot detect the module kind"),
            "{e}"
        );
        assert!(e.contains(why), "{name}: {e}");
    }
}

/// `xisa run` without a module runs the bundled example, whose geometry is
/// its own: a launch option given with it means the module was forgotten,
/// a usage error (exit 2) instead of an option silently ignored.
#[test]
fn options_without_a_module_are_a_usage_error() {
    for extra in [
        &["--grid", "4"][..],
        &["--block", "64"],
        &["--shared", "256"],
        &["--timeout", "5"],
        &["--isa", "sm75"],
        &["--stack-size", "4096"],
        &["--arg", "u32:1"],
    ] {
        let mut args = vec!["run"];
        args.extend_from_slice(extra);
        let e = usage_failure(&xisa(&args), &format!("{extra:?}"));
        assert!(e.contains("MODULE is missing"), "{extra:?}: {e}");
    }
}

#[test]
fn isas_are_listed_from_the_registry() {
    let out = xisa(&["isas"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let list = text(&out.stdout);
    for (isa, wave, asm, writes) in [
        ("ir", "32", "yes", "-"),
        ("sm75", "32", "yes", "atomics,loads,stores,fences"),
        ("gfx942", "64", "yes", "atomics,loads,stores,fences"),
        ("cdna5", "32", "yes", "atomics"),
        ("lsu", "32", "yes", "atomics,loads,stores,fences"),
    ] {
        let line = list
            .lines()
            .find(|l| l.split_whitespace().next() == Some(isa))
            .unwrap_or_else(|| panic!("{isa} missing:\n{list}"));
        let cols: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cols[2], wave, "{line}");
        assert!(line.contains(&format!(" {asm} ")), "{line}");
        assert!(cols.contains(&writes), "{line}");
    }
    let s = Scratch::new("cli", "isas");
    let src = s.write("k.s", "NOP ;\n");
    let (src, bin) = (src.to_str().unwrap(), s.path("k.bin"));
    let bin = bin.to_str().unwrap();
    let out = xisa(&["asm", "--isa", "sm_90", src, "-o", bin]);
    let line = failure(&out, "unknown isa");
    assert!(line.contains("ir, sm75, gfx942, cdna5, lsu"), "{line}");
}

#[test]
fn a_good_run_and_dump() {
    let s = Scratch::new("cli", "good");
    let m = s.write("inc.xir", INC);
    let input: Vec<u8> = (0u32..64).flat_map(|i| (i * 10).to_le_bytes()).collect();
    let b = s.write("in.bin", &input);
    let o = s.path("out.bin");
    for engine in ["jit", "interp"] {
        let out = xisa_with(
            "run {} --block 64 --arg buf:{} --arg u32:50 --dump 0={} --engine {} --stats",
            &[&m, &b, &o, &engine],
        );
        assert!(out.status.success(), "{engine}: {}", text(&out.stderr));
        let got = std::fs::read(&o).unwrap();
        let want: Vec<u8> = (0u32..64)
            .flat_map(|i| (i * 10 + (i < 50) as u32).to_le_bytes())
            .collect();
        assert_eq!(got, want, "{engine}: dumped buffer");
    }
    assert_eq!(s.files(), vec!["in.bin", "inc.xir", "out.bin"]);
}

#[test]
fn malformed_ir_names_line_and_column() {
    let s = Scratch::new("cli", "malformed");
    let m = s.write(
        "bad.xir",
        "kernel @k(%p: i64) {\n  reg %v: i32\nentry:\n  %v = frobnicate.i32 %v, 1\n  exit\n}\n",
    );
    let out_file = s.path("out.bin");
    let out = xisa_with("run {} --arg zeros:16 --dump 0={}", &[&m, &out_file]);
    let e = failure(&out, "unknown mnemonic");
    assert!(e.contains("bad.xir"), "names the file: {e}");
    assert!(e.contains("line 4, col 8"), "names line and column: {e}");
    assert!(e.contains("frobnicate"), "names the token: {e}");
    assert!(!out_file.exists());

    // Errors further in: an undeclared register, a missing label, junk bytes.
    for (src, line_col) in [
        (
            "kernel @k() {\nentry:\n  %x = mov.i32 1\n  exit\n}\n",
            "line 3, col 3",
        ),
        ("kernel @k() {\nentry:\n  br nowhere\n}\n", "line 3, col 6"),
        ("kernel @k() {\nentry:\n  exit\n}\n\u{1}\n", "line 5, col 1"),
        ("kernel @k() {\nentry:\n  exit\n", "line 4"),
    ] {
        let m = s.write("bad2.xir", src);
        let e = failure(&xisa(&["run", m.to_str().unwrap()]), src);
        assert!(e.contains(line_col), "{src:?}: {e}");
    }
    // Not UTF-8 at all.
    let m = s.write("bin.xir", [0x6b, 0x65, 0x72, 0xff, 0xfe, 0x00]);
    failure(&xisa(&["run", m.to_str().unwrap()]), "binary garbage");
    // Well-formed but invalid IR (a type error) is a verify error.
    let m = s.write(
        "typed.xir",
        "kernel @k(%p: i64) {\n  reg %f: f32\nentry:\n  %f = add.i32 %f, 1\n  exit\n}\n",
    );
    let e = failure(&xisa_with("run {} --arg u64:0", &[&m]), "type error");
    assert!(e.contains("invalid IR"), "{e}");
}

#[test]
fn unknown_kernel_and_ambiguous_module() {
    let s = Scratch::new("cli", "kernel");
    let m = s.write("two.xir", TWO);
    let e = failure(
        &xisa_with("run {} --kernel third --arg zeros:4", &[&m]),
        "unknown kernel",
    );
    assert!(
        e.contains("third") && e.contains("first") && e.contains("second"),
        "{e}"
    );
    let e = failure(&xisa_with("run {} --arg zeros:4", &[&m]), "two kernels");
    assert!(e.contains("--kernel"), "{e}");
    let e = failure(&xisa_with("lift {} --kernel nope", &[&m]), "lift");
    assert!(e.contains("nope"), "{e}");
}

#[test]
fn wrong_arguments() {
    let s = Scratch::new("cli", "args");
    let m = s.write("inc.xir", INC);
    let m = m.to_str().unwrap();
    // Exit 1: the arguments do not fit the kernel; exit 2: a malformed
    // --arg value (a usage error).
    // (options after `run MODULE`, what the error says, exit status)
    let cases: &[(&str, &str, i32)] = &[
        ("--arg zeros:16", "takes 2 arguments", 1),
        (
            "--arg zeros:16 --arg u32:1 --arg u32:2",
            "takes 2 arguments",
            1,
        ),
        ("--arg f32:1.5 --arg u32:1", "cannot take", 1),
        ("--arg zeros:16 --arg u64:1", "cannot take", 1),
        ("--arg zeros:16 --arg u32:99999999999", "out of range", 2),
        ("--arg zeros:16 --arg u32:abc", "not an integer", 2),
        ("--arg nonsense --arg u32:1", "KIND:VALUE", 2),
        ("--arg blob:3 --arg u32:1", "unknown kind", 2),
        // struct: fields TYPE:VALUE; a 4-byte struct fits the i32 parameter.
        (
            "--arg zeros:16 --arg struct:f99:1",
            "unknown type \"f99\"",
            2,
        ),
        ("--arg zeros:16 --arg struct:f32", "TYPE:VALUE", 2),
        ("--arg zeros:16 --arg struct:u8:300", "out of range", 2),
        (
            "--arg zeros:16 --arg struct:u32:1,u32:2",
            "cannot take a struct of 8 bytes",
            1,
        ),
    ];
    for (extra, want, code) in cases {
        let mut args = vec!["run", m];
        args.extend(extra.split_whitespace());
        let e = failure_with(&xisa(&args), extra, *code);
        assert!(e.contains(want), "{extra}: want {want:?} in: {e}");
    }
    // With a dump of a buffer argument: the bad second argument still fails
    // the run, and no dump file appears.
    let dump = s.path("d.bin");
    let e = failure(
        &xisa_with(
            "run {} --arg zeros:16 --arg f64:2.5 --dump 0={}",
            &[&m, &dump],
        ),
        "bad type with a dump",
    );
    assert!(e.contains("cannot take"), "{e}");
    assert_eq!(s.files(), vec!["inc.xir"]);
}

#[test]
fn missing_files() {
    let s = Scratch::new("cli", "missing");
    let nofile = s.path("no-such-module.xir");
    let e = failure(&xisa(&["run", nofile.to_str().unwrap()]), "missing module");
    assert!(e.contains("no-such-module.xir"), "{e}");
    let m = s.write("inc.xir", INC);
    let nobuf = s.path("no-such-input.bin");
    let dump = s.path("d.bin");
    let e = failure(
        &xisa_with(
            "run {} --arg buf:{} --arg u32:1 --dump 0={}",
            &[&m, &nobuf, &dump],
        ),
        "missing buffer file",
    );
    assert!(e.contains("no-such-input.bin"), "{e}");
    let e = failure(
        &xisa_with("exec {} --state {}", &[&m, &s.path("nostate.json")]),
        "missing state",
    );
    assert!(e.contains("nostate.json"), "{e}");
    assert_eq!(s.files(), vec!["inc.xir"]);
}

#[test]
fn bad_grids() {
    let s = Scratch::new("cli", "grid");
    let m = s.write("inc.xir", INC);
    let m = m.to_str().unwrap();
    let dump = s.path("d.bin");
    let dump_arg = format!("0={}", dump.display());
    let base = [
        "run", m, "--arg", "zeros:64", "--arg", "u32:1", "--dump", &dump_arg,
    ];
    let run = |extra: &[&str]| {
        let mut a = base.to_vec();
        a.extend(extra);
        xisa(&a)
    };
    // More workgroups than allowed: a launch error, not an overflow or a hang.
    let e = failure(&run(&["--grid", "4294967295,4294967295"]), "huge grid");
    assert!(e.contains("grid"), "{e}");
    let e = failure(&run(&["--block", "2048"]), "huge block");
    assert!(e.contains("block"), "{e}");
    failure(&run(&["--block", "64,64"]), "huge 2D block");
    let e = failure(&run(&["--shared", "2000000"]), "too much shared memory");
    // The kernel and the static / dynamic split are named.
    assert!(
        e.contains("shared") && e.contains("kernel ") && e.contains("static"),
        "{e}"
    );
    // Zero and malformed dimensions are usage errors.
    for g in ["0", "1,0", "4,4,4,4", "-1", "x"] {
        usage_failure(&run(&["--grid", g]), &format!("--grid {g}"));
    }
    assert!(!dump.exists());
}

#[test]
fn bad_dump_index() {
    let s = Scratch::new("cli", "dump");
    let m = s.write("inc.xir", INC);
    let m = m.to_str().unwrap();
    for (d, want) in [
        ("5=x.bin", "only 2 arguments"),
        ("1=x.bin", "not a buffer"),
        ("zero=x.bin", "not an argument index"),
        ("x.bin", "I=PATH"),
    ] {
        let d = d.replace("x.bin", s.path("x.bin").to_str().unwrap());
        let e = usage_failure(
            &xisa(&[
                "run", m, "--arg", "zeros:64", "--arg", "u32:1", "--dump", &d,
            ]),
            &d,
        );
        assert!(e.contains(want), "--dump {d}: want {want:?}: {e}");
    }
    assert_eq!(s.files(), vec!["inc.xir"]);
    // A dump into a directory that does not exist is refused before the
    // launch (which may be long), naming the directory.
    let missing = s.path("no-such-dir").join("x.bin");
    let d = format!("0={}", missing.display());
    let e = failure(
        &xisa(&[
            "run", m, "--arg", "zeros:64", "--arg", "u32:1", "--dump", &d,
        ]),
        &d,
    );
    assert!(
        e.contains("no-such-dir") && e.contains("does not exist"),
        "{e}"
    );
    assert_eq!(s.files(), vec!["inc.xir"]);
}

#[test]
fn timeout_stops_an_infinite_loop() {
    let s = Scratch::new("cli", "timeout");
    let m = s.write("spin.xir", SPIN);
    let dump = s.path("d.bin");
    for engine in ["jit", "interp"] {
        let t0 = Instant::now();
        let out = xisa_with(
            "run {} --grid 4 --block 64 --arg zeros:16 --timeout 0.5 --engine {} --dump 0={}",
            &[&m, &engine, &dump],
        );
        let took = t0.elapsed();
        let e = failure(&out, &format!("{engine} timeout"));
        assert!(e.contains("timed out"), "{engine}: {e}");
        assert!(e.contains("spin"), "{engine}: names the kernel: {e}");
        assert!(
            took < Duration::from_secs(10),
            "{engine}: took {took:?} to stop"
        );
        assert!(!dump.exists(), "{engine}: left a dump");
    }
    for t in ["0", "-1", "nan", "inf"] {
        let out = xisa_with("run {} --arg zeros:16 --timeout={}", &[&m, &t]);
        // A bad value is either rejected by the argument parser or by xisa.
        assert!(!out.status.success(), "--timeout {t}");
        assert!(!text(&out.stderr).contains("panicked"), "--timeout {t}");
        assert!(text(&out.stderr).starts_with("error: "), "--timeout {t}");
    }
    assert_eq!(s.files(), vec!["spin.xir"]);
}

#[test]
fn out_of_bounds_fault_names_everything() {
    let s = Scratch::new("cli", "oob");
    let m = s.write("oob.xir", OOB);
    let dump = s.path("d.bin");
    let mut errs = vec![];
    for engine in ["jit", "interp"] {
        let out = xisa_with(
            "run {} --grid 3 --block 32 --arg zeros:128 --engine {} --threads 1 --dump 0={}",
            &[&m, &engine, &dump],
        );
        let e = failure(&out, &format!("{engine} oob"));
        for want in [
            "oob",
            "out-of-bounds",
            "oob:bad:1",
            "pc 0x48",
            "workgroup [0, 0, 0]",
            "thread [13, 0, 0]",
            "lane 13",
            "0x",
        ] {
            assert!(e.contains(want), "{engine}: want {want:?} in: {e}");
        }
        assert!(!dump.exists(), "{engine}: left a dump");
        errs.push(e);
    }
    assert_eq!(errs[0], errs[1], "the engines report the same fault");
    assert_eq!(s.files(), vec!["oob.xir"]);
}

const FRAG: &str = "kernel @frag() {
  reg %a: i32, %b: i32, %c: i32, %lane: i32, %w: i32, %s: i32, %v: i32, %g: i64, %f: f32
entry:
  %lane = special.laneid
  %w = special.ctaid.x
  %c = mad.i32 %a, %b, %lane
  %s = shl.i32 %lane, 2
  %v = ld.shared.b32 [%s]
  %v = add.i32 %v, %c
  st.shared.b32 [%s+32], %v
  atom.global.add.b32.device.relaxed [%g], %c
  %f = fmul.f32 %f, 2.0
  exit
}
";

#[test]
fn exec_fragment_on_two_waves() {
    let s = Scratch::new("cli", "exec");
    let prog = s.write("frag.xir", FRAG);
    let a: Vec<u32> = (0..16).map(|i| i * 7 + 1).collect();
    let state = serde_json::json!({
        "isa": "ir",
        "lanes": 8,
        "waves": 2,
        "exec": "0xbf",
        "regs": { "a": a, "%b": 3, "g": "0x100000000", "f": [1.5, -2.0, "inf", 0.25, 8.0, 0, "-0.5", 3.0] },
        "memory": [
            { "space": "shared", "addr": 0, "hex": "6400000065000000660000006700000068000000690000006a0000006b000000" },
            { "space": "global", "addr": "0x100000000", "hex": "0a000000" }
        ],
        "read_back": [
            { "space": "shared", "addr": 32, "bytes": 32 },
            { "space": "global", "addr": "0x100000000", "bytes": 4 }
        ]
    });
    let st = s.write("state.json", serde_json::to_vec_pretty(&state).unwrap());
    let mut outs = vec![];
    for engine in ["jit", "interp"] {
        let fin = s.path(&format!("final-{engine}.json"));
        let out = xisa_with(
            "exec {} --state {} --out {} --engine {}",
            &[&prog, &st, &fin, &engine],
        );
        assert!(out.status.success(), "{engine}: {}", text(&out.stderr));
        let v: Value = serde_json::from_slice(&std::fs::read(&fin).unwrap()).unwrap();
        check_final(&v, &a, engine);
        outs.push(v);
    }
    // Identical apart from the engine name (and the instruction count: see
    // `exec_counts_instructions_under_both_engines`).
    let strip = |v: &Value| {
        let mut v = v.clone();
        v.as_object_mut().unwrap().remove("engine");
        v.as_object_mut().unwrap().remove("insts");
        v
    };
    assert_eq!(strip(&outs[0]), strip(&outs[1]));
}

fn check_final(v: &Value, a: &[u32], engine: &str) {
    let active = |l: usize| l != 6;
    assert_eq!(v["lanes"], 8, "{engine}");
    assert_eq!(v["waves"], 2, "{engine}");
    assert_eq!(v["isa"], "ir", "{engine}");
    assert_eq!(v["kernel"], "frag", "{engine}");
    let hex = |x: u64, w: usize| format!("0x{x:0w$x}");
    let mut total = 10u32;
    let shared_init: [u32; 8] = [100, 101, 102, 103, 104, 105, 106, 107];
    for w in 0..2usize {
        let ws = &v["wave_states"][w];
        assert_eq!(ws["wave"], w, "{engine}");
        let regs = &ws["regs"];
        let mut sh = [0u8; 32];
        for l in 0..8usize {
            let av = a[w * 8 + l];
            let c = if active(l) {
                av.wrapping_mul(3).wrapping_add(l as u32)
            } else {
                0
            };
            if active(l) {
                total = total.wrapping_add(c);
                let val = shared_init[l].wrapping_add(c);
                sh[l * 4..l * 4 + 4].copy_from_slice(&val.to_le_bytes());
            }
            assert_eq!(
                regs["a"][l],
                hex(av as u64, 8),
                "{engine}: wave {w} lane {l} a"
            );
            assert_eq!(regs["b"][l], hex(3, 8), "{engine}: b");
            assert_eq!(
                regs["c"][l],
                hex(c as u64, 8),
                "{engine}: wave {w} lane {l} c"
            );
            let lane = if active(l) { l } else { 0 };
            assert_eq!(regs["lane"][l], hex(lane as u64, 8), "{engine}: lane {l}");
            let wv = if active(l) { w } else { 0 };
            assert_eq!(
                regs["w"][l],
                hex(wv as u64, 8),
                "{engine}: ctaid in wave {w}"
            );
            assert_eq!(regs["g"][l], hex(0x1_0000_0000, 16), "{engine}: g");
            let f_in = [1.5f32, -2.0, f32::INFINITY, 0.25, 8.0, 0.0, -0.5, 3.0][l];
            let f = if active(l) { f_in * 2.0 } else { f_in };
            assert_eq!(
                regs["f"][l],
                hex(f.to_bits() as u64, 8),
                "{engine}: f lane {l}"
            );
        }
        let shared_hex: String = sh.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(ws["shared"][0]["space"], "shared", "{engine}");
        assert_eq!(
            ws["shared"][0]["hex"], shared_hex,
            "{engine}: wave {w} shared"
        );
    }
    let g = &v["read_back"][0];
    assert_eq!(g["space"], "global", "{engine}");
    let want: String = total
        .to_le_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(g["hex"], want, "{engine}: global atomic total");
}

#[test]
fn exec_bad_states() {
    let s = Scratch::new("cli", "exec-bad");
    let prog = s.write("frag.xir", FRAG);
    let fin = s.path("final.json");
    let cases: &[(&str, &str)] = &[
        ("{ \"isa\": \"ir\", \"regs\": { \"zz\": 1 } }", "zz"),
        ("{ \"isa\": \"sm75\" }", "isa"),
        ("{ \"isa\": \"ir\", \"lanes\": 65 }", "lanes"),
        ("{ \"isa\": \"ir\", \"waves\": 0 }", "waves"),
        ("{ \"isa\": \"ir\", \"lanes\": 4, \"regs\": { \"a\": [1, 2, 3] } }", "a"),
        ("{ \"isa\": \"ir\", \"memory\": [ { \"space\": \"global\", \"addr\": 16, \"hex\": \"00\" } ] }", "global"),
        ("{ \"isa\": \"ir\", \"memory\": [ { \"space\": \"shared\", \"addr\": 0, \"hex\": \"0\" } ] }", "hex"),
        ("{ \"isa\": \"ir\", \"bogus\": 1 }", "bogus"),
        ("{ \"isa\": \"ir\", ", "line"),
    ];
    for (st, want) in cases {
        let p = s.write("state.json", st);
        let e = failure(
            &xisa_with("exec {} --state {} --out {}", &[&prog, &p, &fin]),
            st,
        );
        assert!(e.contains(want), "{st}: want {want:?} in: {e}");
        assert!(!fin.exists(), "{st}: left a partial FINAL.json");
    }
    assert_eq!(s.files(), vec!["frag.xir", "state.json"]);
}

/// Output paths that cannot be written fail cleanly too.
#[test]
fn unwritable_outputs() {
    let s = Scratch::new("cli", "unwritable");
    let m = s.write("inc.xir", INC);
    let bad = Path::new("/nonexistent-dir-xisa/out.bin");
    let e = failure(
        &xisa_with("run {} --arg zeros:16 --arg u32:1 --dump 0={}", &[&m, &bad]),
        "dump into a missing directory",
    );
    assert!(e.contains("nonexistent-dir-xisa"), "{e}");
}

/// A grid whose workgroup count overflows 64 bits (2^31 x 2^31 x 4 = 2^64) must
/// be rejected. Bug: `runtime::launch::validate` multiplies the dimensions in
/// u64 without a check: debug builds panic ("attempt to multiply with
/// overflow"), release builds wrap to 0 workgroups and report success.
#[test]
fn huge_3d_grid_is_rejected_without_panic() {
    let s = Scratch::new("cli", "grid3");
    let m = s.write("inc.xir", INC);
    for grid in [
        "2147483648,2147483648,4",
        "4294967295,4294967295,4294967295",
    ] {
        let out = xisa_with("run {} --arg zeros:64 --arg u32:1 --grid {}", &[&m, &grid]);
        let e = failure(&out, &format!("--grid {grid}"));
        assert!(e.contains("grid"), "{e}");
    }
}

/// FINAL.json's `insts` is the number of guest instructions executed. Bug: under
/// the JIT `exec` compiles without statistics, so `insts` is always 0 there,
/// while the interpreter reports the real count.
#[test]
fn exec_counts_instructions_under_both_engines() {
    let s = Scratch::new("cli", "exec-insts");
    let prog = s.write("frag.xir", FRAG);
    let st = s.write(
        "state.json",
        r#"{ "isa": "ir", "lanes": 4, "regs": { "g": "0x100000000" },
             "memory": [ { "space": "shared", "addr": 0, "hex": "00000000000000000000000000000000" },
                         { "space": "global", "addr": "0x100000000", "hex": "00000000" } ],
             "read_back": [ { "space": "shared", "addr": 32, "bytes": 16 } ] }"#,
    );
    let mut counts = vec![];
    for engine in ["interp", "jit"] {
        let out = xisa_with("exec {} --state {} --engine {}", &[&prog, &st, &engine]);
        assert!(out.status.success(), "{engine}: {}", text(&out.stderr));
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        counts.push((engine, v["insts"].as_u64().unwrap()));
    }
    assert!(counts[0].1 > 0, "interp counts nothing: {counts:?}");
    assert_eq!(counts[0].1, counts[1].1, "insts differ: {counts:?}");
}

/// `--shared 4294967295` must be rejected as too much shared memory. Bug:
/// `Device::bind_args` rounds the size up with `shared.div_ceil(16) * 16` in u32:
/// debug builds panic ("attempt to multiply with overflow", device.rs), release
/// builds wrap to 0 bytes and run the kernel without the requested memory.
#[test]
fn huge_dynamic_shared_is_rejected_without_panic() {
    let s = Scratch::new("cli", "shared");
    let m = s.write("inc.xir", INC);
    for sh in ["4294967295", "4294967290"] {
        let out = xisa_with("run {} --arg zeros:64 --arg u32:1 --shared {}", &[&m, &sh]);
        let e = failure(&out, &format!("--shared {sh}"));
        assert!(e.contains("shared"), "{e}");
    }
}

const BALLOT: &str = "kernel @ballot() {
  reg %v: i32, %p: i1, %b: i64, %m: i64, %t: i32, %lane: i32, %r: i32
entry:
  %lane = special.laneid
  %t = and.i32 %v, 1
  %p = icmp.eq.i32 %t, 1
  %b = vote.ballot.i64 %p
  %m = activemask.i64
  %r = readfirstlane.i32 %v
  exit
}
";

/// `exec` with 64 lanes on a wave-32 kernel (the wave grows to 64), an exec mask
/// with high lanes off, per-lane values: ballot/activemask/readfirstlane see
/// exactly the active lanes.
#[test]
fn exec_wave64_exec_mask() {
    let s = Scratch::new("cli", "exec64");
    let prog = s.write("ballot.xir", BALLOT);
    let v: Vec<u64> = (0..64u64).map(|l| l * 3 + (l >> 4)).collect();
    let exec: u64 = 0x0fff_ffff_f0f0_fffe;
    let state = serde_json::json!({
        "isa": "ir", "lanes": 64, "exec": format!("{exec:#x}"), "regs": { "v": v }
    });
    let st = s.write("state.json", serde_json::to_vec(&state).unwrap());
    let ballot = (0..64).fold(0u64, |m, l| {
        if exec >> l & 1 == 1 && v[l] & 1 == 1 {
            m | 1 << l
        } else {
            m
        }
    });
    let first = exec.trailing_zeros() as usize;
    for engine in ["jit", "interp"] {
        let out = xisa_with("exec {} --state {} --engine {}", &[&prog, &st, &engine]);
        assert!(out.status.success(), "{engine}: {}", text(&out.stderr));
        let f: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(f["lanes"], 64, "{engine}");
        let regs = &f["wave_states"][0]["regs"];
        for l in 0..64usize {
            let on = exec >> l & 1 == 1;
            let want_b = if on { ballot } else { 0 };
            let want_m = if on { exec } else { 0 };
            let want_r = if on { v[first] } else { 0 };
            assert_eq!(
                regs["b"][l],
                format!("{want_b:#018x}"),
                "{engine}: lane {l} ballot"
            );
            assert_eq!(
                regs["m"][l],
                format!("{want_m:#018x}"),
                "{engine}: lane {l} mask"
            );
            assert_eq!(
                regs["r"][l],
                format!("{want_r:#010x}"),
                "{engine}: lane {l} first"
            );
            let lane = if on { l } else { 0 };
            assert_eq!(regs["lane"][l], format!("{lane:#010x}"), "{engine}: laneid");
        }
    }
}

/// A fragment that faults: `exec` fails cleanly and writes no FINAL.json.
#[test]
fn exec_fault_leaves_no_output() {
    let s = Scratch::new("cli", "exec-fault");
    let prog = s.write(
        "bad.xir",
        "kernel @bad() {\n  reg %p: i64, %v: i32\nentry:\n  %v = ld.global.b32 [%p]\n  exit\n}\n",
    );
    let st = s.write(
        "state.json",
        r#"{ "isa": "ir", "lanes": 4, "regs": { "p": 16 } }"#,
    );
    let fin = s.path("final.json");
    for engine in ["jit", "interp"] {
        let e = failure(
            &xisa_with(
                "exec {} --state {} --out {} --engine {}",
                &[&prog, &st, &fin, &engine],
            ),
            engine,
        );
        assert!(e.contains("out-of-bounds global access"), "{engine}: {e}");
        assert!(e.contains("0x10"), "{engine}: names the address: {e}");
        assert!(!fin.exists(), "{engine}: left FINAL.json");
    }
    assert_eq!(s.files(), vec!["bad.xir", "state.json"]);
}

/// `xisa asm --isa gfx942` then `xisa disasm --isa gfx942 --raw` gives the
/// canonical text back; an assembly error names the file and line.
#[test]
fn gfx942_asm_and_disasm_round_trip() {
    let s = Scratch::new("cli", "gfx942-asm");
    let src = "\
start:
  s_load_dwordx2 s[0:1], s[4:5], 0x10
  s_waitcnt lgkmcnt(0)
  global_atomic_add v3, v0, v1, s[0:1] offset:16 sc0
  ds_add_u32 v2, v3 offset:8
  s_cbranch_scc1 start
  s_endpgm
";
    let asm = s.write("k.s", src);
    let bin = s.path("k.bin");
    let out = xisa_with("asm --isa gfx942 {} -o {}", &[&asm, &bin]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = xisa_with("disasm --isa gfx942 --raw {}", &[&bin]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let want = "s_load_dwordx2 s[0:1], s[4:5], 0x10\ns_waitcnt lgkmcnt(0)\n\
                global_atomic_add v3, v0, v1, s[0:1] offset:16 sc0\nds_add_u32 v2, v3 offset:8\n\
                s_cbranch_scc1 65528\ns_endpgm\n";
    assert_eq!(text(&out.stdout), want);

    let bad = s.write("bad.s", "s_nop 0\ns_load_dwordx2 s[0:1], v[4:5], 0x10\n");
    let out = xisa_with("asm --isa gfx942 {} -o {}", &[&bad, &s.path("bad.bin")]);
    let e = failure(&out, "bad gfx942 assembly");
    assert!(e.contains("bad.s") && e.contains("line 2"), "{e}");
    assert!(!s.path("bad.bin").exists(), "no partial output");
}

/// `xisa disasm` of a cubin, assembled with `xisa asm --isa sm75`, gives
/// the kernel's instruction words back on every bit nvdisasm prints (and
/// `disasm --raw` of the words the same texts); a line the tables cannot
/// write names its line and text.
#[test]
fn sm75_asm_reads_back_a_disasm_listing() {
    let s = Scratch::new("cli", "sm75-asm");
    let cubin =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/sm75/out/hist_shared.cubin");
    let out = xisa(&["disasm", cubin.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let listing = text(&out.stdout);
    let src = s.write("k.sass", &listing);
    let bin = s.path("k.bin");
    let out = xisa_with("asm --isa sm75 {} -o {}", &[&src, &bin]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = xisa_with("disasm --isa sm75 --raw {}", &[&bin]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let want: Vec<String> = listing
        .lines()
        .filter_map(|l| Some(l.trim().split_once("*/")?.1.trim().to_string()))
        .collect();
    let got: Vec<String> = text(&out.stdout)
        .lines()
        .map(|l| l.trim().to_string())
        .collect();
    assert_eq!(got, want);
    assert!(want
        .iter()
        .any(|l| l.starts_with("ATOMS.") || l.contains("STS")));
    // With the encodings beside the text (`--hex`, nvdisasm -hex's layout),
    // the very words come back: scheduling control and unprinted bits too.
    let hexes = |t: &str| -> Vec<String> {
        t.lines()
            .filter_map(|l| Some(l.split("/* 0x").nth(1)?.split(' ').next()?.to_string()))
            .collect()
    };
    let out = xisa(&["disasm", "--hex", cubin.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let listing = text(&out.stdout);
    let src = s.write("h.sass", &listing);
    let out = xisa_with("asm --isa sm75 {} -o {}", &[&src, &s.path("h.bin")]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = xisa_with("disasm --isa sm75 --raw --hex {}", &[&s.path("h.bin")]);
    assert_eq!(hexes(&text(&out.stdout)), hexes(&listing));
    assert_eq!(hexes(&listing).len(), 2 * want.len());
    // A label instead of the absolute target, and a predicate guard.
    let src = s.write(
        "b.sass",
        "  @!P0 BRA `(.L_done)\n  ISETP.GE.AND P0, PT, R0, c[0x0][0x180], PT ;\n.L_done:\n  EXIT ;\n",
    );
    let out = xisa_with("asm --isa sm75 {} -o {}", &[&src, &s.path("b.bin")]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = xisa_with("disasm --isa sm75 --raw {}", &[&s.path("b.bin")]);
    assert_eq!(
        text(&out.stdout),
        "@!P0 BRA 0x20 ;\nISETP.GE.AND P0, PT, R0, c[0x0][0x180], PT ;\nEXIT ;\n"
    );
    let bad = s.write("bad.sass", "NOP ;\nLDG.E.SYS R2, [R4.Q] ;\n");
    let out = xisa_with("asm --isa sm75 {} -o {}", &[&bad, &s.path("bad.bin")]);
    let e = failure(&out, "bad sm75 assembly");
    assert!(
        e.contains("bad.sass") && e.contains("line 2") && e.contains("[R4.Q]"),
        "{e}"
    );
    assert!(!s.path("bad.bin").exists(), "no partial output");
}

/// A gfx942 code object lists like llvm-objdump: same kernel symbols and
/// instruction texts (the committed `.lst` is llvm-objdump-19's output).
#[test]
fn gfx942_code_object_listing_matches_llvm_objdump() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/gfx942/out");
    for name in ["asm_ds", "asm_buffer", "asm_global_fp"] {
        let co = dir.join(format!("{name}.co"));
        let out = xisa(&["disasm", co.to_str().unwrap()]);
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        let strip = |s: &str| -> Vec<String> {
            s.lines()
                .filter(|l| l.starts_with('\t') || l.ends_with(">:"))
                .map(|l| l.split("//").next().unwrap_or("").trim().to_string())
                .collect()
        };
        let want = std::fs::read_to_string(dir.join(format!("{name}.lst"))).unwrap();
        assert_eq!(strip(&text(&out.stdout)), strip(&want), "{name}");
    }
}

/// `xisa bench process` starts `xisa run` itself (and the POCL host program
/// where POCL is installed) for every kernel build, compares the outputs and
/// prints one row per build with the geometric means.
#[test]
fn bench_process_times_whole_runs() {
    let out = xisa(&["bench", "process", "--elements", "8192", "--reps", "1"]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}\n{stdout}", text(&out.stderr));
    let rows: Vec<&str> = stdout
        .lines()
        .filter(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            w.len() > 2 && xisa_bench::kernels::KERNELS.contains(&w[0])
        })
        .collect();
    assert_eq!(rows.len(), 18, "{stdout}");
    for r in &rows {
        // The xisa column: a time in milliseconds.
        let ms: f64 = r
            .split_whitespace()
            .nth(3)
            .and_then(|x| x.parse().ok())
            .unwrap_or(-1.0);
        assert!(ms > 0.0, "{r}");
    }
    match xisa_bench::pocl::probe() {
        Ok(_) => {
            for b in ["ir", "sm75", "gfx942"] {
                let line = format!("geometric mean xisa/pocl, {b} builds: ");
                assert!(stdout.contains(&line), "{stdout}");
            }
            assert!(!stdout.contains("not measured"), "{stdout}");
        }
        Err(e) => {
            println!("POCL not installed ({e}): only the xisa side is checked");
            assert!(stdout.contains("not measured"), "{stdout}");
        }
    }
}

/// `xisa port`: the listing keeps every instruction (ported, or a comment
/// with its verdict), the report counts the verdicts, `-o` writes what the
/// target assembles, `--strict` exits 2 when an instruction could not be
/// ported (a strengthened one passes),
/// and `--matrix` prints the coverage matrix.
#[test]
fn port_lists_reports_and_writes() {
    let s = Scratch::new("cli", "port");
    let src = s.path("a.s");
    std::fs::write(
        &src,
        "atom.global.add.u32 v4, v[8:9], 16, scope:wg\nld.global.b32 v1, v[2:3], 0\n\
         atom.shared.add.u32 v3, v1, 4\n",
    )
    .unwrap();
    let (bin, md) = (s.path("a.bin"), s.path("a.md"));
    let out = xisa_with(
        "port {} --from lsu --to cdna5 -o {} --report {}",
        &[&src, &bin, &md],
    );
    success(&out, "port");
    assert_eq!(
        text(&out.stdout),
        "global_atomic_add_u32 v[8:9], v4, off offset:16\n\
         global_load_b32 v1, v[2:3], off\n\
         // [2] atom.shared.add.u32 v3, v1, 4: impossible: VGLOBAL atomics address global memory, not shared\n"
    );
    let report = std::fs::read_to_string(&md).unwrap();
    assert!(report.contains("- exact: 2\n- impossible: 1\n"), "{report}");
    // The binary is the ported instruction: it disassembles back.
    let dis = xisa_with("disasm --isa cdna5 {}", &[&bin]);
    success(&dis, "disasm");
    assert!(text(&dis.stdout).contains("global_atomic_add_u32 v[8:9], v4, off offset:16"));
    // And ports back to lsu exactly.
    let back = xisa_with("port {} --from cdna5 --to lsu --strict", &[&bin]);
    success(&back, "port back");
    assert_eq!(
        text(&back.stdout),
        "atom.global.add.u32 v4, v[8:9], 16, scope:wg\nld.global.b32 v1, v[2:3], 0, scope:dev\n"
    );
    let strict = xisa_with("port {} --from lsu --to cdna5 --strict", &[&src]);
    let e = usage_failure(&strict, "strict");
    assert!(
        e.contains("1 of 3 instructions could not be ported (first: [2]"),
        "{e}"
    );
    // A strengthened port is faithful: --strict passes it.
    let wg = s.path("wg.s");
    std::fs::write(&wg, "atom.global.add.u32 v4, v[8:9], 16, scope:wg\n").unwrap();
    let up = xisa_with("port {} --from lsu --to gfx942 --strict", &[&wg]);
    success(&up, "strict, strengthened");
    assert!(
        text(&up.stdout).contains("strengthened"),
        "{}",
        text(&up.stdout)
    );
    let none = xisa_with("port {} --from lsu", &[&src]);
    usage_failure(&none, "no --to");
    let m = xisa(&["port", "--matrix"]);
    success(&m, "matrix");
    assert!(text(&m.stdout).starts_with("| operation | space | sm75 | gfx942 | cdna5 | lsu |\n"));
    // To sm_75: the written words list back through `disasm --isa sm75 --raw`.
    let sass = s.path("a75.bin");
    let out = xisa_with("port {} --from lsu --to sm75 -o {}", &[&src, &sass]);
    success(&out, "port to sm75");
    assert_eq!(
        text(&out.stdout),
        "RED.E.ADD.STRONG.CTA [R8+0x10], R4 ;\nLDG.E.SYS R1, [R2] ;\nATOMS.ADD RZ, [R1+0x4], R3 ;\n"
    );
    let dis = xisa_with("disasm --isa sm75 --raw {}", &[&sass]);
    success(&dis, "disasm sm75");
    assert_eq!(text(&dis.stdout), text(&out.stdout));
}

/// `xisa lift` prints a machine-code kernel as launches run it (a value only
/// the lane's exit would read is gone); `--exec` as `xisa exec` runs it
/// (every machine register keeps its final value).
#[test]
fn lift_for_launches_and_for_exec() {
    let s = Scratch::new("cli", "lift-exec");
    let frag = s.write("frag.s", "v_add_u32 v1, v0, v0\n");
    let frag = frag.to_str().unwrap();
    for (extra, kept) in [
        ("", false),
        (" --exec", true),
        (" --kernel fragment --exec", true),
    ] {
        let out = xisa_with(&format!("lift --isa gfx942 {{}}{extra}"), &[&frag]);
        assert!(out.status.success(), "{extra}: {}", text(&out.stderr));
        let ir = text(&out.stdout);
        assert_eq!(
            ir.contains("%v1 = add.i32 %v0, %v0"),
            kept,
            "{extra}:\n{ir}"
        );
        assert!(ir.contains("exit"), "{extra}:\n{ir}");
    }
}
