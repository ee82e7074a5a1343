//! The shared library answers to the name programs load: `libcuda.so.1`.
fn main() {
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libcuda.so.1");
}
