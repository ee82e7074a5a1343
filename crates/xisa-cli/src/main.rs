//! `xisa`: the command line. A thin layer over the `xisa` library.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Parser, Subcommand};
use xisa::{ArgSpec, Device, Engine, Isa, LaunchOptions, RunReport};

#[derive(Parser)]
#[command(
    name = "xisa",
    version,
    about = "Run GPU machine code on an ordinary CPU",
    long_about = "xisa decodes GPU machine code (NVIDIA sm_75 SASS, AMD gfx942/CDNA 5, the lsu \
group), lifts every instruction to one memory/atomic IR and runs it on the host, through a \
Cranelift JIT or a reference interpreter. GPU atomics map to host atomics by scope.\n\n\
Modules: sm_75 cubins (ptxas output), gfx942 HSA code objects (code object v4-v6), CDNA 5 \
VGLOBAL and lsu fragments, and xisa's own IR text; the kind is detected from the file \
(`--isa` overrides; `xisa isas` lists the ISAs).\n\n\
Start with `xisa run` (no arguments): it runs a bundled histogram kernel and checks it.",
    after_help = "Examples (from the repository root: every file named is shipped):\n  \
xisa run\n  \
xisa run tests/kernels/grid_stride.xir --grid 3 --block 64 --arg u32:2000 --arg f32:2.5 \\\n      \
--arg zeros:8192 --arg zeros:8192 --arg zeros:8192 --dump 4=z.bin\n  \
xisa run tests/sm75/out/hist_shared.cubin --grid 2 --block 128 \\\n      \
--arg zeros:256 --arg zeros:256 --arg i32:256 --dump 1=bins.bin\n  \
xisa run tests/gfx942/out/hist_shared.co --grid 2 --block 128 \\\n      \
--arg zeros:256 --arg zeros:256 --arg i32:256 --dump 1=bins.bin\n  \
xisa run tests/hip/out/byvalue.co --kernel axpy3 --block 64 \\\n      \
--arg struct:f32:2,f32:0.5,f32:1 --arg zeros:256 --arg zeros:256 --dump 2=y.bin\n  \
xisa disasm tests/gfx942/out/hist_shared.co\n  \
xisa lift tests/sm75/out/hist_shared.cubin\n  \
printf 'v_add_f32 v1, v2, v3\\ns_endpgm\\n' > k.s && xisa asm --isa gfx942 k.s -o k.bin\n  \
xisa disasm tests/sm75/out/hist_shared.cubin > k.sass && xisa asm --isa sm75 k.sass -o k.bin\n  \
printf 'atom.global.add.u32 v4, v[8:9], 16, scope:wg\\n' > a.s && xisa port a.s --from lsu --to cdna5\n  \
xisa exec FRAGMENT --state STATE.json --out final.json   (the state format: docs/cli.md)"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Launch a kernel over a grid (no arguments: run the bundled example).
    Run(RunArgs),
    /// Run a code fragment on one or more waves from an explicit state file.
    Exec(ExecArgs),
    /// Print a module's instructions in the ISA's customary syntax.
    Disasm(DisasmArgs),
    /// Assemble an ISA's text into its binary form.
    Asm(AsmArgs),
    /// Print a module's kernels as xisa IR.
    Lift(LiftArgs),
    /// Port memory and atomic instructions to another ISA, with a verdict
    /// per instruction (docs/porting.md).
    Port(PortArgs),
    /// List the instruction sets this build runs: names, aliases, wave size,
    /// how modules are recognised, whether `xisa asm` assembles them, what
    /// `xisa port` writes in them.
    Isas,
    /// Benchmark translated atomics and kernels against native Rust (docs/benchmarks.md).
    #[command(subcommand)]
    Bench(BenchCmd),
}

#[derive(Subcommand)]
enum BenchCmd {
    /// Atomic ops x scope x space x access pattern x host threads: translated kernels
    /// against std::sync::atomic baselines in the same run.
    Atomics(BenchAtomicsArgs),
    /// Corpus kernels (histogram, reduction, compaction, saxpy, scan, CAS-loop float
    /// add), each as an IR kernel and as its OpenCL C twin compiled for sm_75 and
    /// gfx942, against rayon equivalents and POCL; outputs compared.
    Kernels(BenchKernelsArgs),
    /// What a launch costs beyond its work: the cold JIT of each kernel build's
    /// first launch (lift + compile on a fresh device) and cached relaunches of
    /// one workgroup.
    Launch(BenchLaunchArgs),
    /// What a user waits for: the wall time of a whole `xisa run` process per
    /// kernel build (load, lift, compile, launch, outputs written to files)
    /// against a whole POCL host program running the OpenCL C twin; outputs
    /// compared.
    Process(BenchProcessArgs),
}

#[derive(Args)]
struct BenchProcessArgs {
    #[command(flatten)]
    select: SelectArgs,
    /// Host threads of both sides (default: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Elements per kernel.
    #[arg(long, default_value_t = 1 << 22)]
    elements: u32,
    /// Measured runs of each side per kernel build (after one unmeasured).
    #[arg(long, default_value_t = 5)]
    reps: u32,
}

/// Which bench kernels and builds run.
#[derive(Args)]
struct SelectArgs {
    /// Only these kernels (comma-separated).
    #[arg(long)]
    only: Option<String>,
    /// Only these builds (comma-separated): ir (the IR kernel), sm75 (the
    /// OpenCL twin's cubin), gfx942 (its code object). Default: all three.
    #[arg(long)]
    builds: Option<String>,
}

