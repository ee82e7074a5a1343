//! The rules file agrees with the chapter: this test re-parses the seed chapter
//! (independently of `convert.py`) and checks every one of the 301 rows, column by
//! column, against the rules embedded in the crate.

use std::collections::HashMap;

use xisa_lsu::rules::tables;

const SEED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/seeds/003_936408bc7e1f5c9e.txt"
);

struct Row {
    mnemonic: String,
    encoding: String,
    latency: String,
    semantics: String,
    flags: String,
}

fn read_seed() -> String {
    match std::fs::read_to_string(SEED) {
        Ok(s) => s,
        Err(e) => panic!(
            "the lsu seed chapter is missing: cannot read {SEED}: {e}. \
             The rules are checked against it; put shared/seeds/ beside the repository."
        ),
    }
}

/// Splits a table row `name | enc | lat | semantics | flags |`; the semantics may
/// itself contain ` | ` (e.g. `M[A] | data`), so take three fields from the left
/// and the flags from the right.
fn split_row(line: &str) -> Option<Row> {
    let body = line.trim_end().strip_suffix('|')?.trim_end();
    let mut left = body.splitn(4, " | ");
    let (mn, enc, lat, rest) = (left.next()?, left.next()?, left.next()?, left.next()?);
    let (sem, flags) = rest.rsplit_once(" | ")?;
    Some(Row {
        mnemonic: mn.trim().into(),
        encoding: enc.trim().into(),
        latency: lat.trim().into(),
        semantics: sem.trim().into(),
        flags: flags.trim().into(),
    })
}

/// The addressing classes by the chapter's address formula, first match
/// first: (match at the start rather than anywhere, text, class).
const ADDRESSING: [(bool, &str, &str); 9] = [
    (true, "A = s1_64 + sext(imm)", "global"),
    (true, "A = U64[u2] + zext(s1) + sext(imm)", "ubase"),
    (true, "A = DESC(u2..u2+3).base + s1 + sext(imm)", "buf"),
    (false, "workgroup shared 窗口", "shared"),
    (false, "scratch", "scratch"),
    (true, "A = U64[u1] + u2 +", "u64x"),
    (true, "A = U64[u1] + sext", "u64"),
    (true, "A = DESC(u1..u1+3).base + u2 +", "ubufx"),
    (true, "A = DESC(u1..u1+3).base + sext", "ubuf"),
];

/// The atomic operations by a phrase of their semantics, first match first.
const ATOMIC_OPS: [(&str, &str); 16] = [
    ("binary32", "fadd"),
    ("minimumNumber", "fmin"),
    ("maximumNumber", "fmax"),
    ("data0", "cmpxchg"),
    ("old + 1", "inc"),
    ("old - 1", "dec"),
    ("min_s", "mins"),
    ("max_s", "maxs"),
    ("min_u", "minu"),
    ("max_u", "maxu"),
    ("交换", "xchg"),
    ("M[A] + data", "add"),
    ("M[A] - data", "sub"),
    ("M[A] & data", "and"),
    ("M[A] | data", "or"),
    ("M[A] ^ data", "xor"),
];

/// The digits right after the first `marker` in `text` (empty when none
/// follow); `None` without a `marker`.
fn digits_after(text: &str, marker: &str) -> Option<String> {
    let i = text.find(marker)?;
    Some(
        text[i + marker.len()..]
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect(),
    )
}

/// The semantics class, derived here from the chapter's wording (a second,
/// independent reading of the same text `convert.py` classifies).
fn semclass(mn: &str, sem: &str) -> String {
    let addr = ADDRESSING
        .iter()
        .find(|&&(prefix, key, _)| {
            if prefix {
                sem.starts_with(key)
            } else {
                sem.contains(key)
            }
        })
        .map_or("none", |r| r.2);
    let act = if let Some(i) = sem.find("级 ") {
        let scope = if sem.contains("device 级") {
            "device"
        } else {
            "system"
        };
        let order = &sem[i + "级 ".len()..];
        let order = order.trim_end_matches('）');
        format!("fence.{scope}.{order}")
    } else if let Some(bits) = digits_after(sem, "读取 ") {
        let ext = if sem.contains("零扩展") {
            "zx"
        } else if sem.contains("符号扩展") {
            "sx"
        } else {
            "b"
        };
        format!("ld.{ext}{bits}")
    } else if let Some(i) = sem.find("写入 A") {
        let before = &sem[..i];
        let bits: String = before
            .trim_end_matches(" 位")
            .trim_end()
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_digit())
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let bits = bits
            .trim_start_matches(|c: char| !c.is_ascii_digit())
            .to_string();
        format!("st.b{bits}")
    } else if let Some(n) = digits_after(sem, "加载 ") {
        format!("uld.dw{n}")
    } else {
        let at = if sem.contains("L2 原子") {
            "l2"
        } else {
            "wg"
        };
        let body = sem.split_once("：").map(|x| x.1).unwrap_or("");
        let op = ATOMIC_OPS
            .iter()
            .find(|(key, _)| body.contains(key))
            .unwrap_or_else(|| panic!("{mn}: unrecognised atomic semantics {sem:?}"))
            .1;
        let bits = if mn.contains("64") { "64" } else { "32" };
        let rtn = if sem.contains("旧值写回 rd") {
            ".rtn"
        } else {
            ""
        };
        format!("atom.{at}.{op}.{bits}{rtn}")
    };
    format!("{addr}:{act}")
}

