//! Many waves on all cores doing `.rtn` atomics on shared addresses: exact totals
//! and unique returned tickets, on every engine.

mod common;

use std::sync::Mutex;

use common::*;
use xisa_runtime::{launch, LaunchConfig, GUEST_BASE};

/// Runs `src` on `groups` workgroups of `lanes` lanes (all cores), with `init`
/// setting registers by name; returns `v0`/`v1` of every lane and the global bytes.
fn run(
    src: &str,
    engine: Engine,
    groups: u32,
    lanes: u32,
    init: &(dyn Fn(u64, u32, &str) -> u32 + Sync),
) -> (Vec<u64>, Vec<u8>) {
    let insts = xisa_lsu::parse_program(src).unwrap();
    let k = xisa_lsu::lift(&insts, &xisa_lsu::LiftOptions { wave_size: 32 }).unwrap();
    let mem = memory(256);
    let p = program(&k, engine);
    let names: Vec<String> = k.regs.iter().map(|r| r.name.clone()).collect();
    let v0 = names.iter().position(|n| n == "v0");
    let v1 = names.iter().position(|n| n == "v1");
    let out = Mutex::new(Vec::new());
    let init_fn = |wg: u64, lane: u32, regs: &mut [u64]| -> bool {
        for (i, n) in names.iter().enumerate() {
            regs[i] = if n == "exec" {
                1
            } else {
                init(wg, lane, n) as u64
            };
        }
        true
    };
    let fin = |wg: u64, lane: u32, regs: &[u64]| {
        let lo = v0.map(|i| regs[i]).unwrap_or(0);
        let hi = v1.map(|i| regs[i]).unwrap_or(0);
        out.lock().unwrap().push((wg, lane, lo | hi << 32));
    };
    let cfg = LaunchConfig {
        grid: [groups, 1, 1],
        block: [lanes, 1, 1],
        dyn_shared: 64,
        dyn_shared_size: 64,
        grid_id: 1,
        threads: 0,
        timeout: Some(std::time::Duration::from_secs(60)),
        init: Some(&init_fn),
        finish: Some(&fin),
        ..LaunchConfig::default()
    };
    launch(&k, p.as_ref(), &mem, &cfg).unwrap_or_else(|e| panic!("{src}: {e}"));
    // Finish hooks of different workgroups interleave: order by (workgroup, lane).
    let mut o = out.into_inner().unwrap();
    o.sort_unstable();
    (
        o.into_iter().map(|x| x.2).collect(),
        mem.read_vec(GUEST_BASE, 256).unwrap(),
    )
}

fn unique_tickets(mut t: Vec<u64>, n: u64) {
    t.sort_unstable();
    assert_eq!(
        t,
        (0..n).collect::<Vec<_>>(),
        "tickets are not 0..{n} exactly once"
    );
}

/// The low dwords of returned values (the tickets of 32-bit atomics).
fn lows(t: &[u64]) -> Vec<u64> {
    t.iter().map(|x| x & 0xffff_ffff).collect()
}

/// The little-endian dword at byte `off` of global memory.
fn word(m: &[u8], off: usize) -> u64 {
    u32::from_le_bytes(m[off..off + 4].try_into().unwrap()) as u64
}

const GROUPS: u32 = 96;

#[test]
fn device_atomics_give_exact_totals_and_unique_tickets() {
    let a = GUEST_BASE + 64;
    let desc = |n: &str| match n {
        "u4" => GUEST_BASE as u32,
        "u5" => (GUEST_BASE >> 32) as u32,
        "u6" => 256,
        "v2" => 64, // buffer offset / ubase offset
        _ => 0,
    };
    for engine in engines() {
        let total = GROUPS as u64 * 64;
        // Every device atomic below: GROUPS workgroups of 64 lanes.
        let run64 = |src: &str, init: &(dyn Fn(u64, u32, &str) -> u32 + Sync)| {
            run(src, engine, GROUPS, 64, init)
        };
        // global u32 add.
        let (t, m) = run64(
            "atom.global.add.u32.rtn v0, v[2:3], 0",
            &|_, _, n| match n {
                "v0" => 1,
                "v2" => a as u32,
                "v3" => (a >> 32) as u32,
                _ => 0,
            },
        );
        unique_tickets(lows(&t), total);
        assert_eq!(word(&m, 64), total);
        // ubase u64 add (the high words carry: add 1 << 32 | 1 so both halves count).
        let (t, m) = run64(
            "atom.ubase.add.u64.rtn v[0:1], u[4:5], v2, 0",
            &|_, _, n| match n {
                "v0" => 1,
                "v1" => 1,
                n => desc(n),
            },
        );
        assert!(t.iter().all(|x| x >> 32 == x & 0xffff_ffff));
        unique_tickets(lows(&t), total);
        assert_eq!(
            u64::from_le_bytes(m[64..72].try_into().unwrap()),
            total << 32 | total
        );
        // buf inc with a wrap limit above the total: tickets 0..total.
        let (t, m) = run64(
            "atom.buf.inc.u32.rtn v0, u[4:7], v2, 8",
            &|_, _, n| match n {
                "v0" => u32::MAX,
                n => desc(n),
            },
        );
        unique_tickets(lows(&t), total);
        assert_eq!(word(&m, 72), total);
        // cmpxchg spin-free claim: every lane tries to swap 0 -> its id + 1; exactly
        // one wins, everyone sees the winner or 0.
        let (t, m) = run64(
            "atom.global.cmpxchg.b32.rtn v[0:1], v[2:3], 16",
            &|wg, l, n| match n {
                "v0" => 0,
                "v1" => (wg * 64 + l as u64 + 1) as u32,
                "v2" => a as u32,
                "v3" => (a >> 32) as u32,
                _ => 0,
            },
        );
        let winner = word(&m, 80);
        assert!(winner >= 1 && winner <= total);
        assert_eq!(t.iter().filter(|&&x| x & 0xffff_ffff == 0).count(), 1);
        assert!(t
            .iter()
            .all(|&x| x & 0xffff_ffff == 0 || x & 0xffff_ffff == winner));
    }
}

#[test]
fn shared_atomics_within_a_workgroup() {
    // 8 waves of 32 lanes in each workgroup share one shared counter; every
    // workgroup publishes its total with a device atomic.
    let src = "atom.shared.add.u32.rtn v0, v2, 8\n\
               atom.shared.add.u64.rtn v[4:5], v2, 16\n\
               atom.global.add.u32 v6, v[8:9], 0";
    let a = GUEST_BASE + 128;
    for engine in engines() {
        let (t, m) = run(src, engine, GROUPS, 256, &|_, _, n| match n {
            "v0" => 1,
            "v2" => 0,
            "v4" => 1,
            "v6" => 1,
            "v8" => a as u32,
            "v9" => (a >> 32) as u32,
            _ => 0,
        });
        // Per workgroup, tickets 0..256 exactly once.
        assert_eq!(t.len(), GROUPS as usize * 256);
        let mut per = vec![Vec::new(); GROUPS as usize];
        // Ordered by (workgroup, lane): chunks of 256 are workgroups.
        for (g, chunk) in t.chunks(256).enumerate() {
            per[g] = lows(chunk);
        }
        for p in per {
            unique_tickets(p, 256);
        }
        assert_eq!(word(&m, 128), GROUPS as u64 * 256);
    }
}