#[derive(Args)]
struct BenchLaunchArgs {
    #[command(flatten)]
    select: SelectArgs,
    /// Cached relaunches measured per kernel build.
    #[arg(long, default_value_t = 200)]
    reps: u32,
    /// Instead: lift and compile every kernel of this module (cubin, code
    /// object, IR text) on its own and print each one's cold JIT.
    #[arg(long, value_name = "FILE")]
    module: Option<PathBuf>,
}

#[derive(Args)]
struct BenchAtomicsArgs {
    /// ISA the benchmark kernels are written in: ir, lsu, cdna5, gfx942 or sm75 (`xisa isas` lists every ISA).
    #[arg(long, default_value = "ir")]
    isa: String,
    /// Operations: OP.TYPE or OP, comma-separated (add.b32,fadd,...), or all / quick.
    #[arg(long)]
    ops: Option<String>,
    /// Scopes: wave,workgroup,device,system (default all).
    #[arg(long)]
    scopes: Option<String>,
    /// Spaces: global,shared (default both).
    #[arg(long)]
    spaces: Option<String>,
    /// Access patterns: distinct,hot,hot4,falseshare (default all).
    #[arg(long)]
    patterns: Option<String>,
    /// Host threads (default: 1 and one per core; --quick: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// A short run: fewer ops, less work, fewer repetitions.
    #[arg(long)]
    quick: bool,
    /// Measured repetitions per cell.
    #[arg(long)]
    reps: Option<u32>,
    /// Atomics per lane.
    #[arg(long)]
    per_lane: Option<u32>,
    /// Write the results as CSV.
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
    /// Write an SVG chart of the ratio per op and scope.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Print the generated kernel of the first cell and stop.
    #[arg(long)]
    show_kernel: bool,
}

#[derive(Args)]
struct BenchKernelsArgs {
    #[command(flatten)]
    select: SelectArgs,
    /// Host threads (default: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// A short run: fewer elements and repetitions.
    #[arg(long)]
    quick: bool,
    /// Elements per kernel.
    #[arg(long)]
    elements: Option<u32>,
    /// Measured repetitions.
    #[arg(long)]
    reps: Option<u32>,
    /// Write the results as CSV.
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
    /// The translated side's engine: jit (lane or wave mode per kernel, as
    /// `xisa run` picks), jit-wave (wave mode where a kernel allows it) or
    /// jit-lane (lane mode)
    #[arg(long, default_value = "jit", value_parser = ["jit", "jit-wave", "jit-lane"])]
    engine: String,
}

#[derive(Args)]
struct RunArgs {
    /// The module: IR text (detected from its contents; see --isa).
    module: Option<PathBuf>,
    /// Kernel to launch (default: the module's only kernel).
    #[arg(long)]
    kernel: Option<String>,
    /// Grid size in workgroups: X[,Y[,Z]].
    #[arg(long, default_value = "1", value_parser = parse_dims)]
    grid: [u32; 3],
    /// Workgroup size in lanes: X[,Y[,Z]].
    #[arg(long, default_value = "1", value_parser = parse_dims)]
    block: [u32; 3],
    /// Dynamic shared memory per workgroup, in bytes.
    #[arg(long, default_value_t = 0)]
    shared: u32,
    /// A kernel argument, in order: u32:N i32:N u64:N i64:N f32:X f64:X buf:PATH
    /// (device buffer filled from a file; the kernel gets its address) zeros:BYTES
    /// (zero-filled buffer) local:BYTES (OpenCL __local pointer: dynamic shared memory)
    /// surf:1d:W:SRC surf:2d:WxH:SRC surf:3d:WxHxD:SRC (a surface W bytes wide, H rows,
    /// D slices, filled from file SRC of exactly W*H*D bytes or `zero`; the kernel gets
    /// its 64-bit handle, the address of its 32-byte descriptor) struct:T:V,T:V,...
    /// (a struct by value, e.g. a float3: struct:f32:1,f32:2,f32:3; fields u8 i8 u16
    /// i16 u32 i32 u64 i64 f32 f64 laid out as C does).
    #[arg(long = "arg", value_name = "SPEC")]
    args: Vec<String>,
    /// After the launch, write buffer argument I (0-based) to PATH (a surface: its data).
    #[arg(long = "dump", value_name = "I=PATH")]
    dumps: Vec<String>,
    /// Before the launch, fill the module's global NAME (a `__device__` or
    /// `__constant__` variable; a gfx942 program-scope variable) from PATH,
    /// which must have exactly the variable's size.
    #[arg(long = "set-global", value_name = "NAME=PATH")]
    set_globals: Vec<String>,
    /// After the launch, write the module's global NAME to PATH.
    #[arg(long = "dump-global", value_name = "NAME=PATH")]
    dump_globals: Vec<String>,
    /// Execution engine: jit (Cranelift code: a workgroup's lanes one after
    /// another between sync points, or, for machine code with warp
    /// operations in a loop, a wave's lanes together), interp (the reference interpreter),
    /// jit-wave (a wave's lanes together wherever the kernel allows it,
    /// computing values the same in every lane once) or jit-lane (lanes one
    /// after another); see docs/architecture.md
    #[arg(long, default_value = "jit", value_parser = ["jit", "interp", "jit-wave", "jit-lane"])]
    engine: String,
    /// Stop the kernel after S seconds (watchdog; 0.01 to 1000000).
    #[arg(long, value_name = "S")]
    timeout: Option<f64>,
    /// Print what happened: instructions, atomics by op and scope, JIT time, cache hits.
    #[arg(long)]
    stats: bool,
    /// The module's ISA, overriding detection (`xisa isas` lists them).
    #[arg(long)]
    isa: Option<String>,
    /// Host worker threads (default: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Bytes of the device heap that device `malloc` draws on (CUDA's
    /// cudaLimitMallocHeapSize; default 8 MiB, 256 MiB for HIP code objects)
    #[arg(long, value_name = "BYTES")]
    heap_size: Option<u64>,
    /// Bytes of stack (local memory) each lane gets at least, for recursion
    /// deeper than the default allows (CUDA's cudaLimitStackSize, HIP's
    /// hipLimitStackSize; default: the kernel's own size, at least 1 KiB for
    /// kernels with calls; at most 1 MiB)
    #[arg(long, value_name = "BYTES")]
    stack_size: Option<u32>,
}

