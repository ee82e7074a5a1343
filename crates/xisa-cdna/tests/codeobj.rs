//! gfx942 code-object loader (`xisa_cdna::gfx942::codeobj`) against LLVM's own
//! view of the corpus in `tests/gfx942/out/` (committed by
//! `tests/gfx942/build.sh`, so no tool is needed here):
//!
//! - `NAME.elf.txt` (`llvm-readelf-19 -h -S -s --notes`): header, section
//!   table, symbol table and the metadata note as YAML;
//! - `NAME.kd.txt` (`llvm-objdump-19 -D -j .rodata`): LLVM's decoding of every
//!   kernel descriptor into `.amdhsa_*` directives;
//! - `NAME.lst` (`llvm-objdump-19 -d`): the address of each kernel's code.
//!
//! Every loader field is compared with these texts (parsed here, independently
//! of the loader). Then: one test per error kind on a mutated real code object,
//! and a mutation fuzz test (truncations, byte flips, field overwrites) that
//! must never panic.

use std::collections::BTreeMap;
use std::path::PathBuf;

use xisa_cdna::gfx942::codeobj::{self, ArgKind, CodeObjectError, FeatureSetting};

fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/gfx942/out")
}

/// (name, bytes) of every committed code object.
fn corpus() -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<_> = std::fs::read_dir(corpus_dir())
        .expect("tests/gfx942/out exists")
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == "co").then_some(p)
        })
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect();
    v.sort();
    v
}

fn read_text(name: &str, ext: &str) -> String {
    std::fs::read_to_string(corpus_dir().join(format!("{name}.{ext}")))
        .unwrap_or_else(|e| panic!("{name}.{ext}: {e}"))
}

// ---------------------------------------------------------------------------
// Parsers for llvm-readelf / llvm-objdump text.

#[derive(Debug, Default)]
struct ReadElf {
    abi_version: u8,
    flags: u32,
    flag_words: Vec<String>,
    /// name -> (type, addr, offset, size)
    sections: BTreeMap<String, (String, u64, u64, u64)>,
    /// `.symtab` entries: name -> (value, size, type)
    symbols: BTreeMap<String, (u64, u64, String)>,
    notes: Yaml,
}

fn hex(s: &str) -> u64 {
    u64::from_str_radix(s.trim_start_matches("0x"), 16).unwrap_or_else(|_| panic!("hex {s:?}"))
}

fn parse_readelf(text: &str) -> ReadElf {
    let mut r = ReadElf::default();
    let mut in_symtab = false;
    let mut yaml = Vec::new();
    let mut in_yaml = false;
    for line in text.lines() {
        let t = line.trim();
        if let Some(v) = t.strip_prefix("ABI Version:") {
            r.abi_version = v.trim().parse().unwrap();
        } else if let Some(v) = t.strip_prefix("Flags:") {
            let mut parts = v.split(',').map(|s| s.trim().to_string());
            r.flags = hex(&parts.next().unwrap()) as u32;
            r.flag_words = parts.collect();
        } else if t.starts_with('[') && t.contains(']') && !t.starts_with("[Nr]") {
            // "[ 6] .rodata PROGBITS 00000000000007c0 0007c0 000040 00 A 0 0 64"
            let rest = t.split_once(']').unwrap().1;
            let f: Vec<&str> = rest.split_whitespace().collect();
            if f.len() >= 5 && !f[0].is_empty() {
                r.sections.insert(
                    f[0].to_string(),
                    (f[1].to_string(), hex(f[2]), hex(f[3]), hex(f[4])),
                );
            }
        } else if t.starts_with("Symbol table '") {
            in_symtab = t.starts_with("Symbol table '.symtab'");
        } else if in_symtab && t.contains(':') && !t.starts_with("Num:") {
            let f: Vec<&str> = t.split_whitespace().collect();
            if f.len() == 8 {
                let size = if let Some(h) = f[2].strip_prefix("0x") {
                    hex(h)
                } else {
                    f[2].parse().unwrap()
                };
                r.symbols
                    .insert(f[7].to_string(), (hex(f[1]), size, f[3].to_string()));
            } else if t.is_empty() {
                in_symtab = false;
            }
        }
        if t == "---" {
            in_yaml = true;
            continue;
        }
        if t == "..." {
            in_yaml = false;
        }
        if in_yaml {
            yaml.push(line.to_string());
        }
    }
    r.notes = parse_yaml(&yaml);
    r
}

/// The subset of the metadata YAML the loader exposes.
#[derive(Debug, Default)]
struct Yaml {
    target: String,
    version: Vec<u32>,
    kernels: Vec<YKernel>,
}

#[derive(Debug, Default, Clone)]
struct YKernel {
    fields: BTreeMap<String, String>,
    args: Vec<BTreeMap<String, String>>,
}

fn unquote(s: &str) -> String {
    let s = s.trim();
    if s.len() >= 2 && s.starts_with('\'') && s.ends_with('\'') {
        s[1..s.len() - 1].replace("''", "'")
    } else {
        s.to_string()
    }
}

