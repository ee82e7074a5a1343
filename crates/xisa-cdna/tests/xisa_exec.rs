//! The seed fragment through the library's `xisa exec` path (`Module::from_bytes`
//! with `--isa cdna5`, the JSON state format, wave32, the `exec: i1` convention),
//! on both engines, from text and from binary.

use xisa::exec::{exec, State};
use xisa::{Device, Engine, Isa, Module};

const STATE: &str = r#"{
  "isa": "cdna5", "lanes": 32, "exec": "0x5",
  "regs": { "s0": "0x00000000", "s1": "0x1", "v0": [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60,
             64, 68, 72, 76, 80, 84, 88, 92, 96, 100, 104, 108, 112, 116, 120, 124],
            "v2": "0x3f003f80", "v1": "0x12345678" },
  "memory": [ { "space": "global", "addr": "0x100000000", "hex": "803f0040803f0040803f0040" },
              { "space": "global", "addr": "0x100000100", "hex": "01000000020000000300000004000000" } ],
  "read_back": [ { "space": "global", "addr": "0x100000000", "bytes": 12 } ]
}"#;

#[test]
fn seed_fragment_through_xisa_exec() {
    let text = "global_atomic_pk_add_bf16 v0, v2, s[0:1]\nglobal_atomic_add_u32 v1, v0, v1, s[0:1] offset:256 th:TH_ATOMIC_RETURN scope:SCOPE_SYS\n";
    let bin = xisa_cdna::cdna5::assemble(text).unwrap();
    let dev = Device::new().unwrap();
    let state: State = serde_json::from_str(STATE).unwrap();
    for src in [text.as_bytes(), &bin[..]] {
        let m = Module::from_bytes(src, "frag", Some(Isa::named("cdna5").unwrap())).unwrap();
        assert_eq!(m.pick_kernel(None).unwrap().wave_size, 32);
        for engine in [Engine::Interp, Engine::Jit] {
            let dev_state = exec(&dev, &m, &state, engine, None).unwrap();
            // Lanes 0 and 2 are active: words 0 and 2 get 1.0|2.0 + 1.0|0.5 = 2.0|2.5;
            // word 1 (lane 1, inactive) keeps its value.
            assert_eq!(
                dev_state.read_back[0].hex, "00402040803f004000402040",
                "{engine:?}"
            );
            // add_u32 at s[0:1] + v0 + 256 returns the old words 1 and 3 (lanes 0, 2).
            let v1 = &dev_state.wave_states[0].regs["v1"];
            assert_eq!(v1[0], "0x00000001");
            assert_eq!(v1[1], "0x12345678", "inactive lane keeps v1");
            assert_eq!(v1[2], "0x00000003");
        }
    }
    assert_eq!(Isa::named("cdna5").unwrap().info().wave_size, 32);
}