#[derive(Args)]
struct ExecArgs {
    /// The fragment: IR text, or (with --isa) a machine ISA's assembly text or
    /// instruction words (gfx942, cdna5, lsu); a gfx942 code object also works.
    program: PathBuf,
    /// The initial state (JSON: isa, lanes, waves, exec, regs, memory, read_back; see docs/cli.md).
    #[arg(long)]
    state: PathBuf,
    /// Write the final state here (default: standard output).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Execution engine.
    #[arg(long, default_value = "jit", value_parser = ["jit", "interp"])]
    engine: String,
    /// The program's ISA, overriding detection.
    #[arg(long)]
    isa: Option<String>,
    /// Stop after S seconds (0.01 to 1000000).
    #[arg(long, value_name = "S")]
    timeout: Option<f64>,
}

#[derive(Args)]
struct DisasmArgs {
    /// The module or raw instruction file.
    file: PathBuf,
    /// ISA (default: detected).
    #[arg(long)]
    isa: Option<String>,
    /// The file holds bare instruction words, not a container.
    #[arg(long)]
    raw: bool,
    /// sm75: read the encoding tables from this directory instead of the built-in
    /// ones (try edited translation rules without rebuilding).
    #[arg(long, value_name = "DIR")]
    rules: Option<PathBuf>,
    /// sm75: print each instruction's 128-bit encoding beside it as `nvdisasm -hex`
    /// does (two 64-bit halves, low first); `xisa asm --isa sm75` then keeps the
    /// scheduling control and every bit the text does not show.
    #[arg(long)]
    hex: bool,
}

#[derive(Args)]
#[command(
    long_about = "Assemble an ISA's text into its binary form. gfx942: LLVM syntax (labels, \
comments after ; or //) into instruction words. sm75: nvdisasm syntax, one instruction per line \
(a listing `xisa disasm` prints reads back: /*0120*/ addresses and .section lines are taken, \
branch targets are absolute addresses or `(label) references to label: lines), into bare \
16-byte words that `xisa disasm --isa sm75 --raw` lists; the scheduling control is stall 1 with \
the yield bit unless the text names .reuse flags, and a `xisa disasm --hex` (or nvdisasm -hex) \
listing's encodings give every bit the text leaves open. lsu: 96-bit words. cdna5: VGLOBAL words. ir: \
checks and canonicalizes IR text. Every encoding is decoded and printed again and must give \
the line back, so a line the tables cannot write is an error naming it."
)]
struct AsmArgs {
    /// The assembly text.
    file: PathBuf,
    /// ISA of the text.
    #[arg(long)]
    isa: String,
    /// Output file.
    #[arg(short, long)]
    out: PathBuf,
}

#[derive(Args)]
#[command(
    long_about = "Port memory, atomic and fence instructions to another ISA. Each \
instruction of INPUT (instruction words, or assembly text; or a module, a cubin or code \
object, kernel by kernel) is lifted to the IR on its own and written back as the target \
ISA's instruction, on the same registers where the target's operand layout allows it. Each \
gets a verdict: exact; strengthened (a wider scope or stronger order, always safe); \
expanded (several target instructions); impossible (the target cannot do it: the reason); \
not yet (xisa does not port it yet: the reason); outside (no memory access). The ported \
program is printed in the target's syntax; instructions not ported stay in it as \
comments.\n\n\
Today: atomics between lsu, cdna5 and gfx942; loads, stores and fences between lsu and \
gfx942 (`xisa isas` says what each ISA writes; `--matrix` gives every IR memory \
operation's verdict per target; docs/porting.md).",
    after_help = "Examples:\n  \
printf 'atom.global.add.u32 v4, v[8:9], 16, scope:wg\\n' > a.s\n  \
xisa port a.s --from lsu --to cdna5 -o a.cdna5 --report a.md\n  \
xisa port tests/sm75/out/compact.cubin --from sm75 --to gfx942\n  \
xisa port --matrix"
)]
struct PortArgs {
    /// The program (instruction words or assembly text), or a module (a
    /// cubin, a code object: every kernel's instructions).
    #[arg(required_unless_present = "matrix")]
    input: Option<PathBuf>,
    /// ISA of the input.
    #[arg(long, required_unless_present = "matrix")]
    from: Option<String>,
    /// ISA to port to.
    #[arg(long, required_unless_present = "matrix")]
    to: Option<String>,
    /// In a module (a cubin, a code object): only this kernel.
    #[arg(long)]
    kernel: Option<String>,
    /// Write the ported instructions, assembled, to FILE.
    #[arg(short, long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Write the per-instruction report (Markdown) to FILE.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    /// Exit with status 2 when some memory, atomic or fence instruction
    /// could not be ported (impossible in the target, or not yet written by
    /// xisa); strengthened and expanded ports are faithful and pass.
    #[arg(long)]
    strict: bool,
    /// Print the coverage matrix (IR atomic x target ISA) as Markdown.
    #[arg(long, conflicts_with_all = ["input", "from", "to", "kernel", "out", "report", "strict"])]
    matrix: bool,
    /// With --matrix: also write it as CSV to FILE.
    #[arg(long, value_name = "FILE", requires = "matrix")]
    csv: Option<PathBuf>,
}

