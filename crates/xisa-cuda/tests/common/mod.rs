//! What the driver's tests share: files of NVIDIA's Python wheels,
//! installed with pip when missing.

use std::path::PathBuf;
use std::process::Command;

/// `nvidia/<rel>` from the wheels on this machine's Python path, after
/// installing `wheel` (pinned) when it is missing.
pub fn wheel_file(rel: &str, wheel: &str) -> PathBuf {
    let find = format!(
        "import nvidia, os\nfor r in nvidia.__path__:\n p = os.path.join(r, {rel:?})\n if os.path.exists(p): print(p); break"
    );
    let run = || {
        let o = Command::new("python3").args(["-c", &find]).output().ok()?;
        let s = String::from_utf8(o.stdout).ok()?.trim().to_string();
        (o.status.success() && !s.is_empty()).then_some(s)
    };
    if let Some(p) = run() {
        return p.into();
    }
    let st = Command::new("python3")
        .args(["-m", "pip", "install", "--quiet", wheel])
        .status()
        .expect("pip");
    assert!(st.success(), "pip install {wheel} failed");
    run()
        .unwrap_or_else(|| panic!("nvidia/{rel} after installing {wheel}"))
        .into()
}

/// The CUDA runtime wheel the tests pin (headers, `libcudadevrt.a`).
pub const RUNTIME_WHEEL: &str = "nvidia-cuda-runtime-cu12==12.9.79";
