//! Whole gfx942 code objects (`tests/gfx942/out/*.co`, built by
//! `tests/gfx942/build.sh`) loaded, lifted and run on the interpreter and the
//! JIT per their launch specs (`tests/gfx942/kernels/*.launch.json`), compared
//! with the committed oracle outputs (POCL for the OpenCL kernels shared with
//! sm75, `tests/gfx942/reference.py` for the gfx942-specific ones).
//!
//! The OpenCL kernels link `tests/gfx942/clc/workitem_v5.cl` ahead of libclc:
//! libclc-19's amdgcn `get_global_id` reads the global offsets from a pre-v5
//! implicit-argument layout (see that file). The OpenCL kernels shared with
//! sm75 also run through `xisa run` in `crates/xisa-cli/tests/sm75_corpus.rs`,
//! with every compare mode.

use std::path::{Path, PathBuf};

use serde_json::Value;
use xisa_cdna::gfx942::codeobj;
use xisa_cdna::gfx942::lift::{abi, codeobj as lco};
use xisa_ir::Kernel;
use xisa_runtime::{launch, GuestMemory, LaneProgram, LaunchConfig};

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/gfx942")
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Engine {
    Interp,
    Jit,
}

fn program(k: &Kernel, e: Engine) -> Box<dyn LaneProgram> {
    match e {
        Engine::Interp => Box::new(xisa_interp::Interp::new(k, false)),
        Engine::Jit => Box::new(
            xisa_jit::compile(k, &xisa_jit::JitOptions::default())
                .unwrap_or_else(|e| panic!("JIT: {e}")),
        ),
    }
}

// ------------------------------------------------ fills (tests/sm75/README.md)

struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn elem_size(e: &str) -> usize {
    match e {
        "u8" | "i8" => 1,
        "u16" | "i16" => 2,
        "u32" | "i32" | "f32" => 4,
        _ => 8,
    }
}

fn pack(elem: &str, int: Option<i128>, f: f64) -> Vec<u8> {
    let n = elem_size(elem);
    match elem {
        "f32" => (f as f32).to_le_bytes().to_vec(),
        "f64" => f.to_le_bytes().to_vec(),
        _ => (int.unwrap_or(f as i128) as u128 as u64).to_le_bytes()[..n].to_vec(),
    }
}

fn parse_int(s: &str) -> i128 {
    let s = s.trim();
    let (neg, s) = match s.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, s),
    };
    let v = match s.strip_prefix("0x") {
        Some(h) => i128::from_str_radix(h, 16).unwrap(),
        None => s.parse().unwrap(),
    };
    if neg {
        -v
    } else {
        v
    }
}

fn fill(elem: &str, count: usize, spec: &str) -> Vec<u8> {
    let size = elem_size(elem);
    let float = elem.starts_with('f');
    let mut out = Vec::with_capacity(count * size);
    if spec == "zero" {
        out.resize(count * size, 0);
    } else if spec == "iota" {
        for i in 0..count {
            out.extend(pack(
                elem,
                if float { None } else { Some(i as i128) },
                i as f64,
            ));
        }
    } else if let Some(body) = spec
        .strip_prefix("const(")
        .and_then(|s| s.strip_suffix(')'))
    {
        let vals: Vec<&str> = body.split(',').map(str::trim).collect();
        for i in 0..count {
            let v = vals[i.min(vals.len() - 1)];
            if float {
                out.extend(pack(elem, None, v.parse::<f64>().unwrap()));
            } else {
                out.extend(pack(elem, Some(parse_int(v)), 0.0));
            }
        }
    } else if let Some(body) = spec
        .strip_prefix("random(seed=")
        .and_then(|s| s.strip_suffix(')'))
    {
        let (seed, range) = match body.split_once(',') {
            Some((s, r)) => {
                let r = r.trim().strip_prefix("range=").unwrap();
                let (a, b) = r.split_once("..").unwrap();
                (s, Some((parse_int(a), parse_int(b))))
            }
            None => (body, None),
        };
        let mut g = SplitMix64(parse_int(seed) as u64);
        for _ in 0..count {
            let z = g.next();
            match range {
                None => out.extend(&z.to_le_bytes()[..size]),
                Some((a, b)) => {
                    let v = a + (z as u128 % (b - a) as u128) as i128;
                    out.extend(pack(elem, if float { None } else { Some(v) }, v as f64));
                }
            }
        }
    } else {
        panic!("unknown fill {spec}");
    }
    out
}