/// Line-based parser for llvm-readelf's metadata YAML (fixed indentation:
/// kernels at "  - ", kernel fields at 4 spaces, args at "      - " and 8).
fn parse_yaml(lines: &[String]) -> Yaml {
    let mut y = Yaml::default();
    let mut top_list: Option<String> = None;
    let mut in_args = false;
    for line in lines {
        let indent = line.len() - line.trim_start().len();
        let t = line.trim();
        let (is_item, body) = match t.strip_prefix("- ") {
            Some(b) => (true, b.trim()),
            None => (false, t),
        };
        if indent == 0 {
            let (k, v) = body.split_once(':').unwrap();
            top_list = Some(k.to_string());
            if k == "amdhsa.target" {
                y.target = unquote(v);
            }
            continue;
        }
        if top_list.as_deref() == Some("amdhsa.version") {
            y.version.push(body.parse().unwrap());
            continue;
        }
        if top_list.as_deref() != Some("amdhsa.kernels") {
            continue;
        }
        let Some((k, v)) = body.split_once(':') else {
            continue; // an item of a scalar list (.language_version)
        };
        let (k, v) = (k.trim().to_string(), unquote(v));
        match (indent, is_item) {
            (2, true) => {
                y.kernels.push(YKernel::default());
                in_args = false;
                y.kernels.last_mut().unwrap().fields.insert(k, v);
            }
            (4, false) => {
                in_args = k == ".args";
                y.kernels.last_mut().unwrap().fields.insert(k, v);
            }
            (6, true) if in_args => {
                let mut m = BTreeMap::new();
                m.insert(k, v);
                y.kernels.last_mut().unwrap().args.push(m);
            }
            (8, false) if in_args => {
                y.kernels
                    .last_mut()
                    .unwrap()
                    .args
                    .last_mut()
                    .unwrap()
                    .insert(k, v);
            }
            _ => {}
        }
    }
    y
}

/// `NAME.kd.txt`: kernel name -> (descriptor address, directive -> value).
fn parse_kd_text(text: &str) -> BTreeMap<String, (u64, BTreeMap<String, u64>)> {
    let mut out = BTreeMap::new();
    let mut cur: Option<(String, u64, BTreeMap<String, u64>)> = None;
    for line in text.lines() {
        let t = line.trim();
        if let Some(label) = t.strip_suffix(".kd>:") {
            let (addr, name) = label.split_once(" <").unwrap();
            cur = Some((name.to_string(), hex(addr), BTreeMap::new()));
        } else if t == ".end_amdhsa_kernel" {
            let (n, a, m) = cur.take().unwrap();
            out.insert(n, (a, m));
        } else if let Some(d) = t.strip_prefix(".amdhsa_") {
            if let Some((k, v)) = d.split_once(' ') {
                if k != "kernel" {
                    cur.as_mut()
                        .unwrap()
                        .2
                        .insert(k.to_string(), v.trim().parse().unwrap());
                }
            }
        }
    }
    out
}

/// Addresses of the `<symbol>:` labels in an llvm-objdump listing.
fn listing_labels(text: &str) -> BTreeMap<String, u64> {
    text.lines()
        .filter_map(|l| {
            let (addr, rest) = l.split_once(" <")?;
            let name = rest.strip_suffix(">:")?;
            Some((name.to_string(), hex(addr.trim())))
        })
        .collect()
}

/// Bytes of each labelled block of an llvm-objdump listing, from the
/// `// ADDRESS: WORD WORD` comments (each word a little-endian dword).
fn listing_bytes(text: &str) -> BTreeMap<String, Vec<u8>> {
    let mut out: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    let mut cur: Option<String> = None;
    for l in text.lines() {
        if let Some((_, rest)) = l.split_once(" <") {
            if let Some(name) = rest.strip_suffix(">:") {
                cur = Some(name.to_string());
                out.entry(name.to_string()).or_default();
                continue;
            }
        }
        let (Some(c), Some((_, comment))) = (&cur, l.split_once("// ")) else {
            continue;
        };
        let Some((_, words)) = comment.split_once(": ") else {
            continue;
        };
        let v = out.get_mut(c).unwrap();
        // Branches append `<symbol+0x..>` after the words.
        for w in words.split_whitespace().take_while(|w| !w.starts_with('<')) {
            v.extend_from_slice(&(hex(w) as u32).to_le_bytes());
        }
    }
    out
}

// ---------------------------------------------------------------------------

fn feature_word(f: FeatureSetting, name: &str) -> Option<String> {
    match f {
        FeatureSetting::Unsupported => None,
        FeatureSetting::Any => Some(name.to_string()),
        FeatureSetting::Off => Some(format!("{name}-")),
        FeatureSetting::On => Some(format!("{name}+")),
    }
}

