//! Embedding xisa in a program's tests: load a module, fill buffers, launch,
//! read back, and inspect a guest fault.
//!
//! Run with `cargo run -p xisa --example embed`.

use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};

const SAXPY: &str = "
kernel @saxpy(%x: i64, %y: i64, %a: f32, %n: i32) {
  reg %i: i32, %p: i1, %off: i64, %xv: f32, %yv: f32, %px: i64, %py: i64, %b: i32, %d: i32
entry:
  %i = special.tid.x
  %b = special.ctaid.x
  %d = special.ntid.x
  %i = mad.i32 %b, %d, %i
  %p = icmp.uge.i32 %i, %n
  brc %p, done, body
body:
  %off = cvt.zext.i64.i32 %i
  %off = shl.i64 %off, 2
  %px = add.i64 %x, %off
  %py = add.i64 %y, %off
  %xv = ld.global.b32 [%px]
  %yv = ld.global.b32 [%py]
  %yv = fma.f32 %a, %xv, %yv
  st.global.b32 [%py], %yv
  br done
done:
  exit
}
";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let module = Module::from_bytes(SAXPY.as_bytes(), "saxpy.xir", None)?;
    let dev = Device::new()?;
    let n = 10_000u32;
    let x: Vec<u8> = (0..n).flat_map(|i| (i as f32).to_le_bytes()).collect();
    let y: Vec<u8> = (0..n).flat_map(|_| 1.0f32.to_le_bytes()).collect();
    let (xb, yb) = (dev.upload(&x)?, dev.upload(&y)?);
    for engine in [Engine::Interp, Engine::Jit] {
        dev.write(yb, &y)?;
        let opts = LaunchOptions {
            grid: [n.div_ceil(256), 1, 1],
            block: [256, 1, 1],
            engine,
            ..LaunchOptions::default()
        };
        let args = [
            ArgSpec::Ptr(xb),
            ArgSpec::Ptr(yb),
            ArgSpec::F32(2.0),
            ArgSpec::U32(n),
        ];
        let rep = dev.launch(&module, "saxpy", &opts, &args)?;
        let out = dev.read(yb, 4 * n as usize)?;
        let last = f32::from_le_bytes(out[out.len() - 4..].try_into()?);
        println!(
            "{engine}: y[{}] = {last} (expected {}), {} instructions in {:.2} ms",
            n - 1,
            2.0 * (n - 1) as f32 + 1.0,
            rep.stats.insts,
            rep.stats.wall.as_secs_f64() * 1e3
        );
    }
    // A guest bug: n larger than the buffers. The launch stops with a fault
    // naming the kernel, the location, the lane and the address.
    let opts = LaunchOptions {
        grid: [64, 1, 1],
        block: [256, 1, 1],
        ..LaunchOptions::default()
    };
    let args = [
        ArgSpec::Ptr(xb),
        ArgSpec::Ptr(yb),
        ArgSpec::F32(2.0),
        ArgSpec::U32(n * 2),
    ];
    match dev.launch(&module, "saxpy", &opts, &args) {
        Err(e) => println!("as expected: {e}"),
        Ok(_) => println!("unexpected: no fault"),
    }
    Ok(())
}
