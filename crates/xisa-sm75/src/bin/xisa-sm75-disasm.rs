//! `xisa-sm75-disasm FILE [--raw] [--rules DIR]`: print an nvdisasm-syntax
//! listing of a cubin, or of raw 128-bit words with `--raw`.  Standalone until
//! `xisa disasm` dispatches sm_75 files here (see docs/sm75.md).

use std::path::PathBuf;
use std::process::ExitCode;

use xisa_sm75::{cubin, Rules};

fn main() -> ExitCode {
    let mut raw = false;
    let mut rules_dir: Option<PathBuf> = None;
    let mut file: Option<PathBuf> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "disasm" => {}
            "--raw" => raw = true,
            "--rules" => match args.next() {
                Some(d) => rules_dir = Some(PathBuf::from(d)),
                None => return fail("--rules needs a directory"),
            },
            "-h" | "--help" => {
                println!("usage: xisa-sm75-disasm [disasm] FILE [--raw] [--rules DIR]");
                return ExitCode::SUCCESS;
            }
            _ if file.is_none() => file = Some(PathBuf::from(a)),
            _ => return fail(&format!("unexpected argument {a:?}")),
        }
    }
    let Some(file) = file else {
        return fail("usage: xisa-sm75-disasm [disasm] FILE [--raw] [--rules DIR]");
    };
    let rules = match rules_dir {
        Some(d) => Rules::from_dir(&d),
        None => Rules::embedded(),
    };
    let rules = match rules {
        Ok(r) => r,
        Err(e) => return fail(&e.to_string()),
    };
    let bytes = match std::fs::read(&file) {
        Ok(b) => b,
        Err(e) => return fail(&format!("{}: {e}", file.display())),
    };
    if raw || !cubin::is_elf(&bytes) {
        match rules.disassemble_raw(&bytes, 0) {
            Ok(lines) => {
                for (i, l) in lines.iter().enumerate() {
                    println!("        /*{:04x}*/                   {l}", i * 16);
                }
                ExitCode::SUCCESS
            }
            Err(e) => fail(&format!("{}: {e}", file.display())),
        }
    } else {
        match cubin::disassemble_cubin(&rules, &bytes) {
            Ok(s) => {
                print!("{s}");
                ExitCode::SUCCESS
            }
            Err(e) => fail(&format!("{}: {e}", file.display())),
        }
    }
}

fn fail(msg: &str) -> ExitCode {
    eprintln!("xisa-sm75-disasm: {msg}");
    ExitCode::FAILURE
}
