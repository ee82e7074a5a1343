//! The fat binary NVIDIA ships in the CUDA runtime wheel's
//! `libcudadevrt.a` (installed when missing): every entry's payload is
//! LZ4-compressed; the reader finds the sm_75 cubin and decompresses it to
//! the size its header states, a CUDA ELF for sm_75.

mod common;

use object::read::archive::ArchiveFile;
use object::{Object, ObjectSection};

/// `libcudadevrt.a` of the pinned wheel.
fn devrt() -> Vec<u8> {
    let path = common::wheel_file("cuda_runtime/lib/libcudadevrt.a", common::RUNTIME_WHEEL);
    std::fs::read(path).unwrap()
}

#[test]
fn nvidias_compressed_fat_binary_yields_its_sm75_cubin() {
    let ar = devrt();
    let archive = ArchiveFile::parse(&ar[..]).expect("an ar archive");
    let mut found = Vec::new();
    for member in archive.members() {
        let member = member.unwrap();
        let data = member.data(&ar[..]).unwrap();
        let Ok(obj) = object::File::parse(data) else {
            continue;
        };
        for sec in obj.sections() {
            if matches!(sec.name(), Ok(".nv_fatbin" | "__nv_relfatbin")) {
                found.push(sec.data().unwrap().to_vec());
            }
        }
    }
    assert!(!found.is_empty(), "no fat binary in libcudadevrt.a");
    let fat = &found[0];
    let what = cuda::fatbin::describe(fat);
    assert!(what.contains("sm_75 cubin (LZ4)"), "{what}");
    let entries = cuda::fatbin::entries(fat).unwrap();
    let e75 = entries
        .iter()
        .find(|e| e.kind == 2 && e.arch == 75)
        .unwrap();
    let Some(cuda::fatbin::Code::Cubin(cubin)) = cuda::fatbin::pick(fat, 75).unwrap() else {
        panic!("no sm_75 cubin picked from {what}");
    };
    assert_eq!(cubin.len() as u64, e75.uncompressed);
    let elf = object::File::parse(&cubin[..]).expect("the cubin is an ELF file");
    assert_eq!(elf.architecture(), object::Architecture::Unknown);
    // EM_CUDA, and the SM in the low byte of e_flags.
    assert_eq!(u16::from_le_bytes([cubin[18], cubin[19]]), 190);
    assert_eq!(cubin[48], 75);
    // Every entry decompresses to what its header says.
    for e in &entries {
        assert_eq!(
            e.data().unwrap().len() as u64,
            e.uncompressed,
            "sm_{}",
            e.arch
        );
    }
}