#[derive(Args)]
struct LiftArgs {
    /// The module.
    file: PathBuf,
    /// Only this kernel.
    #[arg(long)]
    kernel: Option<String>,
    /// The module's ISA, overriding detection.
    #[arg(long)]
    isa: Option<String>,
    /// Print the kernel as `xisa exec` runs it: every machine register keeps
    /// its final value (by default, as launches run it: values only a
    /// lane's exit would read are gone).
    #[arg(long)]
    exec: bool,
}

fn parse_dims(s: &str) -> Result<[u32; 3], String> {
    let parts: Vec<&str> = s.split(',').collect();
    if parts.is_empty() || parts.len() > 3 {
        return Err(format!("{s:?}: expected X[,Y[,Z]]"));
    }
    let mut d = [1u32; 3];
    for (i, p) in parts.iter().enumerate() {
        d[i] = p
            .trim()
            .parse::<u32>()
            .map_err(|_| format!("{p:?} is not a positive integer"))?;
        if d[i] == 0 {
            return Err(format!("{s:?}: every dimension must be at least 1"));
        }
    }
    Ok(d)
}

/// An error `main` exits with status 2 for (docs/cli.md), 1 for the
/// others: a command-line usage error (a malformed or out-of-range option
/// value), or `xisa port --strict` finding instructions it could not port.
#[derive(Debug)]
struct ExitTwo(String);

impl std::fmt::Display for ExitTwo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ExitTwo {}

/// A usage error with message `msg`.
fn usage(msg: impl Into<String>) -> anyhow::Error {
    ExitTwo(msg.into()).into()
}

fn isa_opt(s: &Option<String>) -> Result<Option<Isa>> {
    s.as_deref()
        .map(|v| v.parse::<Isa>())
        .transpose()
        .map_err(|e| usage(format!("--isa: {e}")))
}

/// Checks an output path (`opt` names the option, for messages) and returns
/// its directory and file name: an empty path or one without a file name
/// is a usage error; a directory, or a directory that does not exist, is
/// refused. `xisa run` calls it before the launch (which may be long) for
/// every output, and [`write_atomic`] before writing.
fn output_parts<'p>(opt: &str, path: &'p Path) -> Result<(&'p Path, &'p std::ffi::OsStr)> {
    let name = path.file_name().ok_or_else(|| {
        usage(format!(
            "{opt}: {:?} is not a file name",
            path.display().to_string()
        ))
    })?;
    // rename() would replace an empty directory and fail on a full one, each
    // after the data is written; refuse both up front.
    if path.is_dir() {
        bail!("{}: is a directory", path.display());
    }
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if !dir.is_dir() {
        bail!(
            "{}: the directory {} does not exist",
            path.display(),
            dir.display()
        );
    }
    Ok((dir, name))
}

/// Shortest `--timeout`: 10 ms; shorter ones stop kernels before their
/// worker threads start (the watchdog counts from the launch).
const MIN_TIMEOUT_S: f64 = 0.01;
/// Longest `--timeout`: a million seconds (11.6 days); for no watchdog, leave
/// the option out.
const MAX_TIMEOUT_S: f64 = 1e6;

fn timeout(s: Option<f64>) -> Result<Option<Duration>> {
    match s {
        None => Ok(None),
        // The range check also refuses NaN and the infinities, so the
        // conversion cannot fail; the error arm is for safety, not expected.
        Some(t) if (MIN_TIMEOUT_S..=MAX_TIMEOUT_S).contains(&t) => Duration::try_from_secs_f64(t)
            .map(Some)
            .map_err(|e| usage(format!("--timeout {t:?}: {e}"))),
        Some(t) => Err(usage(format!(
            "--timeout {t:?}: must be between {MIN_TIMEOUT_S} and {MAX_TIMEOUT_S} seconds \
             (leave it out for no watchdog)"
        ))),
    }
}

/// Reads a whole input file (module, state, assembly): a regular file of at
/// most `xisa::limits::MAX_INPUT_BYTES`.
fn read_input(path: &Path) -> Result<Vec<u8>> {
    Ok(xisa::limits::read_input(
        path,
        xisa::limits::MAX_INPUT_BYTES,
        "the input size limit",
    )?)
}