#[test]
fn corpus_matches_llvm_readelf_and_objdump() {
    let files = corpus();
    assert!(files.len() >= 20, "corpus has {} code objects", files.len());
    let mut kernels = 0;
    let mut args = 0;
    let mut kd_fields = 0;
    for (name, bytes) in &files {
        let co = codeobj::load(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let re = parse_readelf(&read_text(name, "elf.txt"));
        let kdt = parse_kd_text(&read_text(name, "kd.txt"));
        let lst = read_text(name, "lst");
        let labels = listing_labels(&lst);
        let listing = listing_bytes(&lst);

        // Header.
        assert_eq!(co.mach, "gfx942");
        assert_eq!(
            re.flag_words.first().map(String::as_str),
            Some("gfx942"),
            "{name}"
        );
        assert_eq!(
            co.abi_version,
            re.abi_version + 2,
            "{name}: code object version"
        );
        assert_eq!(re.flags & 0xff, 0x4c);
        let words: Vec<String> = [
            feature_word(co.xnack, "xnack"),
            feature_word(co.sramecc, "sramecc"),
        ]
        .into_iter()
        .flatten()
        .collect();
        assert_eq!(re.flag_words[1..], words[..], "{name}: e_flags features");
        assert_eq!(co.target, re.notes.target, "{name}");
        assert_eq!(
            vec![co.metadata_version.0, co.metadata_version.1],
            re.notes.version,
            "{name}"
        );

        // Kernels, in metadata order.
        let names: Vec<&str> = co.kernels.iter().map(|k| k.name.as_str()).collect();
        let ynames: Vec<&str> = re
            .notes
            .kernels
            .iter()
            .map(|k| k.fields[".name"].as_str())
            .collect();
        assert_eq!(names, ynames, "{name}: kernel list");
        assert_eq!(
            kdt.keys()
                .map(String::as_str)
                .collect::<std::collections::BTreeSet<_>>(),
            names.iter().copied().collect(),
            "{name}: descriptors"
        );
        let (_, rod_addr, rod_off, _) = re.sections[".rodata"].clone();
        let (_, text_addr, text_off, _) = re.sections[".text"].clone();
        for (k, yk) in co.kernels.iter().zip(&re.notes.kernels) {
            kernels += 1;
            let ctx = format!("{name}/{}", k.name);
            let f = |key: &str| -> u32 {
                yk.fields
                    .get(key)
                    .unwrap_or_else(|| panic!("{ctx}: YAML lacks {key}"))
                    .parse()
                    .unwrap()
            };
            assert_eq!(yk.fields[".symbol"], format!("{}.kd", k.name), "{ctx}");
            assert_eq!(k.kernarg_segment_size, f(".kernarg_segment_size"), "{ctx}");
            assert_eq!(
                k.kernarg_segment_align,
                f(".kernarg_segment_align"),
                "{ctx}"
            );
            assert_eq!(
                k.group_segment_fixed_size,
                f(".group_segment_fixed_size"),
                "{ctx}"
            );
            assert_eq!(
                k.private_segment_fixed_size,
                f(".private_segment_fixed_size"),
                "{ctx}"
            );
            assert_eq!(k.wavefront_size, f(".wavefront_size"), "{ctx}");
            assert_eq!(k.wavefront_size, 64, "{ctx}: gfx942 is wave64");
            assert_eq!(k.sgpr_count, f(".sgpr_count"), "{ctx}");
            assert_eq!(k.vgpr_count, f(".vgpr_count"), "{ctx}");
            assert_eq!(k.agpr_count, f(".agpr_count"), "{ctx}");
            assert_eq!(
                k.max_flat_workgroup_size,
                f(".max_flat_workgroup_size"),
                "{ctx}"
            );
            assert_eq!(k.sgpr_spill_count, f(".sgpr_spill_count"), "{ctx}");
            assert_eq!(k.vgpr_spill_count, f(".vgpr_spill_count"), "{ctx}");
            // Optional in the metadata (absent in the assembly kernels).
            assert_eq!(
                k.uses_dynamic_stack,
                yk.fields
                    .get(".uses_dynamic_stack")
                    .is_some_and(|v| v == "true"),
                "{ctx}"
            );

            // Arguments.
            assert_eq!(k.args.len(), yk.args.len(), "{ctx}: argument count");
            for (i, (a, ya)) in k.args.iter().zip(&yk.args).enumerate() {
                args += 1;
                let actx = format!("{ctx} arg {i}");
                assert_eq!(a.offset.to_string(), ya[".offset"], "{actx}");
                assert_eq!(a.size.to_string(), ya[".size"], "{actx}");
                assert_eq!(a.value_kind.as_str(), ya[".value_kind"], "{actx}");
                assert!(
                    !matches!(a.value_kind, ArgKind::Other(_)),
                    "{actx}: unknown kind"
                );
                assert_eq!(a.name.as_ref(), ya.get(".name"), "{actx}");
                assert_eq!(a.type_name.as_ref(), ya.get(".type_name"), "{actx}");
                assert_eq!(a.address_space.as_ref(), ya.get(".address_space"), "{actx}");
                assert_eq!(a.access.as_ref(), ya.get(".access"), "{actx}");
                assert_eq!(a.actual_access.as_ref(), ya.get(".actual_access"), "{actx}");
                assert_eq!(
                    a.is_const,
                    ya.get(".is_const").is_some_and(|v| v == "true"),
                    "{actx}"
                );
                assert_eq!(
                    a.is_volatile,
                    ya.get(".is_volatile").is_some_and(|v| v == "true"),
                    "{actx}"
                );
                assert_eq!(
                    a.pointee_align.map(|x| x.to_string()).as_ref(),
                    ya.get(".pointee_align"),
                    "{actx}"
                );
            }
            // Hidden arguments come after the explicit ones (COV5).
            let first_hidden = k.args.iter().position(|a| a.value_kind.is_hidden());
            if let Some(h) = first_hidden {
                assert!(
                    k.args[h..].iter().all(|a| a.value_kind.is_hidden()),
                    "{ctx}"
                );
            }

            // Descriptor location and contents.
            let (kd_addr, kd_size, kd_type) = re.symbols[&format!("{}.kd", k.name)].clone();
            assert_eq!((kd_size, kd_type.as_str()), (64, "OBJECT"), "{ctx}");
            assert_eq!(
                k.kd_offset,
                rod_off + (kd_addr - rod_addr),
                "{ctx}: kd offset"
            );
            let (llvm_addr, d) = &kdt[&k.name];
            assert_eq!(*llvm_addr, kd_addr, "{ctx}");
            let kd = &k.kd;
            let mut check = |key: &str, got: u64| {
                kd_fields += 1;
                assert_eq!(Some(&got), d.get(key), "{ctx}: .amdhsa_{key}");
            };
            check(
                "group_segment_fixed_size",
                kd.group_segment_fixed_size.into(),
            );
            check(
                "private_segment_fixed_size",
                kd.private_segment_fixed_size.into(),
            );
            check("kernarg_size", kd.kernarg_size.into());
            check("accum_offset", kd.accum_offset().into());
            check("tg_split", kd.tg_split().into());
            check("next_free_vgpr", kd.next_free_vgpr_bound().into());
            check("next_free_sgpr", kd.next_free_sgpr_bound().into());
            check("float_round_mode_32", kd.float_round_mode_32().into());
            check("float_round_mode_16_64", kd.float_round_mode_16_64().into());
            check("float_denorm_mode_32", kd.float_denorm_mode_32().into());
            check(
                "float_denorm_mode_16_64",
                kd.float_denorm_mode_16_64().into(),
            );
            check("dx10_clamp", kd.enable_dx10_clamp().into());
            check("ieee_mode", kd.enable_ieee_mode().into());
            check("fp16_overflow", kd.fp16_overflow().into());
            check("enable_private_segment", kd.enable_private_segment().into());
            check(
                "system_sgpr_workgroup_id_x",
                kd.enable_sgpr_workgroup_id_x().into(),
            );
            check(
                "system_sgpr_workgroup_id_y",
                kd.enable_sgpr_workgroup_id_y().into(),
            );
            check(
                "system_sgpr_workgroup_id_z",
                kd.enable_sgpr_workgroup_id_z().into(),
            );
            check(
                "system_sgpr_workgroup_info",
                kd.enable_sgpr_workgroup_info().into(),
            );
            check(
                "system_vgpr_workitem_id",
                kd.enable_vgpr_workitem_id().into(),
            );
            let exc = kd.exception_enables();
            for (bit, key) in [
                "exception_fp_ieee_invalid_op",
                "exception_fp_denorm_src",
                "exception_fp_ieee_div_zero",
                "exception_fp_ieee_overflow",
                "exception_fp_ieee_underflow",
                "exception_fp_ieee_inexact",
                "exception_int_div_zero",
            ]
            .iter()
            .enumerate()
            {
                check(key, u64::from((exc >> bit) & 1));
            }
            check(
                "user_sgpr_dispatch_ptr",
                kd.enable_sgpr_dispatch_ptr().into(),
            );
            check("user_sgpr_queue_ptr", kd.enable_sgpr_queue_ptr().into());
            check(
                "user_sgpr_kernarg_segment_ptr",
                kd.enable_sgpr_kernarg_segment_ptr().into(),
            );
            check("user_sgpr_dispatch_id", kd.enable_sgpr_dispatch_id().into());
            check(
                "user_sgpr_private_segment_size",
                kd.enable_sgpr_private_segment_size().into(),
            );
            check("uses_dynamic_stack", kd.uses_dynamic_stack().into());
            // gfx942: architected flat scratch, wave64, no private segment buffer.
            assert!(!kd.enable_sgpr_private_segment_buffer(), "{ctx}");
            assert!(!kd.enable_sgpr_flat_scratch_init(), "{ctx}");
            assert!(!kd.enable_wavefront_size32(), "{ctx}");
            assert_eq!(kd.wavefront_size(), 64);
            // Descriptor and metadata agree.
            assert_eq!(kd.kernarg_size, k.kernarg_segment_size, "{ctx}");
            assert_eq!(
                kd.group_segment_fixed_size, k.group_segment_fixed_size,
                "{ctx}"
            );
            assert_eq!(
                kd.private_segment_fixed_size, k.private_segment_fixed_size,
                "{ctx}"
            );
            assert_eq!(kd.uses_dynamic_stack(), k.uses_dynamic_stack, "{ctx}");
            assert!(kd.next_free_sgpr_bound() >= k.sgpr_count.min(102), "{ctx}");
            assert!(
                kd.next_free_vgpr_bound() >= k.vgpr_count + k.agpr_count,
                "{ctx}"
            );
            // User SGPRs: the enables account for exactly USER_SGPR_COUNT.
            let lay = kd.sgpr_layout();
            assert_eq!(
                lay.user_sgprs_used,
                kd.user_sgpr_count(),
                "{ctx}: user SGPRs"
            );
            assert_eq!(
                lay.kernarg_segment_ptr.is_some(),
                kd.enable_sgpr_kernarg_segment_ptr()
            );

            // Code: the FUNC symbol the entry offset points at.
            let (fva, fsize, ftype) = re.symbols[&k.name].clone();
            assert_eq!(ftype, "FUNC", "{ctx}");
            assert_eq!(k.code_address, fva, "{ctx}: entry address");
            assert_eq!(
                (kd_addr as i64 + kd.kernel_code_entry_byte_offset) as u64,
                fva,
                "{ctx}"
            );
            assert_eq!(k.code_address % 256, 0, "{ctx}: entry is 256-byte aligned");
            assert_eq!(k.code.len() as u64, fsize, "{ctx}: code size");
            let off = text_off + (fva - text_addr);
            assert_eq!(k.code_offset, off, "{ctx}: code offset");
            assert_eq!(
                &bytes[off as usize..(off + fsize) as usize],
                &k.code[..],
                "{ctx}"
            );
            assert_eq!(labels.get(&k.name), Some(&fva), "{ctx}: listing label");
            // The instruction words llvm-objdump printed under the kernel's
            // label, concatenated, are the loader's code bytes; anything after
            // the symbol's end is the s_code_end padding (s_nop 0 words).
            let lb = &listing[&k.name];
            assert!(lb.len() >= k.code.len(), "{ctx}: listing shorter than code");
            assert!(
                lb[..k.code.len()] == k.code[..],
                "{ctx}: listing bytes differ"
            );
            assert!(
                lb[k.code.len()..]
                    .chunks(4)
                    .all(|w| w == [0, 0, 0x80, 0xbf]),
                "{ctx}: listing continues past the symbol with something other than s_nop"
            );
        }
    }
    eprintln!(
        "{} code objects, {kernels} kernels, {args} arguments, {kd_fields} descriptor fields checked",
        files.len()
    );
}

fn sample() -> Vec<u8> {
    std::fs::read(corpus_dir().join("reduce_sum.co")).unwrap()
}

#[test]
fn stripped_object_loads_like_unstripped() {
    // `llvm-strip-19` removes .symtab; kernels and descriptors remain in
    // .dynsym, which the loader falls back to.
    let full = std::fs::read(corpus_dir().join("two_kernels.co")).unwrap();
    let stripped = std::fs::read(corpus_dir().join("two_kernels.co.stripped")).unwrap();
    assert!(sections(&stripped).iter().all(|s| s.4 != ".symtab"));
    let a = codeobj::load(&full).unwrap();
    let b = codeobj::load(&stripped).unwrap();
    assert_eq!(a.kernels.len(), 2);
    let names: Vec<_> = a.kernels.iter().map(|k| k.name.as_str()).collect();
    assert_eq!(names, ["saxpy", "iota64"]);
    for (x, y) in a.kernels.iter().zip(&b.kernels) {
        assert_eq!(x.name, y.name);
        assert_eq!(x.code, y.code);
        assert_eq!(x.kd, y.kd);
        assert_eq!(x.args, y.args);
        assert_eq!(x.code_address, y.code_address);
    }
    // The two functions do not overlap and the first ends before the second.
    let (k0, k1) = (&a.kernels[0], &a.kernels[1]);
    assert!(k0.code_address + k0.code.len() as u64 <= k1.code_address);
}

#[test]
fn unaligned_input_loads_the_same() {
    let b = sample();
    let mut shifted = vec![0u8; b.len() + 1];
    shifted[1..].copy_from_slice(&b);
    assert_eq!(
        codeobj::load(&shifted[1..]).unwrap(),
        codeobj::load(&b).unwrap()
    );
}

#[test]
fn reduce_sum_layout_in_detail() {
    // Values checked by hand against tests/gfx942/out/reduce_sum.elf.txt and
    // the kernel source (three explicit arguments, then the COV5 hidden block).
    let co = codeobj::load(&sample()).unwrap();
    let k = co.kernel("reduce_sum").unwrap();
    assert_eq!(co.abi_version, 5);
    let explicit: Vec<_> = k
        .explicit_args()
        .map(|a| (a.offset, a.size, a.value_kind.clone()))
        .collect();
    assert_eq!(
        explicit,
        vec![
            (0, 8, ArgKind::GlobalBuffer),
            (8, 8, ArgKind::GlobalBuffer),
            (16, 4, ArgKind::ByValue)
        ]
    );
    assert_eq!(k.hidden_arg_offset(&ArgKind::HiddenBlockCountX), Some(24));
    assert_eq!(k.hidden_arg_offset(&ArgKind::HiddenGroupSizeX), Some(36));
    assert_eq!(k.hidden_arg_offset(&ArgKind::HiddenGridDims), Some(88));
    assert_eq!(k.group_segment_fixed_size, 1024);
    // libclc reads the work-group size from the dispatch packet: s[0:1] is the
    // dispatch pointer, s[2:3] the kernarg pointer, s4 the workgroup id X.
    let lay = k.kd.sgpr_layout();
    assert_eq!(lay.dispatch_ptr, Some(0));
    assert_eq!(lay.kernarg_segment_ptr, Some(2));
    assert_eq!(lay.workgroup_id_x, Some(4));
    assert_eq!(lay.workgroup_id_y, None);
}

// ---------------------------------------------------------------------------
// Error cases on mutated real code objects.

fn le_u16(b: &[u8], o: usize) -> u16 {
    u16::from_le_bytes([b[o], b[o + 1]])
}
fn le_u32(b: &[u8], o: usize) -> u32 {
    u32::from_le_bytes(b[o..o + 4].try_into().unwrap())
}
fn le_u64(b: &[u8], o: usize) -> u64 {
    u64::from_le_bytes(b[o..o + 8].try_into().unwrap())
}

/// (header offset, sh_type, sh_offset, sh_size, name) of each section.
fn sections(b: &[u8]) -> Vec<(usize, u32, usize, usize, String)> {
    let shoff = le_u64(b, 0x28) as usize;
    let shnum = le_u16(b, 0x3c) as usize;
    let shstrndx = le_u16(b, 0x3e) as usize;
    let hdr = |i: usize| shoff + i * 64;
    let stroff = le_u64(b, hdr(shstrndx) + 24) as usize;
    (0..shnum)
        .map(|i| {
            let h = hdr(i);
            let name_off = stroff + le_u32(b, h) as usize;
            let end = b[name_off..].iter().position(|&c| c == 0).unwrap();
            let name = String::from_utf8_lossy(&b[name_off..name_off + end]).into_owned();
            (
                h,
                le_u32(b, h + 4),
                le_u64(b, h + 24) as usize,
                le_u64(b, h + 32) as usize,
                name,
            )
        })
        .collect()
}

fn section(b: &[u8], name: &str) -> (usize, u32, usize, usize) {
    let s = sections(b).into_iter().find(|s| s.4 == name).unwrap();
    (s.0, s.1, s.2, s.3)
}

/// File offset of the `.symtab` entry called `name`.
fn symtab_entry(b: &[u8], name: &str) -> usize {
    let (_, _, off, size) = section(b, ".symtab");
    let (_, _, stroff, _) = section(b, ".strtab");
    (0..size / 24)
        .map(|i| off + i * 24)
        .find(|&e| {
            let n = stroff + le_u32(b, e) as usize;
            b[n..].starts_with(name.as_bytes()) && b[n + name.len()] == 0
        })
        .unwrap()
}

#[test]
fn error_not_elf_and_truncated() {
    let mut b = sample();
    b[0] = b'X';
    assert!(matches!(
        codeobj::load(&b),
        Err(CodeObjectError::BadElf { offset: 0, .. })
    ));
    let b = sample();
    assert!(matches!(
        codeobj::load(&b[..40]),
        Err(CodeObjectError::BadElf { .. })
    ));
    // Section header table cut off: the error names its offset.
    let shoff = le_u64(&b, 0x28);
    match codeobj::load(&b[..b.len() - 10]) {
        Err(CodeObjectError::BadElf { offset, .. }) => assert_eq!(offset, shoff),
        other => panic!("{other:?}"),
    }
}

#[test]
fn error_wrong_machine_abi_and_processor() {
    let mut b = sample();
    b[0x12] = 62; // EM_X86_64
    let e = codeobj::load(&b).unwrap_err();
    assert_eq!(e, CodeObjectError::NotAmdgpu { machine: 62 });
    assert!(e.to_string().contains("0x12"), "{e}");

    let mut b = sample();
    b[7] = 0; // ELFOSABI_NONE
    assert!(matches!(
        codeobj::load(&b),
        Err(CodeObjectError::UnsupportedAbi { os_abi: 0, .. })
    ));
    let mut b = sample();
    b[8] = 1; // code object v3
    assert!(matches!(
        codeobj::load(&b),
        Err(CodeObjectError::UnsupportedAbi { abi_version: 1, .. })
    ));
    // v4 (EI_ABIVERSION 2) has the same descriptor and metadata layout.
    let mut b = sample();
    b[8] = 2;
    assert_eq!(codeobj::load(&b).unwrap().abi_version, 4);

    let mut b = sample();
    b[0x30] = 0x3f; // gfx90a
    match codeobj::load(&b).unwrap_err() {
        CodeObjectError::WrongMach { mach, name, .. } => {
            assert_eq!(mach, 0x3f);
            assert_eq!(name, "gfx90a");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn error_missing_kd_symbol() {
    let mut b = sample();
    // Rename `reduce_sum.kd` in .strtab (the metadata still names it).
    let e = symtab_entry(&b, "reduce_sum.kd");
    let (_, _, stroff, _) = section(&b, ".strtab");
    let n = stroff + le_u32(&b, e) as usize;
    b[n + "reduce_sum.".len()] = b'x';
    assert_eq!(
        codeobj::load(&b).unwrap_err(),
        CodeObjectError::MissingKd {
            kernel: "reduce_sum".into(),
            symbol: "reduce_sum.kd".into()
        }
    );
}

#[test]
fn error_descriptor_out_of_bounds() {
    let mut b = sample();
    let e = symtab_entry(&b, "reduce_sum.kd");
    let (rod_hdr, _, _, _) = section(&b, ".rodata");
    // Move the descriptor symbol past the end of .rodata.
    let v = le_u64(&b, e + 8) + 0x10000;
    b[e + 8..e + 16].copy_from_slice(&v.to_le_bytes());
    match codeobj::load(&b).unwrap_err() {
        CodeObjectError::DescriptorOutOfBounds {
            symbol,
            address,
            section,
            section_header,
        } => {
            assert_eq!(symbol, "reduce_sum.kd");
            assert_eq!(address, v);
            assert_eq!(section, ".rodata");
            assert_eq!(section_header, rod_hdr as u64);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn error_entry_outside_text() {
    let mut b = sample();
    let k = codeobj::load(&b).unwrap().kernels[0].clone();
    let at = k.kd_offset as usize + 16;
    b[at..at + 8].copy_from_slice(&(-0x100000i64).to_le_bytes());
    match codeobj::load(&b).unwrap_err() {
        CodeObjectError::EntryOutsideText {
            kernel,
            entry_offset,
            kd_offset,
            ..
        } => {
            assert_eq!(kernel, "reduce_sum");
            assert_eq!(entry_offset, -0x100000);
            assert_eq!(kd_offset, k.kd_offset);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn error_code_out_of_bounds() {
    let mut b = sample();
    let e = symtab_entry(&b, "reduce_sum");
    b[e + 16..e + 24].copy_from_slice(&0x100000u64.to_le_bytes());
    assert!(matches!(
        codeobj::load(&b).unwrap_err(),
        CodeObjectError::CodeOutOfBounds { size: 0x100000, .. }
    ));
}

#[test]
fn error_metadata() {
    // The msgpack starts right after the note header and the padded name.
    let b = sample();
    let (_, _, note_off, _) = section(&b, ".note");
    let desc = note_off + 12 + 8; // "AMDGPU\0" padded to 8
    assert_eq!(&b[note_off + 12..note_off + 18], b"AMDGPU");
    let mut m = b.clone();
    m[desc] = 0xc1; // never used in msgpack
    match codeobj::load(&m).unwrap_err() {
        CodeObjectError::BadMetadata { offset, .. } => assert_eq!(offset, desc as u64),
        other => panic!("{other:?}"),
    }
    let mut m = b.clone();
    m[desc] = 0x90; // an empty array instead of the top-level map
    assert!(matches!(
        codeobj::load(&m),
        Err(CodeObjectError::BadMetadata { .. })
    ));
    // A different note type: no metadata at all.
    let mut m = b.clone();
    m[note_off + 8] = 33;
    assert_eq!(codeobj::load(&m).unwrap_err(), CodeObjectError::NoMetadata);
    // A required field renamed: the error names its path.
    let mut m = b.clone();
    let pat = b".kernarg_segment_size";
    let pos = m.windows(pat.len()).position(|w| w == pat).unwrap();
    m[pos + 1] = b'K';
    let e = codeobj::load(&m).unwrap_err();
    assert!(
        e.to_string()
            .contains("amdhsa.kernels[0].kernarg_segment_size is missing"),
        "{e}"
    );
}

// ---------------------------------------------------------------------------
// Mutation fuzz.

use xisa_testkit::Rng;

const INTERESTING: [u64; 10] = [
    0,
    1,
    0x7f,
    0x80,
    0xff,
    0xffff,
    0x7fff_ffff,
    0xffff_ffff,
    0x8000_0000_0000_0000,
    u64::MAX,
];

#[test]
fn mutation_fuzz_never_panics() {
    const PER_FILE: usize = 5000;
    let files = corpus();
    let mut rng = Rng::new(0x5eed_c0de);
    let (mut ok, mut err, mut total) = (0usize, 0usize, 0usize);
    for (name, orig) in &files {
        // Regions worth hitting: the ELF header, section headers, symbol
        // table, descriptors and the note.
        let mut hot: Vec<(usize, usize)> = vec![(0, 64)];
        for (h, _, off, size, _) in sections(orig) {
            hot.push((h, 64));
            if off < orig.len() && size > 0 {
                hot.push((off, size.min(orig.len() - off)));
            }
        }
        for it in 0..PER_FILE {
            let mut b = orig.clone();
            match it % 4 {
                0 => b.truncate(rng.below(orig.len())),
                1 => {
                    for _ in 0..1 + rng.below(8) {
                        let i = rng.below(b.len());
                        b[i] ^= 1 << rng.below(8);
                    }
                }
                _ => {
                    // Overwrite a 1/2/4/8-byte field inside a hot region with
                    // an interesting or random value.
                    let (start, len) = hot[rng.below(hot.len())];
                    let w = [1usize, 2, 4, 8][rng.below(4)];
                    if len >= w {
                        let at = start + rng.below(len - w + 1);
                        let v = if rng.below(2) == 0 {
                            INTERESTING[rng.below(INTERESTING.len())]
                        } else {
                            rng.next()
                        };
                        b[at..at + w].copy_from_slice(&v.to_le_bytes()[..w]);
                    }
                }
            }
            total += 1;
            let r = std::panic::catch_unwind(|| codeobj::load(&b));
            match r {
                Err(_) => panic!("{name}: iteration {it} panicked"),
                Ok(Ok(co)) => {
                    ok += 1;
                    for k in &co.kernels {
                        // A successful load only hands out bytes of the file.
                        let end = k.code_offset as usize + k.code.len();
                        assert!(end <= b.len(), "{name}: iteration {it}");
                        assert_eq!(&b[k.code_offset as usize..end], &k.code[..]);
                        assert!(k.kd_offset as usize + 64 <= b.len());
                    }
                }
                Ok(Err(e)) => {
                    err += 1;
                    // Errors render without panicking and say something.
                    assert!(!e.to_string().is_empty());
                }
            }
        }
    }
    eprintln!("mutation fuzz: {total} inputs, {ok} loaded, {err} rejected, 0 panics");
    assert_eq!(total, files.len() * PER_FILE);
    assert!(err > total / 10, "mutations should be rejected often");
}

// ---------------------------------------------------------------------------
// Launch specs of the corpus agree with the code objects' metadata.

#[test]
fn launch_specs_match_code_objects() {
    let kdir = corpus_dir().join("../kernels");
    let mut specs = 0;
    let mut outputs = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&kdir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".launch.json"))
        .collect();
    entries.sort();
    for p in entries {
        specs += 1;
        let s: serde_json::Value = serde_json::from_slice(&std::fs::read(&p).unwrap()).unwrap();
        let ctx = p.file_name().unwrap().to_string_lossy().into_owned();
        assert_eq!(s["format"], "xisa-gfx942-launch/1", "{ctx}");
        let co_path = kdir.join(s["code_object"].as_str().unwrap());
        let co = codeobj::load(&std::fs::read(&co_path).unwrap()).unwrap();
        let k = co
            .kernel(s["kernel"].as_str().unwrap())
            .expect("kernel in code object");
        assert!(
            kdir.join(s["source"].as_str().unwrap()).exists(),
            "{ctx}: source"
        );
        let explicit: Vec<_> = k.explicit_args().collect();
        let args = s["args"].as_array().unwrap();
        assert_eq!(explicit.len(), args.len(), "{ctx}: explicit argument count");
        let block: u64 = s["block"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .product();
        assert!(
            block <= u64::from(k.max_flat_workgroup_size),
            "{ctx}: block size"
        );
        for (i, (a, m)) in args.iter().zip(explicit).enumerate() {
            match a["kind"].as_str().unwrap() {
                "buffer" => {
                    assert_eq!(m.value_kind, ArgKind::GlobalBuffer, "{ctx} arg {i}");
                    assert_eq!(m.size, 8, "{ctx} arg {i}");
                    if a["output"] == true {
                        outputs += 1;
                        let exp = kdir.join(a["expected"].as_str().expect("expected path"));
                        let len = std::fs::metadata(&exp)
                            .unwrap_or_else(|e| panic!("{ctx} arg {i}: {}: {e}", exp.display()))
                            .len();
                        assert_eq!(len, a["bytes"].as_u64().unwrap(), "{ctx} arg {i}");
                    }
                }
                "scalar" => {
                    assert_eq!(m.value_kind, ArgKind::ByValue, "{ctx} arg {i}");
                    assert_eq!(m.size, 4, "{ctx} arg {i}");
                }
                other => panic!("{ctx}: argument kind {other}"),
            }
        }
    }
    eprintln!("{specs} launch specs, {outputs} expected outputs checked");
    assert!(specs >= 20);
}

/// A kernel descriptor that starts the waves flushing only some f32
/// denormals (modes 1, 2) or f16/f64 ones, rounding other than to nearest
/// even, or with IEEE mode or DX10 clamping off: the
/// kernel's float instructions are refused with the field named (the lifter
/// computes in the default mode, which would give such a kernel wrong results
/// without a word); integer-only code lifts in any mode. Flushing all f32
/// denormals (mode 0: clang's `-cl-denorms-are-zero`, HIP's
/// `-fgpu-flush-denormals-to-zero`) is modelled (`gfx942_exec_ftz.rs`).
#[test]
fn float_modes_other_than_the_default_are_refused() {
    use xisa_frontend::Frontend;
    let fe = xisa_cdna::gfx942::frontend::Gfx942Frontend;
    let b = sample();
    let kd = codeobj::load(&b)
        .unwrap()
        .kernel("reduce_sum")
        .unwrap()
        .kd_offset as usize;
    assert!(fe.load(&b).unwrap().lift("reduce_sum").is_ok());
    // compute_pgm_rsrc1 is the u32 at byte 48 of the descriptor.
    let rsrc1 = kd + 48;
    for (bit, field, value) in [
        (16, "FLOAT_DENORM_MODE_32", 2),
        (17, "FLOAT_DENORM_MODE_32", 1),
        (18, "FLOAT_DENORM_MODE_16_64", 2),
        (12, "FLOAT_ROUND_MODE_32", 1),
        (15, "FLOAT_ROUND_MODE_16_64", 2),
        (21, "ENABLE_DX10_CLAMP", 0),
        (23, "ENABLE_IEEE_MODE", 0),
    ] {
        let mut m = b.clone();
        m[rsrc1 + bit / 8] ^= 1 << (bit % 8);
        let err = match fe.load(&m).unwrap().lift("reduce_sum") {
            Ok(_) => panic!("rsrc1 bit {bit} flipped: lifted"),
            Err(e) => e.to_string(),
        };
        // reduce_sum adds floats: refused at its first float instruction.
        assert!(
            err.contains(&format!("{field} = {value}")) && err.contains("_f32"),
            "bit {bit}: {err}"
        );
    }
    // FLOAT_DENORM_MODE_32 = 0 (f32 denormals flushed) is modelled: it lifts.
    let mut m = b.clone();
    m[rsrc1 + 2] &= !0b11;
    assert!(fe.load(&m).unwrap().lift("reduce_sum").is_ok());
    // An integer-only kernel lifts whatever the float mode.
    let b = std::fs::read(corpus_dir().join("bitops.co")).unwrap();
    let co = codeobj::load(&b).unwrap();
    let k = &co.kernels[0];
    let mut m = b.clone();
    m[k.kd_offset as usize + 48 + 2] &= !0b11;
    assert!(fe.load(&m).unwrap().lift(&k.name).is_ok(), "{}", k.name);
}

/// Every pc the lifter reports is the address llvm-objdump prints for the
/// instruction (before, kernels without calls were labelled from their own
/// first byte: `pc0` for a kernel objdump shows at 0x1a00): the first
/// labelled block of each corpus kernel starts at its code address, and an
/// undecodable word in a kernel is named by its address.
#[test]
fn lifted_pcs_are_objdump_addresses() {
    use xisa_cdna::gfx942::lift::{codeobj as lift_co, LiftError};
    for (name, bytes) in corpus() {
        let co = codeobj::load(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let image = lift_co::image(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        for k in &co.kernels {
            let ir = lift_co::lift_kernel(k, &image).unwrap_or_else(|e| panic!("{name}: {e}"));
            let first = &ir.blocks[1];
            assert_eq!(
                first.label,
                format!("pc{:x}", k.code_address),
                "{name} {}",
                k.name
            );
            assert_eq!(first.insts.first().and_then(|i| i.pc), Some(k.code_address));
        }
    }
    // An SMEM word with an opcode the table lacks, 8 bytes into a kernel.
    let bytes = sample();
    let co = codeobj::load(&bytes).unwrap();
    let image = lift_co::image(&bytes).unwrap();
    let mut k = co.kernels[0].clone();
    k.code[8..16].copy_from_slice(&[0, 0, 0xfc, 0xc0, 0, 0, 0, 0]);
    match lift_co::lift_kernel(&k, &image) {
        Err(e @ LiftError::Decode { pc, .. }) => {
            assert_eq!(pc, k.code_address + 8, "{e}");
            assert!(
                e.to_string()
                    .contains(&format!("pc {:#x}", k.code_address + 8)),
                "{e}"
            );
        }
        other => panic!("{other:?}"),
    }
}