#[test]
fn rules_agree_with_the_chapter() {
    let text = read_seed();
    let mut syntax: HashMap<String, String> = HashMap::new();
    let mut rows = Vec::new();
    let mut section_counts = Vec::new();
    for line in text.lines() {
        if line.starts_with('|') || line.trim().is_empty() {
            continue;
        }
        if line.contains(" | ") {
            rows.push(split_row(line).unwrap_or_else(|| panic!("bad row {line:?}")));
            continue;
        }
        // Section headings end with `（N 条）`.
        if let Some(i) = line.rfind("（") {
            if let Some(n) = line[i + "（".len()..].strip_suffix(" 条）") {
                if let Ok(n) = n.parse::<usize>() {
                    section_counts.push(n);
                    continue;
                }
            }
        }
        let mut toks = line.split_whitespace();
        let first = toks.next().unwrap_or("");
        let rest: Vec<&str> = toks.collect();
        if first.contains('.') && first.chars().all(|c| c.is_ascii_alphanumeric() || c == '.') {
            syntax.insert(
                first.to_string(),
                if rest.is_empty() {
                    "-".into()
                } else {
                    rest.join(" ")
                },
            );
        }
    }
    // `6.4 ... 301 条` heading first, then the six groups.
    assert_eq!(
        section_counts,
        vec![3, 40, 30, 104, 104, 20],
        "group headings"
    );
    assert_eq!(rows.len(), 301, "table rows in the chapter");
    let t = tables();
    assert_eq!(t.rules.len(), rows.len(), "rows in rules.tsv");
    let mut checked = 0;
    for (row, rule) in rows.iter().zip(&t.rules) {
        let m = &row.mnemonic;
        assert_eq!(rule.mnemonic, *m, "row order / mnemonic");
        let ops: Vec<String> = rule.operands.iter().map(|o| o.text.clone()).collect();
        let ops = if ops.is_empty() {
            "-".to_string()
        } else {
            ops.join(" ")
        };
        assert_eq!(Some(&ops), syntax.get(m), "{m}: operand signature");
        let mut enc = row.encoding.split_whitespace();
        assert_eq!(enc.next(), Some(rule.format.name()), "{m}: format");
        assert_eq!(enc.next(), Some("op"), "{m}: encoding text");
        let fields: Vec<String> = enc.map(str::to_string).collect();
        let rule_fields: Vec<String> = rule
            .fields
            .iter()
            .map(|(n, v)| format!("{n}={v:#x}"))
            .collect();
        assert_eq!(rule_fields, fields, "{m}: field values");
        assert_eq!(rule.latency, row.latency, "{m}: latency class");
        assert_eq!(rule.flags.join(" "), row.flags, "{m}: flags");
        assert_eq!(
            rule.semclass,
            semclass(m, &row.semantics),
            "{m}: semantics class"
        );
        // The flags and the semantics class tell the same story.
        let f = |x: &str| rule.flags.iter().any(|y| y == x);
        let sc = &rule.semclass;
        assert_eq!(
            f("ld"),
            sc.contains(":ld.") || sc.contains(":uld."),
            "{m}: ld flag"
        );
        assert_eq!(f("st"), sc.contains(":st."), "{m}: st flag");
        assert_eq!(f("at"), sc.contains(":atom."), "{m}: at flag");
        assert_eq!(
            f("bc"),
            sc.starts_with("buf") || sc.starts_with("ubuf"),
            "{m}: bc flag"
        );
        assert_eq!(
            f("ei"),
            sc.contains(":uld.") || sc.contains(":fence."),
            "{m}: ei flag"
        );
        assert_eq!(
            f("ei"),
            row.semantics.contains("无视 EXEC") || m.starts_with("cache"),
            "{m}: EXEC"
        );
        checked += 1;
    }
    assert_eq!(checked, 301);
    eprintln!("{checked} rules rows agree with the chapter");
}

/// The generated file is what the checked-in converter writes today.
#[test]
fn converter_output_is_checked_in() {
    let _ = read_seed();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../translation-rules/lsu");
    let out = std::env::temp_dir().join(format!("lsu-rules-{}.tsv", std::process::id()));
    let status = std::process::Command::new("python3")
        .arg(format!("{dir}/convert.py"))
        .arg(SEED)
        .arg(&out)
        .status();
    match status {
        Ok(s) if s.success() => {
            let fresh = std::fs::read_to_string(&out).expect("converter output");
            let _ = std::fs::remove_file(&out);
            assert_eq!(
                fresh,
                xisa_lsu::rules::RULES_TSV,
                "rules.tsv is stale: rerun convert.py"
            );
        }
        Ok(s) => panic!("convert.py failed: {s}"),
        // No Python on this machine: the row-by-row check above still runs.
        Err(e) => eprintln!("python3 not available ({e}); skipping the converter re-run"),
    }
}