/// Reads a whole input file as UTF-8 text.
fn read_input_text(path: &Path) -> Result<String> {
    String::from_utf8(read_input(path)?).map_err(|e| {
        anyhow!(
            "{}: not UTF-8 text at byte {}",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })
}

/// Writes a file whole or not at all: a temporary file of a name unique to
/// this process and write (so that concurrent runs writing the same path do
/// not collide), in the target's directory, renamed into place. On any error
/// the temporary file is removed and the target left as it was.
fn write_atomic(path: &Path, data: &[u8]) -> Result<()> {
    let (dir, name) = output_parts("output", path)?;
    let prefix = format!(".{}.", name.to_string_lossy());
    let mut b = tempfile::Builder::new();
    b.prefix(&prefix).suffix(".xisa-tmp");
    // The output gets the permissions of an ordinary new file (0666 less the
    // umask), not the temporary file's private 0600.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        b.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = b
        .tempfile_in(dir)
        .with_context(|| format!("{}: cannot create a temporary file", path.display()))?;
    tmp.write_all(data)
        .with_context(|| format!("{}: writing", path.display()))?;
    tmp.persist(path)
        .map_err(|e| anyhow!("{}: {}", path.display(), e.error))?;
    Ok(())
}

fn print_stats(r: &RunReport, compiles: u64, hits: u64) {
    let s = &r.stats;
    println!(
        "kernel {}: {} workgroups on {} host threads, engine {}",
        r.kernel, s.workgroups, s.threads, r.engine
    );
    println!("  guest instructions executed: {}", s.insts);
    let mut atoms = Vec::new();
    for (oi, row) in s.atomics.iter().enumerate() {
        for (si, &n) in row.iter().enumerate() {
            if n > 0 {
                atoms.push(format!(
                    "{}.{} {}",
                    xisa::ir::AtomOp::ALL[oi].name(),
                    xisa::ir::Scope::ALL[si].name(),
                    n
                ));
            }
        }
    }
    if atoms.is_empty() {
        println!("  atomics: none");
    } else {
        println!("  atomics (op.scope count): {}", atoms.join(", "));
    }
    println!(
        "  compile: {:.3} ms ({}), compilations {compiles}, cache hits {hits}",
        r.compile_time.as_secs_f64() * 1e3,
        if r.cache_hit { "cache hit" } else { "compiled" }
    );
    println!("  run time: {:.3} ms", s.wall.as_secs_f64() * 1e3);
}

fn cmd_run(a: RunArgs) -> Result<()> {
    let engine: Engine = a.engine.parse()?;
    let Some(path) = a.module else {
        if a.kernel.is_some()
            || !a.args.is_empty()
            || !a.dumps.is_empty()
            || !a.set_globals.is_empty()
            || !a.dump_globals.is_empty()
            || a.heap_size.is_some()
            || a.stack_size.is_some()
            // The example has its own geometry: a launch option given for
            // it would be ignored, which says the module was forgotten.
            || a.grid != [1, 1, 1]
            || a.block != [1, 1, 1]
            || a.shared != 0
            || a.timeout.is_some()
            || a.isa.is_some()
        {
            return Err(usage(
                "MODULE is missing (run without arguments only for the bundled example)",
            ));
        }
        println!("xisa run: no module given, running the bundled example (a byte histogram).");
        let rep = xisa::example::run(engine, true)?;
        println!(
            "histogram of {} pseudo-random bytes: 64 workgroups x 256 lanes, shared-memory \
             atomics (workgroup scope), global atomics (device scope), barriers, shfl reduction",
            rep.bytes
        );
        println!(
            "  most frequent byte {:#04x} seen {} times; checksum {}",
            rep.top.0, rep.top.1, rep.checksum
        );
        // The example runs on its own fresh device: one launch, so its one
        // cache lookup is either the compilation or a hit.
        let hit = rep.run.cache_hit as u64;
        print_stats(&rep.run, 1 - hit, hit);
        println!(
            "  histogram matches the host computation: {}; checksum matches: {}",
            yes(rep.histogram_ok),
            yes(rep.checksum_ok)
        );
        if !(rep.histogram_ok && rep.checksum_ok) {
            bail!("the bundled example produced a wrong result");
        }
        return Ok(());
    };
    let module = xisa::Module::from_file(&path, isa_opt(&a.isa)?)?;
    let kernel = module.pick_kernel(a.kernel.as_deref())?.name.clone();
    let args = a
        .args
        .iter()
        .map(|s| s.parse::<ArgSpec>().map_err(|e| usage(e.to_string())))
        .collect::<Result<Vec<_>, _>>()?;
    let mut dumps = Vec::new();
    for d in &a.dumps {
        let (i, p) = d
            .split_once('=')
            .ok_or_else(|| usage(format!("--dump {d:?}: expected I=PATH")))?;
        let i: usize = i
            .trim()
            .parse()
            .map_err(|_| usage(format!("--dump {d:?}: {i:?} is not an argument index")))?;
        match args.get(i) {
            Some(ArgSpec::Buf(_) | ArgSpec::Zeros(_) | ArgSpec::Bytes(_) | ArgSpec::Surface(_)) => {
            }
            Some(other) => {
                return Err(usage(format!(
                    "--dump {d:?}: argument {i} ({}) is not a buffer",
                    other.describe()
                )))
            }
            None => {
                return Err(usage(format!(
                    "--dump {d:?}: there are only {} arguments",
                    args.len()
                )))
            }
        }
        let p = PathBuf::from(p);
        // Refused before the launch, which may be long.
        output_parts("--dump", &p)?;
        dumps.push((i, p));
    }
    let dev = Device::new()?;
    if let Some(n) = a.heap_size {
        dev.set_heap_size(n).context("--heap-size")?;
    }
    let name_path = |opt: &str, s: &str| -> Result<(String, PathBuf)> {
        let (n, p) = s
            .split_once('=')
            .filter(|(n, p)| !n.is_empty() && !p.is_empty())
            .ok_or_else(|| usage(format!("{opt} {s:?}: expected NAME=PATH")))?;
        Ok((n.to_string(), PathBuf::from(p)))
    };
    for s in &a.set_globals {
        let (n, p) = name_path("--set-global", s)?;
        let g = dev.global(&module, &n)?;
        let what = format!("global {n}'s size");
        let data = xisa::limits::read_input(&p, g.size, &what)
            .map_err(|e| anyhow!("--set-global {n}: {e}"))?;
        dev.write_global(&module, &n, &data)
            .map_err(|e| anyhow!("--set-global {n}: {}: {e}", p.display()))?;
    }
    let mut global_dumps = Vec::new();
    for s in &a.dump_globals {
        let (n, p) = name_path("--dump-global", s)?;
        // Unknown names and directories are refused before the launch.
        dev.global(&module, &n)?;
        output_parts("--dump-global", &p)?;
        global_dumps.push((n, p));
    }
    let opts = LaunchOptions {
        grid: a.grid,
        block: a.block,
        shared: a.shared,
        engine,
        timeout: timeout(a.timeout)?,
        threads: a.threads,
        stats: a.stats,
        stack: a.stack_size,
    };
    let rep = match dev.launch(&module, &kernel, &opts, &args) {
        Ok(r) => r,
        Err(e) => {
            // What the kernel printed before it failed comes first, as a
            // GPU's would at the synchronisation that reports the error.
            let (text, dropped) = dev.take_output();
            print_guest_output(&text, dropped);
            return Err(e.into());
        }
    };
    print_guest_output(&rep.stats.output, rep.stats.output_dropped);
    for o in &rep.overruns {
        eprintln!(
            "warning: kernel {} wrote past the end of buffer argument {}: {} non-zero byte(s) \
             from +{} (address {:#x}); on a GPU this may go unnoticed, but that memory \
             belongs to no buffer",
            rep.kernel, o.arg, o.bytes, o.past_end, o.addr
        );
    }
    // Everything is read back before any file is written, so that a read
    // error leaves every dump file as it was.
    let mut outputs = Vec::with_capacity(dumps.len() + global_dumps.len());
    for (i, p) in &dumps {
        let b = rep.buffers[*i].ok_or_else(|| anyhow!("argument {i} has no buffer"))?;
        outputs.push((p, dev.read(b.addr, b.len as usize)?));
    }
    for (n, p) in &global_dumps {
        outputs.push((p, dev.read_global(&module, n)?));
    }
    for (p, data) in outputs {
        write_atomic(p, &data)?;
    }
    if a.stats {
        print_stats(&rep, dev.compiles(), dev.cache_hits());
    } else {
        println!(
            "kernel {} ran: {} workgroups, {:.3} ms",
            rep.kernel,
            rep.stats.workgroups,
            rep.stats.wall.as_secs_f64() * 1e3
        );
    }
    Ok(())
}

/// Writes what the guest printed (`printf`) to stdout, as the CUDA driver
/// does, and says on stderr how much was dropped past the output limit.
fn print_guest_output(text: &[u8], dropped: u64) {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    // A closed stdout loses the guest's text, as it would lose ours.
    let _ = out.write_all(text).and_then(|()| out.flush());
    if dropped > 0 {
        eprintln!(
            "xisa: {dropped} bytes of guest printf output dropped past the {} MiB limit",
            xisa::runtime::host::OUTPUT_LIMIT >> 20
        );
    }
}

fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "NO"
    }
}