// ------------------------------------------------ one launch

/// One output buffer after a run: (arg index, name, compare mode, bytes,
/// expected path).
type Output = (usize, String, String, Vec<u8>, Option<PathBuf>);

struct Outcome {
    outputs: Vec<Output>,
}

fn run_spec(spec_path: &Path, e: Engine) -> Result<Outcome, String> {
    let dir = spec_path.parent().unwrap();
    let spec: Value = serde_json::from_str(&std::fs::read_to_string(spec_path).unwrap()).unwrap();
    let co_path = dir.join(spec["code_object"].as_str().unwrap());
    let co = codeobj::load(&std::fs::read(&co_path).unwrap()).map_err(|e| e.to_string())?;
    let kname = spec["kernel"].as_str().unwrap();
    let info = co.kernel(kname).ok_or("kernel not in code object")?;
    let bytes = std::fs::read(&co_path).unwrap();
    let img = lco::image(&bytes).map_err(|e| e.to_string())?;
    let k = lco::lift_kernel(info, &img).map_err(|e| e.to_string())?;
    let dims = |v: &Value| -> [u32; 3] {
        let a = v.as_array().unwrap();
        [0, 1, 2].map(|i| a[i].as_u64().unwrap() as u32)
    };
    let (grid, block) = (dims(&spec["grid"]), dims(&spec["block"]));
    let mem = GuestMemory::new(1 << 28).unwrap();
    let dyn_base = k.shared_bytes.next_multiple_of(16);
    let mut dyn_lds = spec["dynamic_shared_bytes"].as_u64().unwrap_or(0) as u32;
    let mut explicit: Vec<Vec<u8>> = Vec::new();
    let mut outs = Vec::new();
    let metas: Vec<_> = info.explicit_args().collect();
    for (i, a) in spec["args"].as_array().unwrap().iter().enumerate() {
        let meta = metas.get(i).ok_or("more spec args than kernel args")?;
        let size = meta.size as usize;
        match a["kind"].as_str().unwrap() {
            "buffer" => {
                let elem = a["elem"].as_str().unwrap();
                let count = a["count"].as_u64().unwrap() as usize;
                let data = fill(elem, count, a["fill"].as_str().unwrap());
                let addr = mem.alloc(data.len().max(16) as u64).unwrap();
                mem.write(addr, &data).unwrap();
                explicit.push(addr.to_le_bytes()[..size].to_vec());
                if a["output"].as_bool().unwrap_or(false) {
                    outs.push((
                        i,
                        a["name"].as_str().unwrap_or("").to_string(),
                        a["compare"].as_str().unwrap_or("exact").to_string(),
                        addr,
                        data.len(),
                        a["expected"].as_str().map(|p| dir.join(p)),
                    ));
                }
            }
            "scalar" => {
                let ty = a["type"].as_str().unwrap();
                let v = &a["value"];
                let bytes = match ty {
                    "f32" => (v.as_f64().unwrap() as f32).to_le_bytes().to_vec(),
                    "f64" => v.as_f64().unwrap().to_le_bytes().to_vec(),
                    _ => (v.as_i64().unwrap() as u64).to_le_bytes().to_vec(),
                };
                explicit.push(bytes[..size].to_vec());
            }
            "local" => {
                let at = dyn_base + dyn_lds;
                dyn_lds += (a["bytes"].as_u64().unwrap() as u32).next_multiple_of(16);
                explicit.push(at.to_le_bytes()[..size.min(4)].to_vec());
            }
            k => return Err(format!("arg kind {k} not supported")),
        }
    }
    let geo = abi::Geometry {
        grid,
        block,
        dyn_lds,
    };
    let slots = lco::kernarg_slots(info);
    let seg = abi::kernarg_segment(info.kernarg_segment_size.max(16), &slots, &explicit, &geo)
        .map_err(|e| e.to_string())?;
    let ka = mem.alloc(seg.len() as u64).unwrap();
    mem.write(ka, &seg).unwrap();
    let pkt = abi::dispatch_packet(
        &geo,
        info.private_segment_fixed_size,
        info.group_segment_fixed_size + dyn_lds,
        0,
        ka,
    );
    let pa = mem.alloc(64).unwrap();
    mem.write(pa, &pkt).unwrap();
    let image_addr = mem.alloc(img.bytes.len().max(16) as u64).unwrap();
    mem.write(image_addr, &img.bytes).unwrap();
    let prog = program(&k, e);
    let cfg = LaunchConfig {
        grid,
        block,
        dyn_shared: dyn_lds,
        params: abi::param_block(ka, pa, 0, 0, image_addr),
        timeout: Some(std::time::Duration::from_secs(60)),
        threads: spec["host_threads"].as_u64().unwrap_or(2) as usize,
        ..Default::default()
    };
    launch(&k, prog.as_ref(), &mem, &cfg).map_err(|e| format!("launch: {e}"))?;
    Ok(Outcome {
        outputs: outs
            .into_iter()
            .map(|(i, n, c, addr, len, p)| (i, n, c, mem.read_vec(addr, len).unwrap(), p))
            .collect(),
    })
}

