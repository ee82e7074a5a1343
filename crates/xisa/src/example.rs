//! The bundled example that `xisa run` runs without arguments: a byte
//! histogram with shared- and global-memory atomics, barriers and a warp
//! reduction, checked against a host computation.

use crate::device::{ArgSpec, Device, Engine, LaunchOptions, RunReport};
use crate::error::Result;
use crate::module::Module;

/// The example's IR source.
pub const HISTOGRAM_IR: &str = include_str!("example.xir");

/// What the example did.
#[derive(Debug, Clone)]
pub struct ExampleReport {
    /// Bytes histogrammed.
    pub bytes: usize,
    /// The launch.
    pub run: RunReport,
    /// The guest's histogram equals the host's.
    pub histogram_ok: bool,
    /// The guest's checksum equals the host's.
    pub checksum_ok: bool,
    /// The checksum.
    pub checksum: u32,
    /// The most frequent byte and its count.
    pub top: (u8, u32),
}

/// Deterministic pseudo-random input (a 64-bit LCG; skewed so the histogram is
/// not flat).
pub fn input(len: usize) -> Vec<u8> {
    let mut s = 0x2545_f491_4f6c_dd1du64;
    (0..len)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let a = (s >> 33) as u8;
            let b = (s >> 45) as u8;
            a.min(b)
        })
        .collect()
}

/// Runs the example on `engine`.
pub fn run(engine: Engine, stats: bool) -> Result<ExampleReport> {
    let module = Module::from_bytes(HISTOGRAM_IR.as_bytes(), "<bundled histogram>", None)?;
    let dev = Device::new()?;
    let data = input(1 << 20);
    let opts = LaunchOptions {
        grid: [64, 1, 1],
        block: [256, 1, 1],
        engine,
        stats,
        ..LaunchOptions::default()
    };
    let args = [
        ArgSpec::Bytes(data.clone()),
        ArgSpec::U32(data.len() as u32),
        ArgSpec::Zeros(256 * 4),
        ArgSpec::Zeros(4),
    ];
    let run = dev.launch(&module, "histogram", &opts, &args)?;
    let (hist_buf, sum_buf) = (
        run.buffers[2].unwrap_or_default(),
        run.buffers[3].unwrap_or_default(),
    );
    let hist: Vec<u32> = dev
        .read(hist_buf.addr, 1024)?
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let s = dev.read(sum_buf.addr, 4)?;
    let checksum = u32::from_le_bytes([s[0], s[1], s[2], s[3]]);
    let mut want = vec![0u32; 256];
    for &b in &data {
        want[b as usize] += 1;
    }
    let want_sum = data.iter().map(|&b| b as u32).fold(0u32, u32::wrapping_add);
    let top = (0..256)
        .max_by_key(|&i| hist[i])
        .map(|i| (i as u8, hist[i]))
        .unwrap_or((0, 0));
    Ok(ExampleReport {
        bytes: data.len(),
        histogram_ok: hist == want,
        checksum_ok: checksum == want_sum,
        checksum,
        top,
        run,
    })
}