fn cmd_exec(a: ExecArgs) -> Result<()> {
    let module = xisa::Module::from_file(&a.program, isa_opt(&a.isa)?)?;
    let text = read_input_text(&a.state)?;
    let state: xisa::exec::State = serde_json::from_str(&text).map_err(|e| {
        anyhow!(
            "{}: line {}, column {}: {e}",
            a.state.display(),
            e.line(),
            e.column()
        )
    })?;
    let dev = Device::new()?;
    let fin = xisa::exec::exec(
        &dev,
        &module,
        &state,
        a.engine.parse()?,
        timeout(a.timeout)?,
    )?;
    let json = serde_json::to_string_pretty(&fin)? + "\n";
    match a.out {
        Some(p) => write_atomic(&p, json.as_bytes())?,
        None => std::io::stdout().write_all(json.as_bytes())?,
    }
    Ok(())
}

fn cmd_disasm(a: DisasmArgs) -> Result<()> {
    let isa = isa_opt(&a.isa)?;
    if a.raw && isa.is_none() {
        bail!("--raw needs --isa: bare instruction words do not say their ISA");
    }
    let bytes = read_input(&a.file)?;
    let origin = a.file.display().to_string();
    let isa = match isa {
        Some(i) => i,
        None => xisa::detect_isa(&bytes)?,
    };
    let opts = xisa_frontend::DisasmOptions {
        raw: a.raw,
        rules_dir: a.rules.clone(),
        hex: a.hex,
    };
    let text = isa
        .frontend()
        .disassemble(&bytes, &opts)
        .map_err(|e| anyhow!("{origin}: {isa}: {e}"))?;
    print!("{text}");
    Ok(())
}

fn cmd_asm(a: AsmArgs) -> Result<()> {
    let isa: Isa = a.isa.parse()?;
    let text = read_input_text(&a.file)?;
    let origin = a.file.display().to_string();
    let out = isa
        .frontend()
        .assemble(&text)
        .map_err(|e| anyhow!("{origin}: {e}"))?;
    write_atomic(&a.out, &out)
}

fn cmd_port(a: PortArgs) -> Result<()> {
    if a.matrix {
        print!("{}", xisa_port::matrix_markdown());
        if let Some(csv) = &a.csv {
            write_atomic(csv, xisa_port::matrix_csv().as_bytes())?;
        }
        return Ok(());
    }
    let (Some(input), Some(from), Some(to)) = (&a.input, &a.from, &a.to) else {
        return Err(usage(
            "xisa port needs INPUT, --from and --to (or --matrix)",
        ));
    };
    let from: Isa = from.parse()?;
    let to: Isa = to.parse()?;
    let program = read_input(input)?;
    let ported = xisa_port::port(&program, from, to, a.kernel.as_deref())
        .with_context(|| format!("{}", input.display()))?;
    print!("{}", xisa_port::listing(&ported, "//"));
    if let Some(path) = &a.report {
        write_atomic(path, xisa_port::report(&ported, from, to).as_bytes())?;
    }
    if let Some(path) = &a.out {
        let text: String = ported
            .iter()
            .flat_map(|p| &p.target)
            .map(|t| format!("{t}\n"))
            .collect();
        let bytes = to
            .frontend()
            .assemble(&text)
            .map_err(|e| anyhow!("assembling the ported {to} program: {e}"))?;
        write_atomic(path, &bytes)?;
    }
    let unported: Vec<&xisa_port::Ported> = ported
        .iter()
        .filter(|p| {
            matches!(
                p.verdict,
                xisa_port::Verdict::Impossible(_) | xisa_port::Verdict::NotYet(_)
            )
        })
        .collect();
    if a.strict && !unported.is_empty() {
        let first = unported[0];
        return Err(ExitTwo(format!(
            "--strict: {} of {} instructions could not be ported (first: [{}] {}: {})",
            unported.len(),
            ported.len(),
            first.location,
            first.source,
            first.verdict
        ))
        .into());
    }
    Ok(())
}