fn sorted_elems(b: &[u8], size: usize) -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = b.chunks(size).map(|c| c.to_vec()).collect();
    v.sort();
    v
}

/// Runs one launch spec on both engines; `Ok(unchecked outputs)` when every
/// exact / multiset output equals the oracle.
fn check(spec_path: &Path) -> Result<Vec<String>, String> {
    let spec: Value = serde_json::from_str(&std::fs::read_to_string(spec_path).unwrap()).unwrap();
    let mut unchecked = Vec::new();
    for e in [Engine::Interp, Engine::Jit] {
        let o = run_spec(spec_path, e)?;
        for (i, name, cmp, got, exp) in o.outputs {
            let Some(exp) = exp else {
                unchecked.push(format!("{name}: no oracle"));
                continue;
            };
            let want = std::fs::read(&exp).map_err(|e| format!("{}: {e}", exp.display()))?;
            let elem = spec["args"][i]["elem"].as_str().unwrap_or("u8");
            let ok = match cmp.as_str() {
                "exact" => got == want,
                "multiset" => {
                    sorted_elems(&got, elem_size(elem)) == sorted_elems(&want, elem_size(elem))
                }
                other => {
                    if e == Engine::Interp {
                        unchecked.push(format!("{name}: {other}"));
                    }
                    continue;
                }
            };
            if !ok {
                let first = got
                    .iter()
                    .zip(&want)
                    .position(|(a, b)| a != b)
                    .unwrap_or(got.len().min(want.len()));
                return Err(format!(
                    "{e:?}: output `{name}` differs from {} (first difference at byte {first}: got {:02x?} want {:02x?})",
                    exp.display(),
                    &got[first..(first + 8).min(got.len())],
                    &want[first..(first + 8).min(want.len())]
                ));
            }
        }
    }
    Ok(unchecked)
}

#[test]
fn corpus_code_objects_run() {
    let mut specs: Vec<PathBuf> = std::fs::read_dir(corpus().join("kernels"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".launch.json"))
        .collect();
    specs.sort();
    let mut problems = Vec::new();
    let mut exact = 0;
    for p in &specs {
        let name = p
            .file_name()
            .unwrap()
            .to_string_lossy()
            .replace(".launch.json", "");
        match check(p) {
            Ok(u) => {
                exact += 1;
                eprintln!("PASS {name} {}", u.join(", "));
            }
            Err(e) => problems.push(format!("{name}: {e}")),
        }
    }
    eprintln!(
        "{} code objects: {exact} match the oracle on both engines",
        specs.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