fn cmd_isas() -> Result<()> {
    println!(
        "{:<8} {:<14} {:>4} {:<28} {:<9} {:<28} summary",
        "isa", "aliases", "wave", "recognised by", "assembler", "port writes"
    );
    for isa in Isa::all() {
        let info = isa.info();
        let f = isa.frontend();
        let detected = info.detection.unwrap_or("--isa only");
        let asm = match f.assemble("") {
            Err(xisa_frontend::FrontendError::NoAssembler { .. }) => "no",
            _ => "yes",
        };
        let writes = xisa_port::writes(isa);
        println!(
            "{:<8} {:<14} {:>4} {:<28} {:<9} {:<28} {}",
            info.name,
            if info.aliases.is_empty() {
                "-".to_string()
            } else {
                info.aliases.join(",")
            },
            info.wave_size,
            detected,
            asm,
            if writes.is_empty() {
                "-".to_string()
            } else {
                writes.join(",")
            },
            info.summary
        );
    }
    Ok(())
}

fn cmd_lift(a: LiftArgs) -> Result<()> {
    let module = xisa::Module::from_file(&a.file, isa_opt(&a.isa)?)?;
    match a.kernel {
        Some(k) if a.exec => print!(
            "{}",
            xisa::ir::text::print_kernel(module.pick_kernel(Some(&k))?)
        ),
        Some(k) => print!("{}", xisa::ir::text::print_kernel(module.kernel(&k)?)),
        None => {
            let at_exit = if a.exec {
                xisa::ir::simplify::AtExit::MachineRegisters
            } else {
                xisa::ir::simplify::AtExit::Nothing
            };
            let (lifted, failed) = module.lift_all_for(at_exit);
            print!("{}", xisa::ir::text::print_module(&lifted));
            // Kernels that could not be lifted are reported one per line
            // (the others were printed); the status says some failed.
            for why in &failed {
                eprintln!("error: {why}");
            }
            if !failed.is_empty() {
                anyhow::bail!(
                    "{} of {} kernels could not be lifted",
                    failed.len(),
                    failed.len() + lifted.kernels.len()
                );
            }
        }
    }
    Ok(())
}

fn progress(done: usize, total: usize, what: &str, t0: std::time::Instant) {
    let width = 30;
    let filled = (done * width).checked_div(total).unwrap_or(width);
    eprint!(
        "\r[{}{}] {done:>4}/{total} {:>5.1}s {:<48}",
        "#".repeat(filled),
        ".".repeat(width - filled),
        t0.elapsed().as_secs_f64(),
        what.chars().take(48).collect::<String>()
    );
    if done == total {
        eprintln!();
    }
}

fn cmd_bench(c: BenchCmd) -> Result<()> {
    use xisa_bench::matrix::{parse_list, parse_ops};
    use xisa_bench::{report, AtomicsConfig, BenchIsa, Pattern, Scope, Space};
    if !xisa_bench::OPTIMIZED {
        eprintln!(
            "warning: this xisa was built without optimizations: the native baselines are not \
             representative (build with --release)"
        );
    }
    match c {
        BenchCmd::Atomics(a) => {
            let isa: BenchIsa = a.isa.parse()?;
            xisa_bench::check_available(isa)?;
            let mut cfg = if a.quick {
                AtomicsConfig::quick(isa)
            } else {
                AtomicsConfig::full(isa)
            };
            if let Some(o) = &a.ops {
                cfg.ops = parse_ops(o)?;
            }
            if let Some(s) = &a.scopes {
                cfg.scopes = parse_list(s, &Scope::ALL, Scope::name, "scope")?;
            }
            if let Some(s) = &a.spaces {
                cfg.spaces = parse_list(s, &Space::ALL, Space::name, "space")?;
            }
            if let Some(s) = &a.patterns {
                cfg.patterns = parse_list(s, &Pattern::ALL, Pattern::name, "pattern")?;
            }
            if let Some(t) = a.threads {
                if t == 0 {
                    bail!("--threads must be at least 1");
                }
                cfg.threads = vec![t];
            }
            if let Some(r) = a.reps {
                cfg.reps = r.max(1);
            }
            if let Some(k) = a.per_lane {
                if k == 0 {
                    bail!("--per-lane must be at least 1");
                }
                cfg.per_lane(k);
            }
            if a.show_kernel {
                for cell in cfg.cells() {
                    match xisa_bench::gen::generate(isa, &cell, &cfg.work) {
                        Ok(g) => {
                            println!("; {cell}\n{}", g.source);
                            return Ok(());
                        }
                        Err(xisa_bench::Error::CellUnsupported { .. }) => continue,
                        Err(e) => return Err(e.into()),
                    }
                }
                bail!(
                    "no cell of the selection can be expressed in {}",
                    isa.name()
                );
            }
            let t0 = std::time::Instant::now();
            eprintln!(
                "xisa bench atomics: isa {}, {} cells, {} x {} lanes x {} atomics per repetition, \
                 {} warm-up + {} repetitions",
                isa.name(),
                cfg.cells().len(),
                cfg.work.groups,
                cfg.work.block,
                cfg.work.per_lane,
                cfg.warmup,
                cfg.reps
            );
            let (results, skipped) = xisa_bench::measure::run_atomics(&cfg, &mut |d, n, c| {
                progress(d, n, &c.to_string(), t0)
            })?;
            print!("{}", report::table(&results));
            println!();
            print!("{}", report::summary(&results));
            print!("{}", report::skipped(&skipped));
            if let Some(p) = &a.csv {
                write_atomic(p, report::csv(&results).as_bytes())?;
                println!("wrote {}", p.display());
            }
            if let Some(p) = &a.svg {
                let title = format!(
                    "xisa bench atomics ({}): time per lane-operation, translated / native",
                    isa.name()
                );
                write_atomic(p, report::svg(&results, &title)?.as_bytes())?;
                println!("wrote {}", p.display());
            }
            println!(
                "{} cells measured, {} skipped, in {:.1} s",
                results.len(),
                skipped.len(),
                t0.elapsed().as_secs_f64()
            );
        }
        BenchCmd::Launch(a) if a.module.is_some() => {
            let p = a.module.as_deref().unwrap_or(Path::new(""));
            let bytes = std::fs::read(p).with_context(|| p.display().to_string())?;
            let (res, failed) =
                xisa_bench::kernels::module_cold_jit(&bytes, &p.display().to_string())?;
            print!("{}", xisa_bench::kernels::cold_jit_table(&res));
            for f in &failed {
                println!("not lifted: {f}");
            }
            println!(
                "cold jit: lift (with the lockstep pass) + uniform hoisting and Cranelift \
                 compilation, per kernel, one thread"
            );
        }
        BenchCmd::Launch(a) => {
            let mut cfg = xisa_bench::kernels::KernelsConfig::quick();
            select_kernels(&mut cfg, &a.select)?;
            let results = xisa_bench::kernels::run_launches(&cfg, a.reps)?;
            print!("{}", xisa_bench::kernels::launch_table(&results));
            println!(
                "cold jit: lift + compile at the first launch on a fresh device; relaunch: \
                 one workgroup, the code cached, wall time of Device::launch"
            );
        }
        BenchCmd::Process(a) => {
            let mut cfg = xisa_bench::kernels::KernelsConfig::full();
            cfg.threads = a.threads;
            cfg.elements = a.elements;
            cfg.reps = a.reps.max(1);
            select_kernels(&mut cfg, &a.select)?;
            let xisa = std::env::current_exe().context("the xisa executable")?;
            let t0 = std::time::Instant::now();
            let results = xisa_bench::process::run_process(&cfg, &xisa, &mut |d, n, k| {
                progress(d, n, k, t0)
            })?;
            print!("{}", xisa_bench::process::table(&results));
            println!(
                "whole processes, inputs and outputs in files; POCL: the OpenCL C twin, \
                 program from POCL's cache; outputs compared for every run"
            );
        }
        BenchCmd::Kernels(a) => {
            let mut cfg = if a.quick {
                xisa_bench::kernels::KernelsConfig::quick()
            } else {
                xisa_bench::kernels::KernelsConfig::full()
            };
            cfg.threads = a.threads;
            cfg.engine = a
                .engine
                .parse()
                .map_err(|e: xisa::Error| xisa_bench::Error::Args(e.to_string()))?;
            select_kernels(&mut cfg, &a.select)?;
            if let Some(e) = a.elements {
                cfg.elements = e;
            }
            if let Some(r) = a.reps {
                cfg.reps = r.max(1);
            }
            let t0 = std::time::Instant::now();
            let results =
                xisa_bench::kernels::run_kernels(&cfg, &mut |d, n, k| progress(d, n, k, t0))?;
            print!("{}", xisa_bench::kernels::table(&results));
            println!("outputs: translated == rayon for every kernel");
            println!("{}", xisa_bench::kernels::pocl_status());
            if let Some(p) = &a.csv {
                write_atomic(p, xisa_bench::kernels::csv(&results).as_bytes())?;
                println!("wrote {}", p.display());
            }
            println!(
                "{} kernel builds in {:.1} s",
                results.len(),
                t0.elapsed().as_secs_f64()
            );
        }
    }
    Ok(())
}

/// Applies `--only` and `--builds` (comma-separated lists) to a bench
/// kernels configuration.
fn select_kernels(
    cfg: &mut xisa_bench::kernels::KernelsConfig,
    select: &SelectArgs,
) -> Result<(), xisa_bench::Error> {
    if let Some(o) = &select.only {
        cfg.only = o.split(',').map(|s| s.trim().to_string()).collect();
    }
    if let Some(b) = &select.builds {
        cfg.builds = b
            .split(',')
            .map(|s| xisa_bench::kernels::Build::parse(s.trim()))
            .collect::<Result<_, _>>()?;
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let r = match cli.cmd {
        Cmd::Run(a) => cmd_run(a),
        Cmd::Exec(a) => cmd_exec(a),
        Cmd::Disasm(a) => cmd_disasm(a),
        Cmd::Asm(a) => cmd_asm(a),
        Cmd::Lift(a) => cmd_lift(a),
        Cmd::Port(a) => cmd_port(a),
        Cmd::Isas => cmd_isas(),
        Cmd::Bench(c) => cmd_bench(c),
    };
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let code = if e.chain().any(|c| c.is::<ExitTwo>()) {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            };
            let mut msg = format!("error: {e}");
            // Print each cause once: library errors include their cause in
            // their text and do not repeat it as `source()`; a context whose
            // text already ends with its cause's is not repeated either.
            for c in e.chain().skip(1) {
                let c = c.to_string();
                if !msg.ends_with(&c) {
                    msg.push_str(&format!(": {c}"));
                }
            }
            eprintln!("{msg}");
            code
        }
    }
}
